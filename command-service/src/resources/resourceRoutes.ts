import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  allResources,
  inUseMessage,
  referencesTo,
  type InUseLookup,
  type ResourceDefinition,
} from '@allot/shared-events';
import { commandOptionsFor, parseRequest } from '../commandHandling/httpCommand.js';
import { requires } from '../authorization/routeRequirement.js';
import { ValidationError } from '../errors/errors.js';
import { editSubjectsOf } from './editSubjects.js';

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

export interface ResourceWriteOptions {
  /** Who still names a record; without it deletes do not check (a bare command service). */
  inUse?: InUseLookup;
}

function routesOf(
  fastify: FastifyInstance,
  resource: ResourceDefinition,
  options: ResourceWriteOptions,
): void {
  const base = `/api/${resource.path}`;
  const names = resource.commandNames;
  const owner = resource.ownerField;
  // An owned kind's owner writes without the subject's ability, and so may someone who edits
  // only fields of their own subject (financial data): the command checks those.
  const commandChecks = (action: string) =>
    Boolean(owner) || (action === 'update' && editSubjectsOf(resource).size > 0);
  const config = (action: string) =>
    commandChecks(action) ? {} : requires(action, resource.subject);

  fastify.post(
    base,
    { bodyLimit: BODY_LIMIT, config: config('create') },
    async (request, reply) => {
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
    },
  );

  fastify.put(
    `${base}/:id`,
    { bodyLimit: BODY_LIMIT, config: config('update') },
    async (request) => {
      const { id } = parseRequest(Params, request.params);
      return fastify.commandBus.execute(
        names.update,
        { ...bodyObject(request), id },
        commandOptionsFor(request),
      );
    },
  );

  const uses = referencesTo(resource, allResources);
  fastify.delete(`${base}/:id`, { config: config('delete') }, async (request, reply) => {
    const { id } = parseRequest(Params, request.params);
    // Only for those who may delete: others learn nothing about where a record is used.
    if (options.inUse && uses.length > 0 && request.ability.can('delete', resource.subject)) {
      const usedBy = await options.inUse(resource, id);
      if (usedBy.length > 0) {
        return reply.code(422).send({
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: inUseMessage(resource, usedBy, uses),
          usedBy,
        });
      }
    }
    return fastify.commandBus.execute(names.delete, { id }, commandOptionsFor(request));
  });

  const deactivate = names.deactivate;
  if (deactivate) {
    fastify.post(`${base}/:id/deactivate`, { config: config('update') }, async (request) => {
      const { id } = parseRequest(Params, request.params);
      return fastify.commandBus.execute(deactivate, { id }, commandOptionsFor(request));
    });
  }
}

/** POST, PUT, DELETE (and deactivate) for every declared resource. */
export function resourceWriteRoutes(
  fastify: FastifyInstance,
  options: ResourceWriteOptions,
  done: (err?: Error) => void,
): void {
  for (const resource of allResources) routesOf(fastify, resource, options);
  done();
}
