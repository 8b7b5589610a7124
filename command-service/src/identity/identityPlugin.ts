import type { FastifyInstance, FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { AppInfoAnswer } from '@allot/shared-events';
import { answerSchema } from '../http/answerSchema.js';
import { sessionClearCookie } from './cookies.js';
import { csrfTokenOf, sessionFromCookie } from './csrf.js';
import { DEMO_ACCOUNTS, type DemoAccount } from './demoIdp/accounts.js';
import { createOidcClient, oidcRoutes, type OidcClient } from './oidcStrategy.js';
import { PRODUCTION_MODE, trimmedPublicUrl, type IdentityOptions } from './options.js';
import { createSamlSignIn, type SamlSignIn } from './saml/samlSignIn.js';
import { plainPage } from './signIn.js';
import { firstSecret, resolveStrategy } from './strategy.js';

/** GET /api/app-info's answer (shared-events' readApi/appInfo.ts). */
export type AppInfo = AppInfoAnswer;

/** What the login page says of a sign-in misconfiguration; the reason goes to the log only. */
export const SIGN_IN_PROBLEM =
  'Sign-in is not set up correctly. An administrator can find the reason in the server log (lines starting "Sign-in is not configured correctly").';

const DEFAULT_RATE_LIMIT = { max: 30, timeWindowMs: 60 * 1000 };

function wantsHtml(accept: string | undefined): boolean {
  return typeof accept === 'string' && accept.includes('text/html');
}

/**
 * Sign-in for the command-service: GET /api/app-info, OIDC (/api/auth0/login, /api/auth0/callback)
 * or SAML (/api/auth/saml, its callback, metadata and single logout; docs/single-sign-on.md) by
 * `auth0Enabled`, GET /api/auth/csrf,
 * GET /api/auth/logout, and in demo modes the embedded provider at /idp.
 */
export async function identityPlugin(
  fastify: FastifyInstance,
  options: IdentityOptions,
): Promise<void> {
  if (options.demoIdp?.enabled && options.mode === PRODUCTION_MODE) {
    throw new Error(
      'The demo identity provider is refused in production mode: its accounts share one password.',
    );
  }
  const publicUrl = trimmedPublicUrl(options.publicUrl);
  const limits = options.signInRateLimit ?? DEFAULT_RATE_LIMIT;
  const rateLimitConfig = { max: limits.max, timeWindow: limits.timeWindowMs };
  const deps = { mode: options.mode, sessionCodec: options.sessionCodec, users: options.users };
  const strategy = resolveStrategy(options);

  if (!fastify.hasDecorator('rateLimit')) {
    // Only the routes that ask for it (sign-in) are limited.
    await fastify.register(rateLimit, { global: false });
  }

  let oidcClient: OidcClient | null = null;
  if (strategy.kind === 'oidc') {
    oidcClient = createOidcClient(strategy.oidc);
    await fastify.register(oidcRoutes, {
      ...deps,
      oidc: strategy.oidc,
      client: oidcClient,
      publicUrl,
      csrfSecret: options.csrfSecret,
      rateLimit: rateLimitConfig,
    });
  }
  let samlSignIn: SamlSignIn | null = null;
  if (strategy.kind === 'saml') {
    samlSignIn = createSamlSignIn({
      ...deps,
      saml: strategy.saml,
      publicUrl,
      csrfSecret: options.csrfSecret,
      rateLimit: rateLimitConfig,
    });
    await fastify.register(samlSignIn.routes);
  }
  if (strategy.error) {
    // The login page tells people sign-in is misconfigured; the reason is for the administrator.
    fastify.log.error(`Sign-in is not configured correctly: ${strategy.error}`);
  }

  if (options.demoIdp?.enabled) {
    const accounts = new Map<string, DemoAccount>(
      (options.demoIdp.accounts ?? DEMO_ACCOUNTS).map((a) => [a.username.toLowerCase(), a]),
    );
    // Loaded only here: deployments without the demo never load oidc-provider.
    const [{ createDemoProvider }, { demoIdpPlugin }] = await Promise.all([
      import('./demoIdp/provider.js'),
      import('./demoIdp/demoIdpPlugin.js'),
    ]);
    const provider = createDemoProvider({
      publicUrl,
      accounts,
      secret: firstSecret(options.csrfSecret),
    });
    await fastify.register(demoIdpPlugin, { provider, accounts, rateLimit: rateLimitConfig });
  }

  let lastProblem = '';
  fastify.get('/api/app-info', answerSchema(AppInfoAnswer), async (request): Promise<AppInfo> => {
    const problem =
      strategy.error ||
      (oidcClient ? await oidcClient.problem() : '') ||
      (samlSignIn ? await samlSignIn.problem() : '');
    if (problem && problem !== lastProblem) {
      request.log.error(`Sign-in is not configured correctly: ${problem}`);
    }
    lastProblem = problem;
    return {
      strategyExists: strategy.kind !== 'none',
      error: problem ? SIGN_IN_PROBLEM : '',
      featureFlags: { auth0Enabled: options.auth0Enabled },
    };
  });

  fastify.get('/api/auth/csrf', async (request, reply) => {
    const session = sessionFromCookie(request, options.sessionCodec);
    if (!session)
      return reply
        .code(401)
        .send({ statusCode: 401, error: 'Unauthorized', message: 'Please log in.' });
    return reply
      .header('cache-control', 'no-store')
      .send({ csrfToken: csrfTokenOf(session, options.csrfSecret) });
  });

  // GET, as the spec's client calls it. A page navigation is sent on to the provider's logout;
  // a fetch gets JSON with that address, to navigate to when it likes. The session is ended on
  // the server too, so a copy of the cookie is worth nothing afterwards.
  fastify.get('/api/auth/logout', async (request, reply) => {
    // SameSite=Lax still sends the cookie on another site's link or redirect to this GET: such a
    // request only asks (docs/decisions.md 27); Allot's own pages send same-origin requests.
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') return sendLogoutQuestion(reply);
    const session = sessionFromCookie(request, options.sessionCodec);
    if (session && options.users.endSession) {
      await options.users.endSession(session.userId, session.sid).catch((err: unknown) => {
        // The cookie is cleared either way; a session left unended expires with its cookie.
        request.log.error({ err }, 'the session could not be ended on the server');
      });
    }
    const saml = samlSignIn ? await samlSignIn.logout(request) : { url: null, cookies: [] };
    const logoutUrl = oidcClient ? await oidcClient.endSessionUrl(`${publicUrl}/login`) : saml.url;
    reply
      .header('set-cookie', [sessionClearCookie(options.mode), ...saml.cookies])
      .header('cache-control', 'no-store');
    if (wantsHtml(request.headers.accept)) return reply.redirect(logoutUrl ?? '/login', 302);
    return reply.send({ loggedOut: true, logoutUrl });
  });
}

/** Asked by another site's link to log out: a page that asks, so nobody is logged out unawares. */
function sendLogoutQuestion(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      plainPage(
        'Log out of Allot?',
        `<p>Another site sent you here to log out.</p>` +
          `<p><a href="/api/auth/logout">Log out</a> · <a href="/">Stay signed in</a></p>`,
      ),
    );
}
