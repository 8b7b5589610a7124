import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SESSION_COOKIE_NAME, createSessionCodec, csrfTokenFor } from '@allot/shared-events';
import { loadConfig } from '../config/loadConfig.js';
import { startAllot, type RunningAllot } from '../embedded/startAllot.js';
import { demoUserId } from '../seed/demoUsers.js';
import { seededDemoDataDir } from './demoTemplate.js';

const SECRET = 'demo-allot-test-session-secret-0123456789';

export interface CallAnswer {
  status: number;
  /** Tests read answers loosely. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * The whole embedded app on a copy of the seeded demo (real PGlite, real HTTP) for a test file:
 * requests as any demo user (session cookie and CSRF token made here), and a wait until the read
 * models have passed everything written so far.
 */
export async function startDemoAllot(prefix: string, env: Record<string, string> = {}) {
  const codec = createSessionCodec({ secrets: [SECRET], ttlMs: 60 * 60 * 1000 });
  const dataDir = await seededDemoDataDir(prefix);
  const frontendDir = path.join(dataDir, 'frontend-dist');
  await mkdir(frontendDir);
  await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>Allot</title>');
  const allot: RunningAllot = await startAllot(
    loadConfig({
      ALLOT_MODE: 'test',
      ALLOT_DEMO_DATA: 'on',
      ALLOT_SESSION_SECRET: SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOT_DATA_DIR: dataDir,
      ALLOT_FRONTEND_DIR: frontendDir,
      ALLOT_DB_POOL_SIZE: '4',
      ...env,
    }),
  );

  /** Cookie and CSRF headers of a demo user's session. */
  function signedIn(username: string): Record<string, string> {
    const cookie = codec.encode({
      userId: demoUserId(username),
      workingUserId: demoUserId(username),
    });
    const session = codec.decode(cookie);
    if (!session) throw new Error('the codec refused its own cookie');
    return {
      cookie: `${SESSION_COOKIE_NAME}=${cookie}`,
      'x-csrf-token': csrfTokenFor(session, SECRET),
    };
  }

  async function settled(): Promise<void> {
    const head = await allot.store.committedHeadPosition();
    if (head && !(await allot.runner.waitFor(head, undefined, 20_000))) {
      throw new Error('projections did not catch up');
    }
  }
  await settled();

  return {
    allot,
    signedIn,
    settled,
    /** A request as the demo user `as`. */
    async call(method: string, url: string, as: string, body?: unknown): Promise<CallAnswer> {
      const headers = signedIn(as);
      const response = await fetch(`${allot.url}${url}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
    },
    async close(): Promise<void> {
      await allot.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
