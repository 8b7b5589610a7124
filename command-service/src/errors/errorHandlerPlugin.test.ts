import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { errorResponse } from './errorHandlerPlugin.js';
import {
  ConflictError,
  DomainRuleError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from './errors.js';

describe('errorResponse', () => {
  it('maps our errors to their status codes', () => {
    expect(errorResponse(new ValidationError([{ field: 'value', message: 'too long' }]))).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request is not valid.',
      fields: [{ field: 'value', message: 'too long' }],
    });
    expect(errorResponse(new ForbiddenError())?.statusCode).toBe(403);
    expect(errorResponse(new NotFoundError('No such section.'))).toMatchObject({
      statusCode: 404,
      message: 'No such section.',
    });
    expect(errorResponse(new ConflictError(7))).toMatchObject({
      statusCode: 409,
      currentRevision: 7,
    });
    expect(errorResponse(new DomainRuleError('The colour is not a colour.'))).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'The colour is not a colour.',
    });
  });

  it('maps a zod error to 400 with dotted field paths', () => {
    const result = z.object({ a: z.object({ b: z.number() }) }).safeParse({ a: { b: 'x' } });
    expect(result.success).toBe(false);
    expect(errorResponse(result.error)).toMatchObject({
      statusCode: 400,
      fields: [{ field: 'a.b', message: expect.any(String) }],
    });
  });

  it('passes Fastify client errors through with their status', () => {
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      statusCode: 413,
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    });
    expect(errorResponse(tooLarge)).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'Request body is too large',
    });
  });

  it('treats anything else as a fault', () => {
    expect(errorResponse(new Error('connection refused'))).toBeNull();
    expect(errorResponse(Object.assign(new Error('boom'), { statusCode: 503 }))).toBeNull();
    expect(errorResponse('a string')).toBeNull();
  });
});
