import type { FastifyInstance } from 'fastify';
import { NUL_CHARACTER_MESSAGE, findNulCharacter } from '@allot/shared-events';
import { ValidationError } from './errors.js';

/**
 * Refuses (400) a request whose path parameters, query or parsed body hold U+0000, before any
 * route reads them: PostgreSQL cannot store it, so it would otherwise fail in the database as a
 * 500. Added after the authorization hooks, so a caller without the route's ability still gets
 * 401 or 403 first. Applies to the routes of the context it is added to.
 */
export function refuseNulCharacters(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', (request, _reply, next) => {
    const field = findNulCharacter({
      params: request.params,
      query: request.query,
      body: request.body,
    });
    if (field === null) {
      next();
      return;
    }
    next(new ValidationError([{ field, message: 'holds a NUL character' }], NUL_CHARACTER_MESSAGE));
  });
}
