import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

export interface AnswerContract {
  /** Each 200 answer that its route's schema refuses, or that holds a key the schema omits. */
  readonly breaches: string[];
  /** The routes (method and pattern) whose answers were checked. */
  readonly checked: Set<string>;
}

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Checks every 200 answer of a route typed by its answer schema (`schema.response[200]`) against
 * that schema, as the tests' own requests get them: the contract of the read API, tested on real
 * answers. Add it before the routes are registered; assert on `breaches` after the other tests.
 */
export function answerContract(app: FastifyInstance): AnswerContract {
  const contract: AnswerContract = { breaches: [], checked: new Set() };
  app.addHook('onSend', async (request, reply, payload) => {
    const response = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    const schema = response?.[200];
    if (reply.statusCode !== 200 || !isSchema(schema) || typeof payload !== 'string') {
      return payload;
    }
    const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
    contract.checked.add(route);
    const body: unknown = JSON.parse(payload);
    const parsed = await schema.safeParseAsync(body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      contract.breaches.push(`${request.url}: ${issues.join('; ')}`);
    } else if (!isDeepStrictEqual(parsed.data, body)) {
      contract.breaches.push(`${request.url}: the answer holds keys its schema does not name`);
    }
    return payload;
  });
  return contract;
}
