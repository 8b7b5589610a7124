import type { FastifyInstance } from 'fastify';
import { MarkNotificationsReadBody, NotificationPreferencesBody } from '@allot/shared-events';
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
  // PUT /api/notifications/preferences: the signed-in person's own notification settings.
  fastify.put('/api/notifications/preferences', async (request, reply) => {
    const userId = request.session?.workingUserId;
    if (!userId) return sendUnauthorized(reply);
    const body = parseRequest(NotificationPreferencesBody, request.body);
    return fastify.commandBus.execute(
      'SetNotificationPreferences',
      { userId, ...body },
      commandOptionsFor(request),
    );
  });
  done();
}
