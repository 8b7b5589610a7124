import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MergeUsersBody,
  SetWorkingPeriodBody,
  StartMasqueradeBody,
  userMergeStream,
  type MasqueradeAnswer,
  users,
  type EventStore,
  type SessionCodec,
  type SessionData,
} from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import { requires } from '../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors/errors.js';
import { sessionClearCookie, sessionSetCookie } from '../identity/cookies.js';
import { isApiKeySession } from '../apiKeys/bearerAuth.js';
import type { SessionDirectory } from './sessionDirectory.js';
import { sendUnauthorized } from './unauthorized.js';
import { moveDuplicateData } from './mergeFollowUps.js';
import { mergeDecider } from './userMerge/decider.js';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { loadRecord } from '../resources/loadRecord.js';

export interface SessionRoutesOptions {
  sessionCodec: Pick<SessionCodec, 'encode' | 'decode'>;
  mode: string;
  directory: SessionDirectory;
  /** Where a merge reads the duplicate's workgroups before moving its memberships. */
  store: EventStore;
}

const WorkingParams = z.object({ id: z.string().min(1).max(200) });

/** Re-issues the cookie with another working user; the sid (and so the CSRF token) stays. */
function switchWorkingUser(
  reply: FastifyReply,
  session: SessionData,
  workingUserId: string,
  options: SessionRoutesOptions,
): FastifyReply {
  const now = Date.now();
  const cookie = options.sessionCodec.encode(
    { sid: session.sid, userId: session.userId, workingUserId },
    now,
  );
  const expiresAt = options.sessionCodec.decode(cookie, now)?.expiresAt ?? now;
  const body: MasqueradeAnswer = { authenticatedUserId: session.userId, workingUserId };
  return reply
    .header('set-cookie', sessionSetCookie(options.mode, cookie, (expiresAt - now) / 1000))
    .header('cache-control', 'no-store')
    .send(body);
}

function masquerading(session: SessionData): boolean {
  return session.userId !== session.workingUserId;
}

/**
 * Masquerade (POST/DELETE /api/users/masquerade), the working period (PUT /api/users/:id/working)
 * and merge (POST /api/users/merge). Only admin may masquerade; a masquerading session can neither
 * start another nor change the working period (DESIGN §6).
 */
export function sessionRoutes(
  fastify: FastifyInstance,
  options: SessionRoutesOptions,
  done: (err?: Error) => void,
): void {
  const signedIn = (request: FastifyRequest, reply: FastifyReply): SessionData | null => {
    if (!request.session) void sendUnauthorized(reply);
    return request.session;
  };

  fastify.post(
    '/api/users/masquerade',
    { config: requires('create', 'Masquerade') },
    async (request, reply) => {
      const session = signedIn(request, reply);
      if (!session) return reply;
      if (isApiKeySession(session)) throw new ForbiddenError('An API key cannot masquerade.');
      if (masquerading(session)) {
        throw new ForbiddenError('End the current masquerade before starting another.');
      }
      assertCan(request.ability, 'create', 'Masquerade');
      const { id } = parseRequest(StartMasqueradeBody, request.body);
      if (!(await options.directory.isActiveUser(id)))
        throw new NotFoundError('No such active user.');
      await fastify.commandBus.execute(
        'StartMasquerade',
        { userId: session.userId, workingUserId: id },
        commandOptionsFor(request),
      );
      return switchWorkingUser(reply, session, id, options);
    },
  );

  fastify.delete('/api/users/masquerade', async (request, reply) => {
    const session = signedIn(request, reply);
    if (!session) return reply;
    if (!masquerading(session)) return switchWorkingUser(reply, session, session.userId, options);
    await fastify.commandBus.execute(
      'EndMasquerade',
      { userId: session.userId, workingUserId: session.workingUserId },
      commandOptionsFor(request),
    );
    return switchWorkingUser(reply, session, session.userId, options);
  });

  // Sign out everywhere: every session of the signed-in person (not the one masqueraded as)
  // issued until now is refused, this one included; an API key is revoked on its own.
  fastify.delete('/api/auth/sessions', async (request, reply) => {
    const session = signedIn(request, reply);
    if (!session) return reply;
    if (isApiKeySession(session)) {
      throw new ForbiddenError('An API key is revoked on its own, not signed out.');
    }
    const result = await fastify.commandBus.execute(
      'EndAllSessions',
      { userId: session.userId, before: new Date().toISOString() },
      commandOptionsFor(request),
    );
    return reply
      .header('set-cookie', sessionClearCookie(options.mode))
      .header('cache-control', 'no-store')
      .send(result);
  });

  fastify.put(
    '/api/users/:id/working',
    { config: requires('update', 'WorkingAcademicPeriod') },
    async (request, reply) => {
      const session = signedIn(request, reply);
      if (!session) return reply;
      if (masquerading(session)) {
        throw new ForbiddenError('The working period cannot change while masquerading.');
      }
      const { id } = parseRequest(WorkingParams, request.params);
      const body = parseRequest(SetWorkingPeriodBody, request.body);
      if (body.id !== undefined && body.id !== id) {
        throw new ValidationError([{ field: 'id', message: 'must be the user of the address' }]);
      }
      assertCan(request.ability, 'update', 'WorkingAcademicPeriod');
      if (!(await options.directory.isActiveUser(id)))
        throw new NotFoundError('No such active user.');
      if (!(await options.directory.academicPeriodExists(body.WorkingAcademicPeriodId))) {
        throw new NotFoundError('No such academic period.');
      }
      return fastify.commandBus.execute(
        'SetWorkingAcademicPeriod',
        { userId: id, academicPeriodId: body.WorkingAcademicPeriodId },
        commandOptionsFor(request),
      );
    },
  );

  fastify.post(
    '/api/users/merge',
    { config: requires('merge', 'User') },
    async (request, reply) => {
      const session = signedIn(request, reply);
      if (!session) return reply;
      assertCan(request.ability, 'merge', 'User');
      const { masterId, duplicateId } = parseRequest(MergeUsersBody, request.body);
      // Checked on the users' streams, not on a read model that may not have a new user yet.
      for (const userId of new Set([masterId, duplicateId])) {
        const record = await loadRecord(options.store, users, userId);
        if (!record || record.isActive === false) {
          throw new NotFoundError(`No such active user: ${userId}.`);
        }
      }
      // A user merged away is no master (a second merge of the duplicate the decider refuses).
      const master = await loadAggregate(options.store, mergeDecider, userMergeStream(masterId));
      if (master.state.mergedInto !== null) {
        throw new NotFoundError(`No such active user: ${masterId} was merged into another user.`);
      }
      const execute = commandOptionsFor(request);
      const result = await fastify.commandBus.execute(
        'MergeUsers',
        { masterId, duplicateId },
        execute,
      );
      // The follow-ups are caused by the merge: one correlation id ties them together.
      await moveDuplicateData({
        store: options.store,
        bus: fastify.commandBus,
        directory: options.directory,
        masterId,
        duplicateId,
        execute: { ...execute, correlationId: execute.correlationId ?? result.id },
      });
      return result;
    },
  );

  done();
}
