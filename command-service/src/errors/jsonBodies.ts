import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from '@allot/shared-events';
import { ValidationError } from './errors.js';

/**
 * JSON bodies as Fastify parses them (prototype-poisoning checks and all), refused (400) before
 * parsing when they nest deeper than Allot's bodies ever do: a body nested thousands of levels
 * deep would otherwise overflow the stack of whatever walks it next (a 500, even without a
 * session, since bodies are parsed before any route or hook looks at them).
 */
export function limitJsonNesting(fastify: FastifyInstance): void {
  const parse = fastify.getDefaultJsonParser('error', 'error');
  if (fastify.hasContentTypeParser('application/json')) {
    fastify.removeContentTypeParser('application/json');
  }
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(
        new ValidationError(
          [{ field: '', message: `nests deeper than ${MAX_JSON_DEPTH} levels` }],
          'The request body nests too deeply.',
        ),
        undefined,
      );
      return;
    }
    void parse(request, text, done);
  });
}
