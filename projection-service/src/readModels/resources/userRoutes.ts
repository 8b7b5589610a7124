import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_THEME,
  FacultyProfileAnswer,
  ListQueryString,
  MyUserSettingsAnswer,
  ResourceListAnswer,
  ResourceRecordAnswer,
  UserRolesAnswer,
  userSettings,
  users,
} from '@allot/shared-events';
import type { ResourceReader } from './reader.js';
import { findRecord, getRecord } from './query.js';
import { sendError } from '../../http/viewer.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const UserParams = z.object({ userId: z.string().trim().min(1).max(100) });

/** Spec §7 users: the session user's own record and roles, faculty profiles, the collection alias. */
export function userRoutes(fastify: FastifyInstance, reader: ResourceReader): void {
  const table = () => reader.table(users);
  const app = withAnswers(fastify);

  app.get(
    '/api/collection/users',
    {
      schema: { querystring: ListQueryString, response: { 200: ResourceListAnswer } },
      config: requiresRead(users.subject),
    },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      const scope = reader.readScope(users, viewer, reply);
      if (scope === null) return answered(reply);
      return (await reader.list(users, request, reply, scope)) ?? answered(reply);
    },
  );

  app.get(
    '/api/users/current',
    { schema: { response: { 200: ResourceRecordAnswer } } },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      const me = await getRecord(reader.knex, await table(), viewer.userId);
      return me ?? answered(sendError(reply, 404, 'Your user record does not exist.'));
    },
  );

  app.get(
    '/api/users/current/roles',
    { schema: { response: { 200: UserRolesAnswer } } },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      const me = await getRecord(reader.knex, await table(), viewer.userId);
      // The record's Roles, as the users kind declares them (the command checked them).
      return me
        ? ((me.Roles ?? []) as UserRolesAnswer)
        : answered(sendError(reply, 404, 'Your user record does not exist.'));
    },
  );

  app.get(
    '/api/users/facultyProfile/:userId',
    { schema: { response: { 200: FacultyProfileAnswer } } },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      const params = UserParams.safeParse(request.params);
      if (!params.success) {
        return answered(
          sendError(reply, 400, 'The request is not valid.', [
            { field: 'userId', message: 'must be a user id' },
          ]),
        );
      }
      const { userId } = params.data;
      // Faculty see their own profile; reading others' needs read on User.
      if (userId !== viewer.userId && !viewer.ability.can('read', 'User')) {
        return answered(sendError(reply, 403, 'You are not allowed to see this profile.'));
      }
      const user = await getRecord(reader.knex, await table(), userId);
      if (!user) return answered(sendError(reply, 404, `No user with id ${userId}.`));
      // The record's FacultyProfile, as the users kind declares it.
      const profile = (isObject(user.FacultyProfile) ? user.FacultyProfile : {}) as Omit<
        FacultyProfileAnswer,
        'UserId'
      >;
      return { UserId: userId, ...profile };
    },
  );

  app.get(
    `/api/${userSettings.path}/mine`,
    { schema: { response: { 200: MyUserSettingsAnswer } } },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      const mine = await findRecord(reader.knex, await reader.table(userSettings), {
        UserId: viewer.userId,
      });
      // Spec §9: dark until the user chooses. A stored record holds the kind's fields.
      const chosen = mine as MyUserSettingsAnswer | null;
      const unchosen: MyUserSettingsAnswer = {
        id: null,
        UserId: viewer.userId,
        value: DEFAULT_THEME,
      };
      return chosen ?? unchosen;
    },
  );
}
