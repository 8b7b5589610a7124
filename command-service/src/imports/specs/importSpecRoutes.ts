import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ImportSpecBody } from '@allot/shared-events';
import { requires } from '../../authorization/routeRequirement.js';
import { commandOptionsFor, parseRequest } from '../../commandHandling/httpCommand.js';

const Params = z.strictObject({ id: z.string().trim().min(1).max(100) });

/**
 * Saved imports (docs/data-services.md "Saved imports"): POST /api/importSpecs, PUT and DELETE
 * /api/importSpecs/:id. Every route needs `read` on DataServices before the body is read; the
 * commands check create, update and delete. Running one is an import run naming it.
 */
export function importSpecRoutes(
  fastify: FastifyInstance,
  _options: unknown,
  done: (err?: Error) => void,
): void {
  const config = requires('read', 'DataServices');

  fastify.post('/api/importSpecs', { config }, async (request, reply) => {
    const body = parseRequest(ImportSpecBody, request.body);
    const result = await fastify.commandBus.execute(
      'CreateImportSpec',
      { ...body, id: randomUUID() },
      commandOptionsFor(request),
    );
    return reply.code(201).send(result);
  });

  fastify.put('/api/importSpecs/:id', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    const body = parseRequest(ImportSpecBody, request.body);
    return fastify.commandBus.execute(
      'UpdateImportSpec',
      { ...body, id },
      commandOptionsFor(request),
    );
  });

  fastify.delete('/api/importSpecs/:id', { config }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    return fastify.commandBus.execute('DeleteImportSpec', { id }, commandOptionsFor(request));
  });
  done();
}
