import type { FastifyReply, FastifyRequest } from 'fastify';
import { defineAbilityFor, type AppAbility } from '@allot/shared-events';
import { authenticate, type RequestAuthOptions } from '../auth/requestAuth.js';

/** Who is reading: the working user, their abilities and their working period. */
export interface ResourceViewer {
  userId: string;
  ability: AppAbility;
  /** The user's working period, else the institution's active one. */
  workingAcademicPeriodId: string | null;
}

/** Null when the request has no (valid) session. */
export type ViewerResolver = (request: FastifyRequest) => Promise<ResourceViewer | null>;

/** Without a resolver nobody is signed in, so every resource read answers 401. */
export const noViewer: ViewerResolver = () => Promise.resolve(null);

/** The viewer of the auth context (session cookie or API key, resolved against the read models). */
export function viewerFromRequestAuth(options: RequestAuthOptions): ViewerResolver {
  return async (request) => {
    const resolved = await authenticate(request, options);
    if (!resolved) return null;
    return {
      userId: resolved.working.id,
      ability: defineAbilityFor(resolved.abilityContext),
      workingAcademicPeriodId: resolved.workingAcademicPeriodId,
    };
  };
}

export function sendError(
  reply: FastifyReply,
  statusCode: 400 | 401 | 403 | 404,
  message: string,
  fields?: readonly { field: string; message: string }[],
): FastifyReply {
  const error = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
  }[statusCode];
  return reply.code(statusCode).send({ statusCode, error, message, ...(fields ? { fields } : {}) });
}
