import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { parseCookieHeader } from '@allot/shared-events';
import { serializeCookie } from './cookies.js';
import { safeOrigin } from './origin.js';
import { redirectToPublicUrl } from './publicHost.js';
import type { OidcOptions } from './options.js';
import { OIDC_CALLBACK_PATH } from './options.js';
import { createSealer } from './sealedValue.js';
import { completeSignIn, sendSignInFailure, type SignInDependencies } from './signIn.js';

const TRANSACTION_COOKIE = 'allot_oidc_tx';
const TRANSACTION_TTL_MS = 10 * 60 * 1000;
const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

interface Transaction {
  state: string;
  nonce: string;
  verifier: string;
  origin: string;
}

function isTransaction(value: unknown): value is Transaction {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['state', 'nonce', 'verifier', 'origin'].every((k) => typeof v[k] === 'string');
}

/** The OIDC relying party: discovery once (retried after a failure), then code flow with PKCE. */
export interface OidcClient {
  configuration(): Promise<client.Configuration>;
  /** '' when the issuer answered discovery, else a sentence for the login page. */
  problem(): Promise<string>;
  /** The provider's end-session URL, when it has one. */
  endSessionUrl(postLogoutRedirectUri: string): Promise<string | null>;
}

export function createOidcClient(options: OidcOptions): OidcClient {
  let pending: Promise<client.Configuration> | null = null;
  const discover = () => {
    const issuer = new URL(options.issuer);
    const auth = options.clientSecret
      ? client.ClientSecretBasic(options.clientSecret)
      : client.None();
    return client.discovery(issuer, options.clientId, undefined, auth, {
      timeout: 5,
      // Plain HTTP only reaches a local issuer (the embedded demo one, a test issuer).
      ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
    });
  };
  const configuration = () => {
    if (!pending) {
      pending = discover();
      // Forget a failure so the next sign-in retries instead of failing until restart.
      pending.catch(() => {
        pending = null;
      });
    }
    return pending;
  };
  return {
    configuration,
    async problem() {
      try {
        await configuration();
        return '';
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        return `The sign-in provider ${options.issuer} could not be reached (${detail}).`;
      }
    },
    async endSessionUrl(postLogoutRedirectUri) {
      try {
        const config = await configuration();
        if (!config.serverMetadata().end_session_endpoint) return null;
        return client
          .buildEndSessionUrl(config, {
            client_id: options.clientId,
            post_logout_redirect_uri: postLogoutRedirectUri,
          })
          .toString();
      } catch {
        return null;
      }
    },
  };
}

export interface OidcRoutesOptions extends SignInDependencies {
  oidc: OidcOptions;
  client: OidcClient;
  publicUrl: string;
  csrfSecret: string | readonly string[];
  rateLimit: { max: number; timeWindow: number };
}

function transactionCookie(mode: string, value: string, maxAgeSeconds: number): string {
  return serializeCookie(TRANSACTION_COOKIE, value, {
    path: '/api/auth0',
    maxAge: maxAgeSeconds,
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET, which carries Lax cookies.
    sameSite: 'lax',
    secure: mode !== 'development' && mode !== 'test' && mode !== 'local',
  });
}

function queryOrigin(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined;
  return safeOrigin(query?.['origin']);
}

/** GET /api/auth0/login and its callback. */
export function oidcRoutes(
  fastify: FastifyInstance,
  options: OidcRoutesOptions,
  done: (err?: Error) => void,
): void {
  const sealer = createSealer(options.csrfSecret, 'oidc-transaction');
  const redirectUri = `${options.publicUrl}${OIDC_CALLBACK_PATH}`;
  const scope = (options.oidc.scopes ?? DEFAULT_SCOPES).join(' ');
  const routeConfig = { rateLimit: options.rateLimit };

  fastify.get('/api/auth0/login', { config: routeConfig }, async (request, reply) => {
    const moved = redirectToPublicUrl(request, reply, options.publicUrl);
    if (moved) return moved;
    let config: client.Configuration;
    try {
      config = await options.client.configuration();
    } catch {
      return sendSignInFailure(
        reply,
        503,
        'The sign-in provider cannot be reached right now. Please try again shortly.',
      );
    }
    const transaction: Transaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      origin: queryOrigin(request),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(transaction.verifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    });
    return reply
      .header(
        'set-cookie',
        transactionCookie(
          options.mode,
          sealer.seal(transaction, TRANSACTION_TTL_MS),
          TRANSACTION_TTL_MS / 1000,
        ),
      )
      .header('cache-control', 'no-store')
      .redirect(url.toString(), 302);
  });

  fastify.get(OIDC_CALLBACK_PATH, { config: routeConfig }, async (request, reply) => {
    const cleared = transactionCookie(options.mode, '', 0);
    const transaction = sealer.open(parseCookieHeader(request.headers.cookie)[TRANSACTION_COOKIE]);
    if (!isTransaction(transaction)) {
      reply.header('set-cookie', cleared);
      return sendSignInFailure(
        reply,
        400,
        'This sign-in attempt expired or was not started here. Please log in again.',
      );
    }
    const query = request.query as Record<string, unknown> | undefined;
    if (typeof query?.['error'] === 'string') {
      // The provider ended the attempt itself (the user cancelled, or is not allowed to use the app).
      reply.header('set-cookie', cleared);
      const detail =
        typeof query['error_description'] === 'string'
          ? query['error_description']
          : query['error'];
      return sendSignInFailure(reply, 403, `The sign-in provider did not sign you in: ${detail}.`);
    }
    let claims: client.IDToken | undefined;
    try {
      const config = await options.client.configuration();
      const tokens = await client.authorizationCodeGrant(
        config,
        new URL(request.url, options.publicUrl),
        {
          pkceCodeVerifier: transaction.verifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
          idTokenExpected: true,
        },
      );
      claims = tokens.claims();
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC callback refused');
      reply.header('set-cookie', cleared);
      return sendSignInFailure(
        reply,
        400,
        "The sign-in provider's answer could not be verified. Please log in again.",
      );
    }
    if (!claims) {
      reply.header('set-cookie', cleared);
      return sendSignInFailure(
        reply,
        400,
        'The sign-in provider sent no identity. Please log in again.',
      );
    }
    const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);
    return completeSignIn(
      options,
      reply,
      {
        subject: claims.sub,
        // An address the provider says it did not verify must not match someone else's account.
        ...(text(claims['email']) && claims['email_verified'] !== false
          ? { email: text(claims['email']) }
          : {}),
        ...(text(claims['preferred_username'])
          ? { username: text(claims['preferred_username']) }
          : {}),
      },
      transaction.origin,
      {
        provider: 'OIDC',
        extraCookies: [cleared],
        // Ending the provider's session lets Log In ask for an account again.
        signInAsSomeoneElse: await options.client.endSessionUrl(`${options.publicUrl}/login`),
      },
    );
  });
  done();
}
