import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  SESSION_COOKIE_NAME,
  defineAbilityFor,
  parseCookieHeader,
  type SessionCodec,
  type SessionData,
} from '@allot/shared-events';
import { resolveSession, type AuthEnvironment, type ResolvedSession } from './authContext.js';
import type { ApiKeyListItem } from './apiKeysProjection.js';
import type { ResourceViewer, ViewerResolver } from '../../http/viewer.js';

/** Verifies an API key (the Bearer token) and answers the user it authenticates, or null. */
export type ApiKeyVerifier = (token: string) => Promise<string | null>;

export interface RequestAuthOptions extends AuthEnvironment {
  sessionCodec: Pick<SessionCodec, 'decode'>;
  /** Without it, or while apiEnabled is off, Bearer tokens authenticate nobody. */
  verifyApiKey?: ApiKeyVerifier;
  /** GET /api/apiKeys answers this list (to those who may manage API keys). */
  listApiKeys?: () => Promise<ApiKeyListItem[]>;
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The session of a request: its cookie, else (with apiEnabled) an API key as its own user. */
export async function sessionOfRequest(
  request: FastifyRequest,
  options: RequestAuthOptions,
): Promise<Pick<SessionData, 'userId' | 'workingUserId'> | null> {
  const cookie = parseCookieHeader(request.headers.cookie)[SESSION_COOKIE_NAME];
  const fromCookie = cookie ? options.sessionCodec.decode(cookie) : null;
  if (fromCookie) return fromCookie;
  const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !options.verifyApiKey || !options.featureFlags.apiEnabled) return null;
  const userId = await options.verifyApiKey(token);
  return userId ? { userId, workingUserId: userId } : null;
}

export async function authenticate(
  request: FastifyRequest,
  options: RequestAuthOptions,
): Promise<ResolvedSession | null> {
  const session = await sessionOfRequest(request, options);
  return session ? resolveSession(session, options) : null;
}

/** The 401 every protected call answers without a session (DESIGN §7). */
export function sendUnauthorized(reply: FastifyReply): FastifyReply {
  return reply
    .code(401)
    .send({ statusCode: 401, error: 'Unauthorized', message: 'Please log in.' });
}

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

/**
 * Who a user is now, as a session of their own would find them (active, their roles and flags):
 * for what a user reaches without a session, such as their calendar feed. Null if not active.
 */
export function viewerForUser(
  options: RequestAuthOptions,
): (userId: string) => Promise<ResourceViewer | null> {
  return async (userId) => {
    const resolved = await resolveSession({ userId, workingUserId: userId }, options);
    if (!resolved) return null;
    return {
      userId: resolved.working.id,
      ability: defineAbilityFor(resolved.abilityContext),
      workingAcademicPeriodId: resolved.workingAcademicPeriodId,
    };
  };
}
