/**
 * The fault and load suite, `npm run soak` (never part of `npm test`). On a PostgreSQL server
 * (DATABASE_URL) with a Redis of its own (redis-server on a free port), in a database of its own:
 *
 * 1. crash: a stream of writes while the server is killed with SIGKILL ten times; every write it
 *    acknowledged is in the log after restart, and the read models equal a fresh rebuild;
 * 2. faults: every database connection terminated ten times under writes (recovery without
 *    restart), the database refusing connections (503 with Retry-After, never 500) and Redis
 *    stopped and started; no acknowledged write lost;
 * 3. load: mixed reads and writes from 50 concurrent clients on the large institution (20,000
 *    sections) for SOAK_LOAD_SECONDS (600): errors, p95 figures and the server's memory at the
 *    start and end;
 * 4. probes: the concurrency tests (double booking, unique values, parent and child rules) and the
 *    route fuzz, run with jest against the same server.
 *
 * Figures are printed and written to docs/reliability.md between its soak markers (machine and
 * date); a broken promise fails the run. Smaller runs: SOAK_LOAD_SECONDS, SOAK_SECTIONS,
 * SOAK_EVENTS, SOAK_CRASHES; SOAK_PHASES=crash,faults,load,probes chooses phases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { AutocannonRequest } from 'autocannon';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { createPostgresEventStore } from '@allot/shared-events';
import { createCommandBus } from '@allot/command-service';
import { createTableResolver } from '@allot/projection-service';
import { EVENT_STORE_SCHEMA } from '../src/embedded/eventStore.js';
import { allProjections } from '../src/embedded/projections.js';
import { demoUserId } from '../src/seed/demoUsers.js';
import {
  catchUp,
  createDatabase,
  describe as describeLoad,
  fmt,
  load,
  sessionMaker,
  type LoadResult,
} from '../bench/harness.js';
import { generateLargeInstitution } from '../bench/largeInstitution.js';
import { assignPairs, listQueries } from '../bench/teachingBench.js';

const SECRET = 'soak-suite-session-secret-of-at-least-32-chars';
const CRASHES = Number(process.env.SOAK_CRASHES ?? 10);
const TERMINATIONS = 10;
const LOAD_SECONDS = Number(process.env.SOAK_LOAD_SECONDS ?? 600);
const LOAD_CLIENTS = 50;
const SECTIONS = Number(process.env.SOAK_SECTIONS ?? 20_000);
const INSTRUCTORS = Math.max(50, Math.round(SECTIONS / 10));
const EVENTS = Number(process.env.SOAK_EVENTS ?? SECTIONS * 50);
const PHASES = new Set(
  (process.env.SOAK_PHASES ?? 'crash,faults,load,probes').split(',').map((p) => p.trim()),
);
const ADMIN = 'soak-admin';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const sessionHeaders = sessionMaker(SECRET);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const findings: string[] = [];
const figures: string[] = [];

function note(line: string): void {
  console.log(`  ${line}`);
  figures.push(line);
}

function promise(ok: boolean, what: string): void {
  console.log(`  ${ok ? 'held' : 'BROKEN'}: ${what}`);
  if (!ok) findings.push(what);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The server, in a child process that may be killed

interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
}

const dataDirs: string[] = [];

async function startServer(databaseUrl: string, port: number, redisUrl?: string): Promise<Server> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-soak-'));
  dataDirs.push(dataDir);
  const file = path.join(repoRoot, 'infra', 'bench', 'benchServer.ts');
  const child = spawn(process.execPath, [...process.execArgv, file], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_SESSION_SECRET: SECRET,
      BENCH_DATA_DIR: dataDir,
      BENCH_PORT: String(port),
      ...(redisUrl ? { BENCH_REDIS_URL: redisUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) resolve(line.slice('listening '.length));
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${String(code)}`)));
  });
  return { url, child, exited };
}

async function stopServer(server: Server, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  server.child.kill(signal);
  await server.exited;
}

function rssOf(server: Server): number {
  const pid = server.child.pid;
  if (!pid) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// A stream of writes that remembers what the server acknowledged

interface Writes {
  acknowledged: string[];
  statuses: Map<number, number>;
  networkErrors: number;
  stop: boolean;
  url: string | null;
  running: Promise<void>[];
}

function startWrites(clients: number, label: string): Writes {
  const writes: Writes = {
    acknowledged: [],
    statuses: new Map(),
    networkErrors: 0,
    stop: false,
    url: null,
    running: [],
  };
  const headers = { ...sessionHeaders(ADMIN), 'content-type': 'application/json' };
  let next = 0;
  for (let c = 0; c < clients; c++) {
    writes.running.push(
      (async () => {
        while (!writes.stop) {
          const url = writes.url;
          if (!url) {
            await sleep(20);
            continue;
          }
          const code = `${label} ${String(next++)}`;
          try {
            const response = await fetch(`${url}/api/locations`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ code, capacity: 20 }),
              signal: AbortSignal.timeout(15_000),
            });
            writes.statuses.set(response.status, (writes.statuses.get(response.status) ?? 0) + 1);
            const body = (await response.json().catch(() => ({}))) as { id?: string };
            if (response.status === 201 && body.id) writes.acknowledged.push(body.id);
            if (response.status >= 500) await sleep(50);
          } catch {
            writes.networkErrors += 1;
            await sleep(20);
          }
        }
      })(),
    );
  }
  return writes;
}

async function stopWrites(writes: Writes): Promise<void> {
  writes.stop = true;
  await Promise.all(writes.running);
}

/** How many of the acknowledged records are missing from the log. */
async function missingFromLog(pool: pg.Pool, ids: readonly string[]): Promise<number> {
  const streams = ids.map((id) => `location-${id}`);
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(DISTINCT stream_id) AS n FROM ${EVENT_STORE_SCHEMA}.es_events
      WHERE stream_id = ANY($1) AND event_type = 'LocationCreated'`,
    [streams],
  );
  return ids.length - Number(rows[0]?.n ?? 0);
}

function statusesInWords(statuses: Map<number, number>): string {
  return [...statuses].map(([code, n]) => `${String(code)}×${fmt(n)}`).join(', ');
}

// ---------------------------------------------------------------------------------------------
// Read models against a fresh rebuild

/** Each read-model table's rows as one digest, by projection and table. */
async function readModelDigests(knex: Knex): Promise<Map<string, string>> {
  const tables = createTableResolver(knex);
  const digests = new Map<string, string>();
  for (const projection of allProjections) {
    for (const logical of projection.tables) {
      const table = await tables.table(projection.name, logical);
      const { rows } = await knex.raw<{ rows: { digest: string | null; n: string }[] }>(
        `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest,
                count(*) AS n FROM ${table} t`,
      );
      digests.set(`${projection.name}.${logical}`, `${rows[0]?.n ?? 0}:${rows[0]?.digest ?? ''}`);
    }
  }
  return digests;
}

async function compareWithRebuild(databaseUrl: string, adminUrl: string): Promise<string[]> {
  // A graceful stop does not wait for the projections, so the live read models may stop a few
  // events short of the log: let them catch up from their own checkpoints first (that is what
  // the next start does), and say when they were behind.
  const live = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
  const atStop = await readModelDigests(live);
  await catchUp(databaseUrl, 'the live read models from their checkpoints');
  const liveDigests = await readModelDigests(live);
  await live.destroy();
  const behind = [...atStop].filter(([key, digest]) => liveDigests.get(key) !== digest);
  if (behind.length > 0) {
    console.log(
      `  the live read models were behind the log at the stop in ${behind.map(([key]) => key).join(', ')}; caught up from their checkpoints`,
    );
  }
  // The same log in a copy whose read models are dropped, then built again from the log.
  const name = new URL(databaseUrl).pathname.slice(1);
  const copy = `${name}_rebuild`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${copy} TEMPLATE ${name}`);
    const copyUrl = new URL(databaseUrl);
    copyUrl.pathname = `/${copy}`;
    const wipe = new pg.Client({ connectionString: copyUrl.toString() });
    await wipe.connect();
    await wipe.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    await wipe.end();
    await catchUp(copyUrl.toString(), 'a copy of the log with its read models dropped');
    const rebuilt = knexFactory({
      client: 'pg',
      connection: copyUrl.toString(),
      pool: { min: 0, max: 2 },
    });
    const rebuiltDigests = await readModelDigests(rebuilt);
    await rebuilt.destroy();
    // Each differing table with its row counts (live, rebuilt): a count tells doubled rows from
    // changed ones.
    return [...liveDigests]
      .filter(([key, digest]) => rebuiltDigests.get(key) !== digest)
      .map(
        ([key, digest]) =>
          `${key} (rows ${digest.split(':')[0] ?? '?'} live, ${rebuiltDigests.get(key)?.split(':')[0] ?? '?'} rebuilt)`,
      );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
    await admin.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Phases

async function prepareAdmin(databaseUrl: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const store = await createPostgresEventStore({ pool, schema: EVENT_STORE_SCHEMA });
    const bus = createCommandBus({ store });
    await bus.execute('CreateUser', {
      id: ADMIN,
      firstName: 'Soak',
      lastName: 'Administrator',
      email: 'soak-admin@example.edu',
      username: 'soak-admin',
      Roles: [{ slug: 'admin' }],
      isActive: true,
    });
    await store.close();
  } finally {
    await pool.end();
  }
}

async function crashPhase(databaseUrl: string, adminUrl: string): Promise<void> {
  console.log(`\n1. Crash: ${String(CRASHES)} × SIGKILL under a stream of writes (8 clients)`);
  const port = await freePort();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let server = await startServer(databaseUrl, port);
  const writes = startWrites(8, 'CRASH');
  writes.url = server.url;
  const restarts: number[] = [];
  for (let crash = 1; crash <= CRASHES; crash++) {
    await sleep(1500 + Math.random() * 2500);
    await stopServer(server, 'SIGKILL');
    writes.url = null;
    const started = performance.now();
    server = await startServer(databaseUrl, port);
    restarts.push(performance.now() - started);
    writes.url = server.url;
  }
  await sleep(1500);
  await stopWrites(writes);
  const missing = await missingFromLog(pool, writes.acknowledged);
  note(
    `crash: ${fmt(writes.acknowledged.length)} writes acknowledged across ${String(CRASHES)} kills (answers ${statusesInWords(writes.statuses)}, ${fmt(writes.networkErrors)} cut off by a kill), ${String(missing)} missing after restart; restart to listening ${(Math.max(...restarts) / 1000).toFixed(1)} s at most`,
  );
  promise(missing === 0, 'every write acknowledged before a kill -9 is in the log after restart');
  const fiveHundreds = [...writes.statuses]
    .filter(([s]) => s >= 500)
    .reduce((n, [, c]) => n + c, 0);
  promise(fiveHundreds === 0, 'no 5xx answer while the server is up');
  await stopServer(server);
  await pool.end();
  const differing = await compareWithRebuild(databaseUrl, adminUrl);
  note(
    `read models after the kills against a rebuild from the log: ${differing.length === 0 ? 'equal' : `differ in ${differing.join(', ')}`}`,
  );
  promise(differing.length === 0, 'the read models equal a fresh rebuild after the kills');
}

async function startRedis(): Promise<{
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(false));
      });
      if (up) return;
      await sleep(50);
    }
    throw new Error('redis-server did not start');
  };
  const stop = async () => {
    const running = child;
    if (!running) return;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    await exited;
    child = null;
  };
  await start();
  return { url: `redis://127.0.0.1:${String(port)}`, stop, start };
}

async function faultPhase(databaseUrl: string, adminUrl: string): Promise<void> {
  console.log(
    `\n2. Faults: ${String(TERMINATIONS)} × every connection terminated, the database refusing connections, Redis stopped`,
  );
  const redis = await startRedis();
  const port = await freePort();
  const server = await startServer(databaseUrl, port, redis.url);
  const pool = new pg.Pool({ connectionString: adminUrl, max: 2 });
  const name = new URL(databaseUrl).pathname.slice(1);
  const writes = startWrites(8, 'FAULT');
  writes.url = server.url;
  const headers = sessionHeaders(ADMIN);
  const recoveries: number[] = [];

  const ackedSoon = async (since: number) => {
    const started = performance.now();
    while (writes.acknowledged.length <= since && performance.now() - started < 30_000) {
      await sleep(20);
    }
    return writes.acknowledged.length > since ? performance.now() - started : Number.NaN;
  };

  for (let i = 0; i < TERMINATIONS; i++) {
    await sleep(800);
    const before = writes.acknowledged.length;
    await pool.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    recoveries.push(await ackedSoon(before));
  }
  note(
    `connections terminated ${String(TERMINATIONS)} times: writes went on after each within ${(Math.max(...recoveries) / 1000).toFixed(2)} s at most, without a restart`,
  );
  promise(
    recoveries.every((r) => Number.isFinite(r)),
    'writes recover after every termination without a restart',
  );

  // The database refuses every connection for a few seconds.
  const outage: number[] = [];
  let retryAfter = true;
  await pool.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  await pool.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [name],
  );
  const outageEnds = performance.now() + 5000;
  while (performance.now() < outageEnds) {
    const response = await fetch(`${server.url}/api/locations?take=5`, { headers }).catch(
      () => null,
    );
    if (response) {
      outage.push(response.status);
      if (response.status === 503 && !response.headers.get('retry-after')) retryAfter = false;
      await response.body?.cancel();
    }
    await sleep(100);
  }
  const beforeBack = writes.acknowledged.length;
  await pool.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
  const back = await ackedSoon(beforeBack);
  const outageStatuses = new Map<number, number>();
  for (const s of outage) outageStatuses.set(s, (outageStatuses.get(s) ?? 0) + 1);
  note(
    `database refusing connections for 5 s: reads answered ${statusesInWords(outageStatuses)}; writes back ${(back / 1000).toFixed(2)} s after it accepted connections again`,
  );
  promise(
    outage.length > 0 && outage.every((s) => s === 503) && retryAfter,
    'while the database is away every read answers 503 with Retry-After (never 500)',
  );
  promise(Number.isFinite(back), 'writes recover once the database is back, without a restart');

  // Redis away: realtime fan-out and jobs lose their broker for a while.
  const beforeRedis = writes.acknowledged.length;
  await redis.stop();
  await sleep(3000);
  const duringRedis = writes.acknowledged.length - beforeRedis;
  await redis.start();
  await sleep(3000);
  note(`Redis stopped for 3 s: ${fmt(duringRedis)} writes acknowledged meanwhile, then restarted`);
  promise(duringRedis > 0, 'writes go on while Redis is stopped');

  await sleep(1000);
  await stopWrites(writes);
  const check = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const missing = await missingFromLog(check, writes.acknowledged);
  await check.end();
  const fiveHundreds = [...writes.statuses]
    .filter(([s]) => s >= 500 && s !== 503)
    .reduce((n, [, c]) => n + c, 0);
  note(
    `faults: ${fmt(writes.acknowledged.length)} writes acknowledged (answers ${statusesInWords(writes.statuses)}), ${String(missing)} missing`,
  );
  promise(
    missing === 0,
    'no acknowledged write lost to terminated connections, an outage or Redis',
  );
  promise(fiveHundreds === 0, 'no 500 from a fault (503 while the database is away)');
  await stopServer(server);
  await redis.stop();
  await pool.end();
}

async function loadPhase(adminUrl: string): Promise<void> {
  console.log(
    `\n3. Load: ${String(LOAD_CLIENTS)} clients for ${String(LOAD_SECONDS)} s on ${fmt(SECTIONS)} sections`,
  );
  const database = await createDatabase(adminUrl, 'allot_soak_load');
  try {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    pool.on('error', () => undefined);
    const store = await createPostgresEventStore({ pool, schema: EVENT_STORE_SCHEMA });
    const generated = performance.now();
    const institution = await generateLargeInstitution(store, pool, {
      sections: SECTIONS,
      instructors: INSTRUCTORS,
      events: EVENTS,
    });
    await store.close();
    await pool.end();
    note(
      `load: the institution (${fmt(SECTIONS)} sections, ${fmt(INSTRUCTORS)} instructors) generated in ${((performance.now() - generated) / 1000).toFixed(0)} s`,
    );
    await catchUp(database.url);
    const server = await startServer(database.url, await freePort());
    try {
      const admin = sessionHeaders(demoUserId('admin'));
      const queries = listQueries(institution, 120);
      const pairs = assignPairs(institution);
      let nextQuery = 0;
      let nextPair = 0;
      const requests: AutocannonRequest = {
        method: 'GET',
        headers: admin,
        // Nine reads for each write: lists of sections with filters, sorts and pages, and an
        // instructor assignment that fits.
        setupRequest: (request) => {
          const n = nextQuery++;
          const pair = n % 10 === 9 ? pairs[nextPair++] : undefined;
          if (pair) {
            return {
              ...request,
              method: 'POST',
              path: `/api/sections/${pair.SectionId}/assignments`,
              headers: { ...admin, 'content-type': 'application/json' },
              body: JSON.stringify({ UserId: pair.UserId }),
            };
          }
          return { ...request, method: 'GET', path: queries[n % queries.length] };
        },
      };
      const warm = await load({ url: server.url, connections: 4, seconds: 5, request: requests });
      const rssStart = rssOf(server);
      const result: LoadResult = await load({
        url: server.url,
        connections: LOAD_CLIENTS,
        seconds: LOAD_SECONDS,
        // A steady rate the machine sustains, so the figures say how it behaves, not where it breaks.
        rate: Math.max(50, Math.round(warm.perSecond * 0.6)),
        request: requests,
      });
      const rssEnd = rssOf(server);
      note(
        describeLoad(`load (${String(LOAD_CLIENTS)} clients, ${String(LOAD_SECONDS)} s)`, result),
      );
      note(
        `server memory (RSS): ${rssStart.toFixed(0)} MB after warm-up, ${rssEnd.toFixed(0)} MB at the end (${(((rssEnd - rssStart) / rssStart) * 100).toFixed(1)} %)`,
      );
      promise(
        result.errors === 0 && result.non2xx === 0,
        'no error and no non-2xx answer under load',
      );
      promise(
        rssEnd <= rssStart * 1.1,
        'the server’s memory grows by no more than 10 % under load',
      );
    } finally {
      await stopServer(server);
    }
  } finally {
    await database.drop();
  }
}

async function probePhase(adminUrl: string): Promise<void> {
  console.log('\n4. Probes: the concurrency tests and the route fuzz (jest)');
  const files = [
    'command-service/src/teaching/doubleBookingRace.int.test.ts',
    'command-service/src/teaching/sectionNumberRace.int.test.ts',
    'command-service/src/resources/uniqueRace.int.test.ts',
    'command-service/src/resources/parentChildRace.int.test.ts',
    'infra/src/apiConformance/fuzz.int.test.ts',
    'infra/src/apiConformance/routeWalker.int.test.ts',
  ];
  const code = await new Promise<number>((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--experimental-vm-modules',
        '--no-warnings=ExperimentalWarning',
        path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
        ...files,
      ],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: adminUrl },
      },
    );
    child.once('exit', (c) => resolve(c ?? 1));
  });
  note(
    `probes: ${String(files.length)} test files (concurrency and fuzz) ${code === 0 ? 'passed' : 'FAILED'}`,
  );
  promise(
    code === 0,
    'the concurrency probes and the route fuzz pass (0 5xx, nothing written when refused)',
  );
}

async function writeFigures(): Promise<void> {
  const file = path.join(repoRoot, 'docs', 'reliability.md');
  const text = await readFile(file, 'utf8');
  const start = '<!-- soak:start -->';
  const end = '<!-- soak:end -->';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a === -1 || b === -1) return;
  const cpus = os.cpus();
  const block = [
    start,
    '',
    `Last run: ${new Date().toISOString().slice(0, 10)}, ${String(cpus.length)} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}; phases ${[...PHASES].join(', ')}.`,
    '',
    ...figures.map((f) => `- ${f}`),
    '',
    findings.length === 0 ? 'Every promise held.' : `Broken: ${findings.join('; ')}.`,
    '',
    end,
  ].join('\n');
  await writeFile(file, text.slice(0, a) + block + text.slice(b + end.length));
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('npm run soak needs DATABASE_URL (a PostgreSQL server).');
  console.log(
    `Soak: ${String(os.cpus().length)} cores, Node ${process.versions.node}, ${new Date().toISOString()}`,
  );
  const database = await createDatabase(adminUrl, 'allot_soak');
  try {
    await prepareAdmin(database.url);
    if (PHASES.has('crash')) await crashPhase(database.url, adminUrl);
    if (PHASES.has('faults')) await faultPhase(database.url, adminUrl);
  } finally {
    await database.drop();
  }
  if (PHASES.has('load')) await loadPhase(adminUrl);
  if (PHASES.has('probes')) await probePhase(adminUrl);
  await writeFigures();
  console.log(findings.length === 0 ? '\nEvery promise held.' : `\nBroken: ${findings.join('; ')}`);
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  process.exit(findings.length === 0 ? 0 : 1);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
