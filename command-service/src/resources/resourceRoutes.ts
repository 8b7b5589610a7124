import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { allResources, type ResourceDefinition } from '@allot/shared-events';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { ValidationError } from '../errors/errors.js';

const Params = z.object({ id: z.string().trim().min(1).max(100) });
const BODY_LIMIT = 256 * 1024;

/** A JSON object body, else 400 (a list or a string is never a record). */
function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body: unknown = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError([{ field: '', message: 'the body must be a JSON object' }]);
  }
  return body as Record<string, unknown>;
}

function routesOf(fastify: FastifyInstance, resource: ResourceDefinition): void {
  const base = `/api/${resource.path}`;
  const names = resource.commandNames;
  const owner = resource.ownerField;

  fastify.post(base, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const body = bodyObject(request);
    // An owned record (user settings) defaults to the session's user.
    const owned =
      owner && body[owner] === undefined && request.session
        ? { [owner]: request.session.workingUserId }
        : {};
    const result = await fastify.commandBus.execute(
      names.create,
      { ...body, ...owned, id: randomUUID() },
      commandOptionsFor(request),
    );
    return reply.code(201).send(result);
  });

  fastify.put(`${base}/:id`, { bodyLimit: BODY_LIMIT }, async (request) => {
    const { id } = parseRequest(Params, request.params);
    return fastify.commandBus.execute(
      names.update,
      { ...bodyObject(request), id },
      commandOptionsFor(request),
    );
  });

  fastify.delete(`${base}/:id`, async (request) => {
    const { id } = parseRequest(Params, request.params);
    return fastify.commandBus.execute(names.delete, { id }, commandOptionsFor(request));
  });

  const deactivate = names.deactivate;
  if (deactivate) {
    fastify.post(`${base}/:id/deactivate`, async (request) => {
      const { id } = parseRequest(Params, request.params);
      return fastify.commandBus.execute(deactivate, { id }, commandOptionsFor(request));
    });
  }
}

/** POST, PUT, DELETE (and deactivate) for every declared resource. */
export function resourceWriteRoutes(
  fastify: FastifyInstance,
  _opts: unknown,
  done: (err?: Error) => void,
): void {
  for (const resource of allResources) routesOf(fastify, resource);
  done();
}
