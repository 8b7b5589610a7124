import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The routes of a read model typed by their answer schemas (`schema.response[200]`, from
 * `@allot/shared-events`' readApi), with fastify's zod type provider: a handler's answer must
 * match its schema where it is written. The schemas describe the answers (the OpenAPI document
 * is made from them, the contract tests check real answers against them); they are not run on
 * every answer, which is serialised as without a schema.
 */
export function withAnswers(fastify: FastifyInstance) {
  fastify.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // A route's `querystring` schema documents its query (the OpenAPI document's parameters);
  // the handler parses the query itself, to answer 400 with the fields it names.
  fastify.setValidatorCompiler(() => (data: unknown) => ({ value: data }));
  return fastify.withTypeProvider<ZodTypeProvider>();
}

/**
 * A reply already answered (by `sendError`), as a typed route returns it: Fastify then sends
 * nothing more. Typed `never` because a route typed by its answer schema returns that answer
 * or nothing else.
 */
export function answered(reply: object): never {
  return reply as never;
}

/**
 * Sends an answer already serialised (the sections read model stores each section's answer as
 * JSON text): a typed route returns what this returns.
 */
export function sendJsonText(reply: FastifyReply, json: string): never {
  return reply.type('application/json; charset=utf-8').send(json) as never;
}
