import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createSessionCodec, type SessionCodec } from '@allot/shared-events';
import { identityPlugin } from '../identityPlugin.js';
import type { IdentityOptions } from '../options.js';
import { createInMemoryUserDirectory, type InMemoryUser } from '../userDirectory.js';
import { TestBrowser } from './browser.js';

export const IDENTITY_TEST_SESSION_SECRET = 'identity-test-session-secret-of-32-chars-or-more';
export const IDENTITY_TEST_CSRF_SECRET = 'identity-test-csrf-secret-of-32-chars-or-more';

export const TEST_USERS: readonly InMemoryUser[] = [
  {
    id: 'user-faculty',
    displayName: 'Fiona Faculty',
    username: 'faculty',
    email: 'faculty@demo.allot.test',
  },
  { id: 'user-admin', displayName: 'Ada Admin', username: 'admin', email: 'admin@demo.allot.test' },
  // Known to an external issuer by its subject only.
  { id: 'user-external', displayName: 'Kim External', subject: 'kc-0001' },
];

/** A port nobody listens on right now (the issuer URL must be known before the server starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface IdentityTestApp {
  app: FastifyInstance;
  base: string;
  users: ReturnType<typeof createInMemoryUserDirectory>;
  sessionCodec: SessionCodec;
  /** What the app logged (JSON lines, info and up), to check why something was refused. */
  logs: string[];
  browser(): TestBrowser;
  close(): Promise<void>;
}

export type IdentityTestOverrides = Partial<Omit<IdentityOptions, 'publicUrl'>> & {
  /** Builds settings that need the app's own address (SAML callback, embedded issuer). */
  withBase?: (base: string) => Partial<IdentityOptions>;
  /** Routes beside the plugin, e.g. a write route guarded by requireCsrf. */
  extraRoutes?: (app: FastifyInstance, sessionCodec: SessionCodec) => void | PromiseLike<unknown>;
  /** The people Allot knows; defaults to TEST_USERS. */
  knownUsers?: readonly InMemoryUser[];
  /** Defaults to a free one. */
  port?: number;
};

/** The identity plugin alone on a real port, with in-memory users. */
export async function startIdentityApp(
  overrides: IdentityTestOverrides = {},
): Promise<IdentityTestApp> {
  const { withBase, extraRoutes, knownUsers, port: wantedPort, ...rest } = overrides;
  const port = wantedPort ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const sessionCodec = createSessionCodec({
    secrets: [IDENTITY_TEST_SESSION_SECRET],
    ttlMs: 60 * 60 * 1000,
  });
  const users = createInMemoryUserDirectory(knownUsers ?? TEST_USERS);
  const logs: string[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
  });
  await app.register(identityPlugin, {
    mode: 'test',
    sessionCodec,
    csrfSecret: IDENTITY_TEST_CSRF_SECRET,
    publicUrl: base,
    users,
    auth0Enabled: false,
    ...rest,
    ...(withBase ? withBase(base) : {}),
  });
  await extraRoutes?.(app, sessionCodec);
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    base,
    users,
    sessionCodec,
    logs,
    browser: () => new TestBrowser(base),
    close: () => app.close(),
  };
}
