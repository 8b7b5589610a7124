import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { SessionData } from '@allot/shared-events';
import { emptyAbility } from '../authorization/ability.js';
import type { AbilityResolver } from '../authorization/authorizationPlugin.js';
import { parseApiKeyToken } from './apiKeyToken.js';
import type { ApiKeyHolder } from './verifyApiKey.js';

export interface BearerAuthOptions {
  /** Answers the user a valid, unrevoked key authenticates (and who made it), or null. */
  verifyApiKey: (token: string) => Promise<ApiKeyHolder | null>;
  abilityFor?: AbilityResolver;
  /** featureFlags.apiEnabled: while off, Bearer tokens authenticate nobody. */
  apiEnabled: boolean;
}

const BEARER = /^Bearer\s+(\S+)$/i;
export const API_KEY_SID_PREFIX = 'apiKey:';

/** A session made from an API key (no cookie, so no CSRF token is needed or possible). */
export function isApiKeySession(session: Pick<SessionData, 'sid'>): boolean {
  return session.sid.startsWith(API_KEY_SID_PREFIX);
}

/**
 * Runs after the authorization plugin's hook: a request without a session cookie but with
 * `Authorization: Bearer <key>` acts as the key's user, with that user's abilities.
 */
export const bearerAuthPlugin = fp(
  (fastify: FastifyInstance, options: BearerAuthOptions, done: (err?: Error) => void) => {
    fastify.addHook('onRequest', async (request) => {
      if (request.session || !options.apiEnabled) return;
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (!token) return;
      const holder = await options.verifyApiKey(token);
      const apiKeyId = parseApiKeyToken(token)?.apiKeyId;
      if (!holder || !apiKeyId) return;
      const { userId, createdBy } = holder;
      const session: SessionData = {
        sid: `${API_KEY_SID_PREFIX}${token.slice(0, 42)}`,
        userId,
        workingUserId: userId,
        // The audit trail names the key beside its user (event metadata `apiKeyId`).
        apiKeyId,
        ...(createdBy ? { apiKeyCreatorId: createdBy } : {}),
        issuedAt: 0,
        expiresAt: Number.MAX_SAFE_INTEGER,
      };
      const ability = options.abilityFor ? await options.abilityFor(session) : emptyAbility();
      // A key of a user no longer active authenticates nobody.
      if (!ability) return;
      request.session = session;
      request.ability = ability;
    });
    done();
  },
  { name: 'allot-bearer-auth', fastify: '5.x', dependencies: ['allot-authorization'] },
);
