import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { EventStore, FeatureFlags } from '@allot/shared-events';
import type { AbilityResolver } from '../authorization/authorizationPlugin.js';
import { apiKeyRoutes } from '../apiKeys/apiKeyRoutes.js';
import { bearerAuthPlugin } from '../apiKeys/bearerAuth.js';
import { createApiKeyVerifier } from '../apiKeys/verifyApiKey.js';
import { sessionRoutes, type SessionRoutesOptions } from './sessionRoutes.js';

export interface SessionPluginOptions extends SessionRoutesOptions {
  store: EventStore;
  featureFlags: FeatureFlags;
  abilityFor?: AbilityResolver;
}

/**
 * Bearer API keys (hook beside the cookie session), masquerade, working period, merge and the
 * API-key routes. Wrapped with fastify-plugin so the Bearer hook covers every command route.
 */
export const sessionPlugin = fp(
  async (fastify: FastifyInstance, options: SessionPluginOptions) => {
    await fastify.register(bearerAuthPlugin, {
      verifyApiKey: createApiKeyVerifier(options.store),
      // Read per request: the flag may change while the server runs (a System Settings value).
      get apiEnabled() {
        return options.featureFlags.apiEnabled;
      },
      ...(options.abilityFor ? { abilityFor: options.abilityFor } : {}),
    });
    await fastify.register(sessionRoutes, options);
    await fastify.register(apiKeyRoutes);
  },
  { name: 'allot-session', fastify: '5.x', dependencies: ['allot-authorization'] },
);
