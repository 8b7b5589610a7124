import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { HTTPMethods, RouteOptions } from 'fastify';
import {
  SESSION_COOKIE_NAME,
  createSessionCodec,
  csrfTokenFor,
  type EventStore,
} from '@allot/shared-events';
import { loadConfig } from '../config/loadConfig.js';
import { startAllot, type RunningAllot } from '../embedded/startAllot.js';
import { seededDemoDataDir } from '../testing/demoTemplate.js';

const SECRET = 'api-conformance-session-secret-of-32-chars!';
const codec = createSessionCodec({ secrets: [SECRET], ttlMs: 60 * 60_000 });

/** One registered route as the walker sees it. */
export interface WalkedRoute {
  method: string;
  url: string;
  requires: { action: string; subject: string } | undefined;
}

export interface ConformanceApp {
  allot: RunningAllot;
  routes: WalkedRoute[];
  /** Where the embedded database lives; a second start on it finds the same log. */
  dataDir: string;
  /** `keepData` leaves the folder for a restart (the caller removes it then). */
  close(options?: { keepData?: boolean }): Promise<void>;
}

function methodsOf(route: RouteOptions): string[] {
  const method: HTTPMethods | HTTPMethods[] = route.method;
  return Array.isArray(method) ? method : [method];
}

/**
 * The whole application as `npm start` builds it (startAllot: identity, command and projection
 * services on embedded PGlite, demo data seeded), with every registered route recorded. `env`
 * adds to or overrides the configuration (a sign-in strategy, no demo data).
 */
export async function startConformanceApp(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<ConformanceApp> {
  const demo = options.env?.ALLOT_DEMO_DATA !== 'off';
  // The demo institution is seeded once per test run and copied (testing/demoTemplate.ts).
  const dataDir =
    options.dataDir ??
    (demo
      ? await seededDemoDataDir('allot-conformance-')
      : await mkdtemp(path.join(os.tmpdir(), 'allot-conformance-')));
  const frontendDir = path.join(dataDir, 'frontend-dist');
  await mkdir(frontendDir, { recursive: true });
  await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>Allot</title>');
  const routes: WalkedRoute[] = [];
  const allot = await startAllot(
    loadConfig({
      ALLOT_MODE: 'test',
      ALLOT_DEMO_DATA: 'on',
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOT_DATA_DIR: dataDir,
      ALLOT_FRONTEND_DIR: frontendDir,
      ALLOT_DB_POOL_SIZE: '4',
      ALLOT_SESSION_SECRET: SECRET,
      LOG_LEVEL: 'silent',
      ...options.env,
    }),
    {
      onRoute: (route) => {
        for (const method of methodsOf(route)) {
          routes.push({ method, url: route.url, requires: route.config?.requires });
        }
      },
    },
  );
  return {
    allot,
    routes,
    dataDir,
    async close(closeOptions = {}) {
      await allot.close();
      if (!closeOptions.keepData) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookie and CSRF token of a fresh session of `userId` (as a sign-in would issue). */
export function sessionHeaders(userId: string, workingUserId = userId): Record<string, string> {
  const cookie = codec.encode({ userId, workingUserId });
  const session = codec.decode(cookie);
  if (!session) throw new Error('codec refused its own cookie');
  return {
    cookie: `${SESSION_COOKIE_NAME}=${cookie}`,
    'x-csrf-token': csrfTokenFor(session, SECRET),
  };
}

/** Waits until every projection has read the whole log. */
export async function waitForProjections(allot: RunningAllot): Promise<void> {
  const head = await allot.store.committedHeadPosition();
  if (head) await allot.runner.waitFor(head, undefined, 30_000);
}

/** How many events the log holds: a run that must write nothing leaves it unchanged. */
export async function eventCount(store: EventStore): Promise<number> {
  return (await store.readAll()).length;
}
