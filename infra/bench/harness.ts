/**
 * What the benchmarks and the soak suite share: a database of their own, the application in a
 * child process (benchServer.ts), sessions sealed with its secret, the read models caught up, and
 * HTTP load with autocannon summarised as percentiles.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import knexFactory from 'knex';
import pg from 'pg';
import {
  SESSION_COOKIE_NAME,
  comparePositions,
  createPostgresEventStore,
  createSessionCodec,
  csrfTokenFor,
  tokenToPosition,
} from '@allot/shared-events';
import { createProjectionRunner } from '@allot/projection-service';
import { EVENT_STORE_SCHEMA } from '../src/embedded/eventStore.js';
import { allProjections, isAllotEventType } from '../src/embedded/projections.js';
import { countEvents } from './largeInstitution.js';

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.max(0, Math.min(sorted.length - 1, rank))] as number;
}

/** Session headers (cookie and CSRF token) of a user, sealed with the server's secret. */
export function sessionMaker(secret: string): (userId: string) => SessionHeaders {
  const codec = createSessionCodec({ secrets: [secret], ttlMs: 4 * 60 * 60_000 });
  return (userId) => {
    const cookie = codec.encode({ userId, workingUserId: userId });
    const session = codec.decode(cookie);
    if (!session) throw new Error('the session codec refused its own cookie');
    return {
      cookie: `${SESSION_COOKIE_NAME}=${cookie}`,
      'x-csrf-token': csrfTokenFor(session, secret),
    };
  };
}

// A type alias, not an interface, so it passes as fetch's and autocannon's header records.
export type SessionHeaders = { cookie: string; 'x-csrf-token': string };

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  rate?: number;
  amount?: number;
  request: AutocannonRequest;
}): Promise<LoadResult> {
  const times: number[] = [];
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        ...(options.amount !== undefined
          ? { amount: options.amount }
          : { duration: options.seconds }),
        ...(options.rate !== undefined ? { overallRate: options.rate } : {}),
        timeout: 30,
        requests: [options.request],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      times.push(responseTime);
    });
  });
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, Number(count)]),
  );
  return {
    requests: times.length,
    seconds: result.duration,
    perSecond: times.length / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    non2xx: result.non2xx,
    errors: result.errors,
    statusCodes,
  };
}

export function describe(label: string, r: LoadResult): string {
  return `${label}: ${fmt(r.requests)} requests in ${r.seconds.toFixed(1)} s (${r.perSecond.toFixed(0)}/s), p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, non-2xx ${String(r.non2xx)}, errors ${String(r.errors)}, status ${JSON.stringify(r.statusCodes)}`;
}

export async function createDatabase(
  databaseUrl: string,
  prefix = 'allot_bench_teaching',
): Promise<{ url: string; drop(): Promise<void> }> {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  const name = reuse ?? `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  if (!reuse) await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (process.env.BENCH_KEEP_DATABASE || reuse) {
        console.log(`Database ${name} kept (BENCH_KEEP_DATABASE); drop it yourself.`);
      } else {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
      await admin.end();
    },
  };
}

/** Runs every projection on the database at `url` until it reaches the head of the log. */
export async function catchUp(
  url: string,
  what = `${String(allProjections.length)} production projections from an empty database`,
): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined);
  const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 10 } });
  try {
    const store = await createPostgresEventStore({ pool, schema: EVENT_STORE_SCHEMA });
    const runner = createProjectionRunner({
      store,
      knex,
      projections: allProjections,
      knownEventTypes: isAllotEventType,
    });
    const head = await store.committedHeadPosition();
    if (!head) throw new Error('the log is empty');
    console.log(`\n2. Projection catch-up: ${what}`);
    const started = performance.now();
    await runner.start();
    const progress = setInterval(() => {
      const behind = runner.status().filter((s) => {
        const at = s.position === null ? null : tokenToPosition(s.position);
        return at === null || comparePositions(at, head) < 0;
      });
      console.log(
        `  ${((performance.now() - started) / 1000).toFixed(0)} s: ${String(allProjections.length - behind.length)} of ${String(allProjections.length)} projections at the head`,
      );
    }, 30_000);
    const done = await runner.waitFor(head, undefined, 60 * 60_000);
    clearInterval(progress);
    const seconds = (performance.now() - started) / 1000;
    await runner.stop();
    if (!done) throw new Error('the projections did not catch up within an hour');
    const total = await countEvents(pool);
    console.log(
      `Catch-up time: ${seconds.toFixed(1)} s (${fmt(total / seconds)} events/s over the log, every projection at the head)`,
    );
    // Catch-up rewrote every section row ~45 times; autovacuum would clean that up within
    // minutes, done here at once so the HTTP figures do not depend on when it runs.
    const vacuumStarted = performance.now();
    await knex.raw('VACUUM ANALYZE');
    console.log(`VACUUM ANALYZE: ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
    await store.close();
  } finally {
    await knex.destroy();
    await pool.end();
  }
}

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

/** The application in a child process (benchServer.ts), so the load generator has its own CPU time. */
export async function startApp(
  url: string,
  dataDir: string,
  secret: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const file = fileURLToPath(new URL('./benchServer.ts', import.meta.url));
  // BENCH_PROFILE_DIR: the application's CPU profile (a .cpuprofile, for Chrome's DevTools or
  // speedscope) is written there when it stops — where its time went during the benchmark.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...process.execArgv, ...profile, file], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: url,
      BENCH_SESSION_SECRET: secret,
      ...env,
      BENCH_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const listening = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) resolve(line.slice('listening '.length));
    });
    child.once('exit', (code) => reject(new Error(`benchServer exited with ${String(code)}`)));
  });
  return {
    url: listening,
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
