import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { calendarFeedPath, type IssuedCalendarFeedAnswer } from '@allot/shared-events';
import { z } from 'zod';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { sendUnauthorized } from '../session/unauthorized.js';
import { sha256Hex } from '../apiKeys/apiKeyToken.js';
import { requires } from '../authorization/routeRequirement.js';

/** Neither call takes anything: a body that says more is refused (400), not ignored. */
const NoBody = z.strictObject({}).nullish();

/**
 * POST /api/calendarFeed/mine makes a new address for the signed-in person's calendar feed (the
 * old one stops working) and answers it this once; DELETE turns the feed off. Whose feed is the
 * session's: no body names anyone.
 */
export function calendarFeedRoutes(
  fastify: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  fastify.post(
    '/api/calendarFeed/mine',
    { config: requires('read', 'MySchedule') },
    async (request, reply) => {
      const userId = request.session?.workingUserId;
      if (!userId) return sendUnauthorized(reply);
      parseRequest(NoBody, request.body);
      // 256 random bits: a plain SHA-256 of it cannot be searched back.
      const token = randomBytes(32).toString('base64url');
      const result = await fastify.commandBus.execute(
        'IssueCalendarFeed',
        { userId, tokenSha256: sha256Hex(token) },
        commandOptionsFor(request),
      );
      const answer: IssuedCalendarFeedAnswer = { ...result, path: calendarFeedPath(token) };
      return reply.code(201).header('cache-control', 'no-store').send(answer);
    },
  );

  fastify.delete(
    '/api/calendarFeed/mine',
    { config: requires('read', 'MySchedule') },
    async (request, reply) => {
      const userId = request.session?.workingUserId;
      if (!userId) return sendUnauthorized(reply);
      parseRequest(NoBody, request.body);
      return fastify.commandBus.execute('StopCalendarFeed', { userId }, commandOptionsFor(request));
    },
  );
  done();
}
