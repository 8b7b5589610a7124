import fp from 'fastify-plugin';
import { sendUnauthorized } from '../session/unauthorized.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CSRF_HEADER_NAME,
  SESSION_COOKIE_NAME,
  parseCookieHeader,
  verifyCsrfToken,
  type SessionCodec,
  type SessionData,
} from '@allot/shared-events';
import { ForbiddenError } from '../errors/errors.js';
import { assertCan, emptyAbility, type AppAbility } from './ability.js';
import './routeRequirement.js';

/**
 * A session's abilities; null when the session no longer counts (its user deactivated, the
 * sign-in ended by logout or "sign out everywhere"): the request is then signed out (401).
 */
export type AbilityResolver = (
  session: SessionData,
) => AppAbility | null | Promise<AppAbility | null>;

export interface AuthorizationOptions {
  sessionCodec: Pick<SessionCodec, 'decode'>;
  /** First signs, all verify (rotation), as for the session cookie. */
  csrfSecret: string | readonly string[];
  /** The abilities of a signed-in user; until sign-in and roles exist, nobody has any. */
  abilityFor?: AbilityResolver;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The decoded session cookie, null when absent or invalid. */
    session: SessionData | null;
    /** What this request may do (CASL); empty without a session. */
    ability: AppAbility;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sessionOf(
  request: FastifyRequest,
  codec: Pick<SessionCodec, 'decode'>,
): SessionData | null {
  const cookie = parseCookieHeader(request.headers.cookie)[SESSION_COOKIE_NAME];
  return cookie ? codec.decode(cookie) : null;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Decorates `request.session` and `request.ability`. A cookie-authenticated non-GET must carry
 * the session's CSRF token: a browser sends the cookie on cross-site requests, never the header.
 */
export const authorizationPlugin = fp(
  (fastify: FastifyInstance, options: AuthorizationOptions, done: (err?: Error) => void) => {
    const abilityFor: AbilityResolver = options.abilityFor ?? (() => emptyAbility());
    fastify.decorateRequest('session', null);
    // Replaced in onRequest; a shared default object would leak between requests.
    fastify.decorateRequest('ability', null as unknown as AppAbility);
    fastify.addHook('onRequest', async (request) => {
      const session = sessionOf(request, options.sessionCodec);
      request.session = session;
      if (session && !SAFE_METHODS.has(request.method)) {
        const token = headerValue(request.headers[CSRF_HEADER_NAME]);
        if (!verifyCsrfToken(session, token, options.csrfSecret)) {
          throw new ForbiddenError(
            'This request lacks a valid CSRF token. Reload the page and try again.',
          );
        }
      }
      const ability = session ? await abilityFor(session) : null;
      if (!ability) request.session = null;
      request.ability = ability ?? emptyAbility();
    });
    // After every onRequest hook (a Bearer key sets the session there too), before validation:
    // on a route that declares a requirement, a caller without a session gets 401 and a signed-in
    // caller without the ability 403, whatever the body holds (DESIGN §7 status codes).
    fastify.addHook('preValidation', (request, reply, next) => {
      const requirement = request.routeOptions.config.requires;
      if (requirement && !request.session) {
        // The reply is sent here; the route never runs.
        void sendUnauthorized(reply);
        return;
      }
      if (requirement && request.session) {
        try {
          assertCan(request.ability, requirement.action, requirement.subject);
        } catch (err) {
          next(err as Error);
          return;
        }
      }
      next();
    });
    done();
  },
  { name: 'allot-authorization', fastify: '5.x' },
);
