import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

/**
 * The read contract, tested on a real answer: `body` (as the route sent it) parses with its
 * route's answer schema (`schema.response[200]`, from shared-events' readApi) and holds no key
 * the schema omits. Throws with the issues otherwise; answers the parsed, typed answer.
 */
export function answerOf<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`The answer breaks its schema: ${issues.join('; ')}`);
  }
  if (!isDeepStrictEqual(parsed.data, body)) {
    throw new Error('The answer holds keys its schema does not name.');
  }
  return parsed.data;
}
