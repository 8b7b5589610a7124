import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CreateApiKeyBody, type CreatedApiKeyAnswer } from '@allot/shared-events';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { sendUnauthorized } from '../session/unauthorized.js';
import { requires } from '../authorization/routeRequirement.js';
import { newApiKeyToken } from './apiKeyToken.js';

const Params = z.object({ id: z.string().uuid() });

/** POST /api/apiKeys (answers the key once) and DELETE /api/apiKeys/:id (revokes it). */
export function apiKeyRoutes(
  fastify: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  fastify.post('/api/apiKeys', { config: requires('create', 'ApiKey') }, async (request, reply) => {
    const session = request.session;
    if (!session) return sendUnauthorized(reply);
    const body = parseRequest(CreateApiKeyBody, request.body);
    const { apiKeyId, token, secretSha256 } = newApiKeyToken();
    const userId = body.userId ?? session.workingUserId;
    const result = await fastify.commandBus.execute(
      'CreateApiKey',
      { apiKeyId, userId, name: body.name, secretSha256, createdBy: session.workingUserId },
      commandOptionsFor(request),
    );
    // The only time the key is ever shown: only its hash was stored.
    const answer: CreatedApiKeyAnswer = {
      ...result,
      apiKeyId,
      userId,
      name: body.name,
      key: token,
    };
    return reply.code(201).header('cache-control', 'no-store').send(answer);
  });

  fastify.delete(
    '/api/apiKeys/:id',
    { config: requires('update', 'ApiKey') },
    async (request, reply) => {
      if (!request.session) return sendUnauthorized(reply);
      const { id } = parseRequest(Params, request.params);
      return fastify.commandBus.execute(
        'RevokeApiKey',
        { apiKeyId: id, userId: request.session.workingUserId },
        commandOptionsFor(request),
      );
    },
  );

  done();
}
