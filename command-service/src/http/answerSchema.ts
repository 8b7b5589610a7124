import type { FastifySchema, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

const asJson: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/**
 * A read route's answer schema (from `@allot/shared-events`' readApi) as its
 * `schema.response[200]`, for the OpenAPI document and the contract tests. The answer is
 * serialised as without a schema (this route's own serializer, so no other route is touched),
 * not checked on every answer: the handler's return is typed by the schema's inferred type
 * (`satisfies`), and the routes' tests parse real answers with it.
 */
export function answerSchema(schema: z.ZodType): {
  schema: FastifySchema;
  serializerCompiler: FastifySerializerCompiler<unknown>;
} {
  // As a FastifySchema: the route's other answers (401, 404) stay free, only 200 is declared.
  return { schema: { response: { 200: schema } }, serializerCompiler: asJson };
}
