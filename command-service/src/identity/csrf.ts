import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import {
  CSRF_HEADER_NAME,
  SESSION_COOKIE_NAME,
  csrfTokenFor,
  parseCookieHeader,
  verifyCsrfToken,
  type SessionCodec,
  type SessionData,
} from '@allot/shared-events';

export interface CsrfOptions {
  sessionCodec: Pick<SessionCodec, 'decode'>;
  /** First signs, all verify. */
  csrfSecret: string | readonly string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionFromCookie(
  request: FastifyRequest,
  codec: Pick<SessionCodec, 'decode'>,
): SessionData | null {
  const cookie = parseCookieHeader(request.headers.cookie)[SESSION_COOKIE_NAME];
  return cookie ? codec.decode(cookie) : null;
}

export function csrfTokenOf(session: SessionData, csrfSecret: string | readonly string[]): string {
  return csrfTokenFor(session, typeof csrfSecret === 'string' ? csrfSecret : (csrfSecret[0] ?? ''));
}

/**
 * A preHandler for routes outside the authorization plugin: a cookie-authenticated non-GET must
 * carry the session's token in X-CSRF-Token (a cross-site form sends the cookie, never the header).
 * Requests without a session cookie pass; the route's own authentication refuses them.
 */
export function requireCsrf(options: CsrfOptions): preHandlerAsyncHookHandler {
  return async function requireCsrfToken(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    if (SAFE_METHODS.has(request.method)) return;
    const session = sessionFromCookie(request, options.sessionCodec);
    if (!session) return;
    const header = request.headers[CSRF_HEADER_NAME];
    const token = Array.isArray(header) ? header[0] : header;
    if (!verifyCsrfToken(session, token, options.csrfSecret)) {
      // Returning the reply tells Fastify the hook answered; the handler does not run.
      return reply.code(403).send({
        statusCode: 403,
        error: 'Forbidden',
        message: 'This request lacks a valid CSRF token. Reload the page and try again.',
      });
    }
    return undefined;
  };
}
