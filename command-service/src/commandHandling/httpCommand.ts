import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ValidationError, fieldIssuesFrom } from '../errors/errors.js';
import type { ExecuteOptions } from './commandBus.js';
import type { StreamRevision } from './handleCommand.js';

const IF_MATCH = /^(?:W\/)?(?:"(-1|\d{1,18})"|(-1|\d{1,18}))$/;
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Parses a zod schema against a request part; failures answer 400 with the failing fields. */
export function parseRequest<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(fieldIssuesFrom(parsed.error.issues));
  return parsed.data;
}

/** `If-Match: "3"` (or 3, W/"3"; -1 for "must not exist yet"); absent or `*` means any revision. */
export function parseIfMatch(header: string | string[] | undefined): StreamRevision | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (value === undefined || value === '' || value === '*') return undefined;
  const match = IF_MATCH.exec(value);
  const revision = match?.[1] ?? match?.[2];
  if (revision === undefined) {
    throw new ValidationError([
      { field: 'If-Match', message: 'must be the revision the change is based on, e.g. "3"' },
    ]);
  }
  return revision === '-1' ? 'no_stream' : BigInt(revision);
}

/**
 * The signed-in working user's id, '' without a session (a route's requirement has answered 401
 * before then): whom a job runs as, whose records "mine" are.
 */
export function workingUserOf(request: FastifyRequest): string {
  return request.session?.workingUserId ?? '';
}

/** The actor, masquerade, API key, correlation and revision of a command sent over HTTP. */
export function commandOptionsFor(request: FastifyRequest): ExecuteOptions {
  const session = request.session;
  const header = request.headers['x-correlation-id'];
  const correlationId =
    typeof header === 'string' && CORRELATION_ID.test(header) ? header : undefined;
  const expectedRevision = parseIfMatch(request.headers['if-match']);
  return {
    ability: request.ability,
    actorId: session?.workingUserId ?? null,
    onBehalfOfId: session && session.userId !== session.workingUserId ? session.userId : null,
    ...(session?.apiKeyId ? { apiKeyId: session.apiKeyId } : {}),
    ...(session?.apiKeyCreatorId ? { apiKeyCreatorId: session.apiKeyCreatorId } : {}),
    now: new Date(),
    ...(correlationId ? { correlationId } : {}),
    ...(expectedRevision === undefined ? {} : { expectedRevision }),
  };
}
