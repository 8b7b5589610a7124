import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '@allot/shared-events';

const FAULT_MESSAGE = 'Something went wrong on our side. Please try again later.';

function body(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/**
 * The read API's answer to anything a route threw: Fastify's own refusals (bad query, body too
 * large) as they are; the database out of reach as 503 with Retry-After; any other fault as a
 * 500 that says nothing of the inside (the detail goes to the log, never to the caller).
 */
export function handleReadError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'the database cannot be reached');
    return reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send(body(503, DATABASE_UNAVAILABLE_MESSAGE));
  }
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply.status(status).send(body(status, (error as Error).message));
  }
  request.log.error({ err: error }, 'unexpected fault while reading');
  return reply.status(500).send(body(500, FAULT_MESSAGE));
}
