import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEFAULT_THEME, userSettings, users } from '@allot/shared-events';
import type { ResourceReader } from './reader.js';
import { findRecord, getRecord } from './query.js';
import { sendError } from '../../http/viewer.js';
import { requiresRead } from '../../http/routeRequirement.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const UserParams = z.object({ userId: z.string().trim().min(1).max(100) });

/** Spec §7 users: the session user's own record and roles, faculty profiles, the collection alias. */
export function userRoutes(fastify: FastifyInstance, reader: ResourceReader): void {
  const table = () => reader.table(users);

  fastify.get(
    '/api/collection/users',
    { config: requiresRead(users.subject) },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return reply;
      const scope = reader.readScope(users, viewer, reply);
      if (scope === null) return reply;
      return reader.list(users, request, reply, scope);
    },
  );

  fastify.get('/api/users/current', async (request, reply) => {
    const viewer = reader.viewer(request, reply);
    if (!viewer) return reply;
    const me = await getRecord(reader.knex, await table(), viewer.userId);
    return me ?? sendError(reply, 404, 'Your user record does not exist.');
  });

  fastify.get('/api/users/current/roles', async (request, reply) => {
    const viewer = reader.viewer(request, reply);
    if (!viewer) return reply;
    const me = await getRecord(reader.knex, await table(), viewer.userId);
    return me ? (me.Roles ?? []) : sendError(reply, 404, 'Your user record does not exist.');
  });

  fastify.get('/api/users/facultyProfile/:userId', async (request, reply) => {
    const viewer = reader.viewer(request, reply);
    if (!viewer) return reply;
    const params = UserParams.safeParse(request.params);
    if (!params.success) {
      return sendError(reply, 400, 'The request is not valid.', [
        { field: 'userId', message: 'must be a user id' },
      ]);
    }
    const { userId } = params.data;
    // Faculty see their own profile; reading others' needs read on User.
    if (userId !== viewer.userId && !viewer.ability.can('read', 'User')) {
      return sendError(reply, 403, 'You are not allowed to see this profile.');
    }
    const user = await getRecord(reader.knex, await table(), userId);
    if (!user) return sendError(reply, 404, `No user with id ${userId}.`);
    return { UserId: userId, ...(isObject(user.FacultyProfile) ? user.FacultyProfile : {}) };
  });

  fastify.get(`/api/${userSettings.path}/mine`, async (request, reply) => {
    const viewer = reader.viewer(request, reply);
    if (!viewer) return reply;
    const mine = await findRecord(reader.knex, await reader.table(userSettings), {
      UserId: viewer.userId,
    });
    // Spec §9: dark until the user chooses.
    return mine ?? { id: null, UserId: viewer.userId, value: DEFAULT_THEME };
  });
}
