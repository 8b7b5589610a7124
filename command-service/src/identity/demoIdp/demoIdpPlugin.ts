import { timingSafeEqual, createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { EMBEDDED_IDP_PATH } from '../options.js';
import type { DemoAccount } from './accounts.js';
import { loginPage, messagePage } from './pages.js';

export interface DemoIdpPluginOptions {
  provider: Provider;
  accounts: ReadonlyMap<string, DemoAccount>;
  rateLimit: { max: number; timeWindow: number };
}

function sameSecret(given: string, expected: string): boolean {
  // Hash first so the comparison takes the same time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Whether these credentials match a demo account; the account when they do. */
export function checkDemoCredentials(
  accounts: ReadonlyMap<string, DemoAccount>,
  username: unknown,
  password: unknown,
): DemoAccount | null {
  if (typeof username !== 'string' || typeof password !== 'string') return null;
  const account = accounts.get(username.trim().toLowerCase());
  const ok = sameSecret(password, account?.password ?? '\u0000no-account');
  return account && ok ? account : null;
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

type RawWithOriginal = IncomingMessage & { originalUrl?: string };

/**
 * The embedded provider at /idp: its own login page, and every other path handed to
 * oidc-provider's Koa app on the raw request, with the prefix stripped as a mount would.
 */
export async function demoIdpPlugin(
  fastify: FastifyInstance,
  options: DemoIdpPluginOptions,
): Promise<void> {
  const { provider, accounts } = options;
  const callback = provider.callback();

  // Interaction pages: our forms, parsed here only.
  await fastify.register((scope, _opts, done) => {
    // Our pages need nothing but their inline style, and must not be framed (clickjacking).
    scope.addHook('onRequest', (_request, reply, next) => {
      reply.header('content-security-policy', PAGE_CSP).header('x-frame-options', 'DENY');
      next();
    });
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, parsed) => {
        parsed(
          null,
          Object.fromEntries(
            new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')),
          ),
        );
      },
    );

    scope.get<{ Params: { uid: string } }>(
      `${EMBEDDED_IDP_PATH}/interaction/:uid`,
      async (request, reply) => {
        try {
          const details = await provider.interactionDetails(request.raw, reply.raw);
          if (details.uid !== request.params.uid) throw new Error('interaction mismatch');
          return reply
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(loginPage({ action: `${EMBEDDED_IDP_PATH}/interaction/${details.uid}/login` }));
        } catch {
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(
              messagePage(
                'Sign-in expired',
                'This sign-in page expired. Go back to the application and log in again.',
              ),
            );
        }
      },
    );

    scope.post<{ Params: { uid: string }; Body: Record<string, unknown> | undefined }>(
      `${EMBEDDED_IDP_PATH}/interaction/:uid/login`,
      { config: { rateLimit: options.rateLimit } },
      async (request, reply) => {
        let uid: string;
        try {
          const details = await provider.interactionDetails(request.raw, reply.raw);
          if (details.uid !== request.params.uid || details.prompt.name !== 'login')
            throw new Error('no login prompt');
          uid = details.uid;
        } catch {
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .send(
              messagePage(
                'Sign-in expired',
                'This sign-in page expired. Go back to the application and log in again.',
              ),
            );
        }
        const body = request.body ?? {};
        const account = checkDemoCredentials(accounts, body['username'], body['password']);
        if (!account) {
          const username = typeof body['username'] === 'string' ? body['username'] : '';
          return reply
            .code(401)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(
              loginPage({
                action: `${EMBEDDED_IDP_PATH}/interaction/${uid}/login`,
                username,
                error: 'Invalid username or password.',
              }),
            );
        }
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          { login: { accountId: account.username } },
          { mergeWithLastSubmission: false },
        );
        return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
      },
    );
    done();
  });

  // Everything else belongs to oidc-provider, which reads its own bodies from the raw stream.
  await fastify.register((scope, _opts, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
    scope.route({
      method: ['GET', 'POST', 'HEAD', 'OPTIONS'],
      url: `${EMBEDDED_IDP_PATH}/*`,
      handler: (request, reply) => {
        const raw = request.raw as RawWithOriginal;
        const original = raw.url ?? '/';
        raw.originalUrl = original;
        raw.url = original.slice(EMBEDDED_IDP_PATH.length) || '/';
        reply.hijack();
        callback(raw, reply.raw).catch((error: unknown) => {
          request.log.error({ err: error }, 'demo identity provider failed');
          if (!reply.raw.headersSent) reply.raw.writeHead(500);
          reply.raw.end();
        });
      },
    });
    done();
  });
}
