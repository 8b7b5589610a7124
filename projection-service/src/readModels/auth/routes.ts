import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ApiKeyListAnswer,
  AuthContextAnswer,
  defineAbilityFor,
  MeAnswer,
  StatusAnswer,
} from '@allot/shared-events';
import { authContextOf, signedOutContext } from './authContext.js';
import { authenticate, sendUnauthorized, type RequestAuthOptions } from './requestAuth.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';

/** GET /api/status and GET /api/auth/me: their schemas are the read API's contract. */
export type StatusResponse = StatusAnswer;
export type MeResponse = MeAnswer;

function sendForbidden(reply: FastifyReply): FastifyReply {
  return reply.code(403).send({
    statusCode: 403,
    error: 'Forbidden',
    message: 'You are not allowed to do this.',
  });
}

/**
 * GET /api/auth (the auth context; 200 with authenticatedUserId null when signed out, since the
 * shell has a signed-out state), GET /api/auth/me (the signed-in user, 401 without a session) and
 * GET /api/status (version, mode, flags; polled, public like app-info).
 */
export function authRoutes(
  fastify: FastifyInstance,
  options: RequestAuthOptions,
  done: (err?: Error) => void,
): void {
  const noStore = { 'cache-control': 'no-store' };

  const app = withAnswers(fastify);
  app.get(
    '/api/auth',
    { schema: { response: { 200: AuthContextAnswer } } },
    async (request, reply) => {
      const resolved = await authenticate(request, options);
      reply.headers(noStore);
      return resolved ? authContextOf(resolved, options) : signedOutContext(options);
    },
  );

  app.get('/api/auth/me', { schema: { response: { 200: MeAnswer } } }, async (request, reply) => {
    const resolved = await authenticate(request, options);
    if (!resolved) return answered(sendUnauthorized(reply));
    const user = resolved.authenticated;
    const me: MeResponse = {
      id: user.id,
      displayName: user.displayName,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      username: user.username,
      Roles: user.roles.map((slug) => ({ slug })),
    };
    reply.headers(noStore);
    return me;
  });

  app.get('/api/status', { schema: { response: { 200: StatusAnswer } } }, (_request, reply) => {
    const status: StatusResponse = {
      version: options.version,
      mode: options.mode,
      featureFlags: options.featureFlags,
    };
    reply.headers(noStore);
    return status;
  });

  const { listApiKeys } = options;
  if (listApiKeys) {
    app.get(
      '/api/apiKeys',
      { schema: { response: { 200: ApiKeyListAnswer } }, config: requiresRead('ApiKey') },
      async (request, reply) => {
        const resolved = await authenticate(request, options);
        if (!resolved) return answered(sendUnauthorized(reply));
        if (!defineAbilityFor(resolved.abilityContext).can('read', 'ApiKey')) {
          return answered(sendForbidden(reply));
        }
        reply.headers(noStore);
        return listApiKeys();
      },
    );
  }

  done();
}
