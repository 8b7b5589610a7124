import type { FastifyInstance } from 'fastify';
import { MarkNotificationsReadBody } from '@allot/shared-events';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { sendUnauthorized } from '../session/unauthorized.js';

/**
 * POST /api/notifications/read: the signed-in person marks notifications of theirs read (by id,
 * or all up to the newest they saw). A session is all it needs; the command checks whose they are.
 */
export function notificationRoutes(
  fastify: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  fastify.post('/api/notifications/read', async (request, reply) => {
    const userId = request.session?.workingUserId;
    if (!userId) return sendUnauthorized(reply);
    const body = parseRequest(MarkNotificationsReadBody, request.body);
    return fastify.commandBus.execute(
      'MarkNotificationsRead',
      { userId, ids: body.ids, upTo: body.upTo },
      commandOptionsFor(request),
    );
  });
  done();
}
