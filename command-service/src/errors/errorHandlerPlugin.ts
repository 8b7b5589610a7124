import { STATUS_CODES } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '@allot/shared-events';
import {
  ApiError,
  ConflictError,
  DomainRuleError,
  ValidationError,
  fieldIssuesFrom,
  type FieldIssue,
} from './errors.js';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  fields?: FieldIssue[];
  currentRevision?: number;
  /** 422 for a conflict the caller may override; absent for refusals no override changes. */
  overridable?: true;
}

const FAULT_MESSAGE = 'Something went wrong on our side. Please try again later.';

function body(statusCode: number, message: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...extra };
}

/** Maps any thrown value to a status and a body safe to show; null marks a fault to log. */
export function errorResponse(error: unknown): ErrorBody | null {
  if (error instanceof ValidationError) {
    return body(400, error.message, { fields: [...error.fields] });
  }
  if (error instanceof ConflictError) {
    return body(409, error.message, { currentRevision: error.currentRevision });
  }
  if (error instanceof DomainRuleError && error.overridable) {
    return body(error.statusCode, error.message, { overridable: true });
  }
  if (error instanceof ApiError) return body(error.statusCode, error.message);
  if (error instanceof z.ZodError) {
    return body(400, 'The request is not valid.', { fields: fieldIssuesFrom(error.issues) });
  }
  if (isFastifyClientError(error)) {
    // Fastify's own refusals (schema validation, content type, body size, bad JSON, rate limit).
    const fields = error.validation?.map((v) => ({
      field: (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'is not valid',
    }));
    return body(error.statusCode, error.message, fields ? { fields } : {});
  }
  return null;
}

function isFastifyClientError(error: unknown): error is FastifyError & { statusCode: number } {
  if (typeof error !== 'object' || error === null) return false;
  const statusCode = (error as { statusCode?: unknown }).statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  if (isDatabaseUnavailable(error)) {
    // The detail is for the operators' log; the caller learns only to come back shortly.
    request.log.error({ err: error }, 'the database cannot be reached');
    void reply
      .status(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send(body(503, DATABASE_UNAVAILABLE_MESSAGE));
    return;
  }
  const response = errorResponse(error);
  if (response) {
    if (response.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(response.statusCode).send(response);
    return;
  }
  request.log.error({ err: error }, 'unexpected fault while handling a request');
  void reply.status(500).send(body(500, FAULT_MESSAGE));
}

/** Sets the error handler of the context it is registered in (and its children). */
export const errorHandlerPlugin = fp(
  (fastify: FastifyInstance, _opts: unknown, done: (err?: Error) => void) => {
    fastify.setErrorHandler(handleError);
    done();
  },
  { name: 'allot-command-error-handler', fastify: '5.x' },
);
