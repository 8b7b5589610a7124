/**
 * The teaching benchmark (issue 6, "Data and speed"), run by `npm run bench`, never by `npm test`:
 * 1. generates the large institution (largeInstitution.ts: 20,000 sections, 2,000 instructors,
 *    1,000,000 domain events) in a database of its own and prints the events per type and the
 *    time to append them;
 * 2. builds every read model with the projection runner and the production projections
 *    (`allProjections`) from an empty database, and prints the catch-up time;
 * 3. starts the real application on that database (`startAllot`, production mode, no demo data)
 *    and drives it with autocannon: p95 latency at a fixed 200 requests/s of the sections list
 *    (at least 100 distinct filter/sort/page queries) and of assign-instructor (each request on
 *    a different section, non-2xx counted), the maximum sustained rate of each (unthrottled, with
 *    connections), and the time from an assign command to `teachingAssignmentCreated` in a second
 *    client signed in as another user (socket.io).
 * Figures are printed with their targets and never asserted. The database is dropped at the end.
 *
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *        node --conditions=allot-source --import tsx infra/bench/teachingBench.ts
 * Smaller runs: BENCH_LARGE_EVENTS, BENCH_LARGE_SECTIONS, BENCH_LARGE_INSTRUCTORS,
 * BENCH_HTTP_SECONDS (each fixed-rate and maximum-rate run), BENCH_SOCKET_COMMANDS;
 * BENCH_KEEP_DATABASE=1 keeps the database for EXPLAIN afterwards, BENCH_REUSE_DATABASE=<name>
 * measures HTTP again on a kept database (same sizes; its assignments from earlier HTTP runs stay).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import knexFactory from 'knex';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
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
import { demoUserId } from '../src/seed/demoUsers.js';
import {
  countEvents,
  countEventsByType,
  describeLargeInstitution,
  generateLargeInstitution,
  type GeneratedSection,
  type LargeInstitution,
} from './largeInstitution.js';

const EVENTS = Number(process.env.BENCH_LARGE_EVENTS ?? 1_000_000);
const SECTIONS = Number(process.env.BENCH_LARGE_SECTIONS ?? 20_000);
const INSTRUCTORS = Number(process.env.BENCH_LARGE_INSTRUCTORS ?? 2_000);
const HTTP_SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 15);
const SOCKET_COMMANDS = Number(process.env.BENCH_SOCKET_COMMANDS ?? 150);
const RATE = 200;
const SECRET = 'teaching-bench-session-secret-of-32-characters!';
const TARGETS = { listP95: 50, assignP95: 60, socketP95: 150 };

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.max(0, Math.min(sorted.length - 1, rank))] as number;
}

function versusTarget(label: string, value: number, target: number): string {
  const ratio = value / target;
  return `${label}: ${value.toFixed(1)} ms (target ≤ ${String(target)} ms, ratio ${ratio.toFixed(2)}${ratio <= 1 ? ', met' : ', MISSED'})`;
}

// ---------------------------------------------------------------------------------------------
// Sessions

const codec = createSessionCodec({ secrets: [SECRET], ttlMs: 4 * 60 * 60_000 });

function sessionHeaders(userId: string): { cookie: string; 'x-csrf-token': string } {
  const cookie = codec.encode({ userId, workingUserId: userId });
  const session = codec.decode(cookie);
  if (!session) throw new Error('the session codec refused its own cookie');
  return {
    cookie: `${SESSION_COOKIE_NAME}=${cookie}`,
    'x-csrf-token': csrfTokenFor(session, SECRET),
  };
}

// ---------------------------------------------------------------------------------------------
// Requests

/** At least `count` distinct list queries: period, workgroup, coverage, search, sort, page. */
export function listQueries(institution: LargeInstitution, count: number): string[] {
  const sorts = [
    'courseNumber',
    'courseName',
    'sectionNumber',
    'name',
    'enrollment',
    'points',
    'coverageStatus',
    'coverageVariance',
    'updatedAt',
  ];
  const coverages = [null, 'uncovered', 'uncovered,partial', 'covered', 'over'];
  const searches = [null, null, null, 'intro', 'seminar', 'advanced', 'methods', 'anth', 'stat 1'];
  const takes = [25, 50, 100];
  const found = new Set<string>();
  for (let i = 0; found.size < count && i < count * 20; i++) {
    const params = new URLSearchParams();
    params.set(
      'AcademicPeriodId',
      i % 5 === 4 ? institution.periodIds.past : institution.periodIds.active,
    );
    if (i % 3 !== 0) {
      const workgroup = institution.workgroupIds[(i * 7) % institution.workgroupIds.length];
      if (workgroup) params.set('WorkgroupId', workgroup);
    }
    const coverage = coverages[(i * 3) % coverages.length];
    if (coverage) params.set('coverageStatus', coverage);
    const q = searches[(i * 5) % searches.length];
    if (q) params.set('q', q);
    if (i % 11 === 10) {
      const instructor = institution.instructorIds[(i * 17) % institution.instructorIds.length];
      if (instructor) params.set('UserId', instructor);
    }
    const sort = sorts[i % sorts.length] as string;
    params.set('sort', JSON.stringify([[sort, i % 2 === 0 ? 'ASC' : 'DESC']]));
    const take = takes[(i >> 1) % takes.length] as number;
    params.set('take', String(take));
    params.set('skip', String(take * ((i >> 2) % 4)));
    found.add(`/api/sections?${params.toString()}`);
  }
  return [...found];
}

interface AssignPair {
  SectionId: string;
  UserId: string;
}

/**
 * Instructor/section pairs that cannot conflict: active-period sections, each once, assigned to
 * instructors who teach nothing in the active period yet; an instructor takes at most one
 * section per term and time slot (the slots of a term never overlap), so no assignment of the
 * benchmark double-books anybody. Online sections have no meetings.
 */
export function assignPairs(institution: LargeInstitution): AssignPair[] {
  const pool = institution.unassignedInstructorIds;
  const busy = new Map<string, Set<string>>();
  const pairs: AssignPair[] = [];
  let cursor = 0;
  const sections = institution.sections.filter((s: GeneratedSection) => s.period === 'active');
  for (const section of sections) {
    const key = section.slot === null ? null : `${section.term}/${String(section.slot)}`;
    for (let tries = 0; tries < pool.length; tries++) {
      const instructor = pool[cursor++ % pool.length] as string;
      let taken = busy.get(instructor);
      if (!taken) busy.set(instructor, (taken = new Set()));
      if (key !== null && taken.has(key)) continue;
      if (key !== null) taken.add(key);
      pairs.push({ SectionId: section.id, UserId: instructor });
      break;
    }
  }
  return pairs;
}

interface LoadResult {
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

async function load(options: {
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

function describe(label: string, r: LoadResult): string {
  return `${label}: ${fmt(r.requests)} requests in ${r.seconds.toFixed(1)} s (${r.perSecond.toFixed(0)}/s), p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, non-2xx ${String(r.non2xx)}, errors ${String(r.errors)}, status ${JSON.stringify(r.statusCodes)}`;
}

// ---------------------------------------------------------------------------------------------
// The run

async function createDatabase(
  databaseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const reuse = process.env.BENCH_REUSE_DATABASE;
  const name = reuse ?? `allot_bench_teaching_${Date.now().toString(36)}`;
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

async function generate(url: string): Promise<LargeInstitution> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined);
  try {
    const store = await createPostgresEventStore({ pool, schema: EVENT_STORE_SCHEMA });
    console.log(
      `\n1. Generating the large institution: ${fmt(SECTIONS)} sections, ${fmt(INSTRUCTORS)} instructors, ${fmt(EVENTS)} events`,
    );
    const started = performance.now();
    const institution = await generateLargeInstitution(store, pool, {
      sections: SECTIONS,
      instructors: INSTRUCTORS,
      events: EVENTS,
    });
    const seconds = (performance.now() - started) / 1000;
    const total = await countEvents(pool);
    console.log(`\nEvents per type (${fmt(total)} in all):`);
    for (const [type, n] of await countEventsByType(pool)) {
      console.log(`  ${type.padEnd(40)} ${fmt(n).padStart(10)}`);
    }
    const commandPhases = institution.phases.filter((p) => !p.name.includes('deciders'));
    const batched = institution.phases.filter((p) => p.name.includes('deciders'));
    const sum = (ps: typeof commandPhases, key: 'events' | 'seconds') =>
      ps.reduce((n, p) => n + p[key], 0);
    console.log(
      `Append time: ${seconds.toFixed(1)} s in all (${fmt(total / seconds)} events/s); through commands ${fmt(sum(commandPhases, 'events'))} events in ${sum(commandPhases, 'seconds').toFixed(1)} s, batched appends ${fmt(sum(batched, 'events'))} events in ${sum(batched, 'seconds').toFixed(1)} s (${fmt(sum(batched, 'events') / sum(batched, 'seconds'))} events/s)`,
    );
    await pool.query(`VACUUM ANALYZE ${EVENT_STORE_SCHEMA}.es_events`);
    await store.close();
    return institution;
  } finally {
    await pool.end();
  }
}

async function catchUp(url: string): Promise<void> {
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
    const head = await store.headPosition();
    if (!head) throw new Error('the log is empty');
    console.log(
      `\n2. Projection catch-up: ${String(allProjections.length)} production projections from an empty database`,
    );
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

/** What the realtime channel sends (attachRealtime): the projection's payload and the actor. */
interface RealtimeMessage {
  payload?: { SectionId?: string; id?: string; status?: string | null };
  actorId?: string | null;
}

interface BenchServer {
  url: string;
  close(): Promise<void>;
}

/** The application in a child process (benchServer.ts), so the load generator has its own CPU time. */
async function startApp(url: string, dataDir: string): Promise<BenchServer> {
  const file = fileURLToPath(new URL('./benchServer.ts', import.meta.url));
  const child = spawn(process.execPath, [...process.execArgv, file], {
    env: {
      ...process.env,
      BENCH_DATABASE_URL: url,
      BENCH_SESSION_SECRET: SECRET,
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

async function socketLatency(
  url: string,
  pairs: AssignPair[],
  actor: ReturnType<typeof sessionHeaders>,
  listener: ReturnType<typeof sessionHeaders>,
): Promise<number[]> {
  const socket: Socket = connectSocket(url, {
    path: '/api/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: listener.cookie },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const waiting = new Map<string, (at: number) => void>();
  socket.on('teachingAssignmentCreated', (message: RealtimeMessage) => {
    const id = message.payload?.id;
    const done = id ? waiting.get(id) : undefined;
    if (done) done(performance.now());
  });
  const latencies: number[] = [];
  try {
    for (const pair of pairs) {
      const started = performance.now();
      let arrivedAt: number | null = null;
      let assignmentId: string | null = null;
      const early = new Map<string, number>();
      const seen = (message: RealtimeMessage) => {
        const id = message.payload?.id;
        if (id) early.set(id, performance.now());
      };
      socket.on('teachingAssignmentCreated', seen);
      const response = await fetch(`${url}/api/sections/${pair.SectionId}/assignments`, {
        method: 'POST',
        headers: { ...actor, 'content-type': 'application/json' },
        body: JSON.stringify({ UserId: pair.UserId }),
      });
      const body = (await response.json()) as { id?: string };
      if (response.status !== 201 || !body.id) {
        throw new Error(`assign answered ${String(response.status)}: ${JSON.stringify(body)}`);
      }
      assignmentId = body.id;
      arrivedAt = early.get(assignmentId) ?? null;
      if (arrivedAt === null) {
        arrivedAt = await new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no socket event within 10 s')), 10_000);
          waiting.set(assignmentId, (at) => {
            clearTimeout(timer);
            resolve(at);
          });
        });
        waiting.delete(assignmentId);
      }
      socket.off('teachingAssignmentCreated', seen);
      latencies.push(arrivedAt - started);
      // One command at a time, a tenth of a second apart: a person clicking, not a load test.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    socket.close();
  }
  return latencies;
}

export async function runTeachingBench(databaseUrl = process.env.DATABASE_URL): Promise<void> {
  if (!databaseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server for the benchmark.');
  const database = await createDatabase(databaseUrl);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-teaching-bench-'));
  let allot: BenchServer | null = null;
  try {
    console.log(
      `Teaching benchmark: ${String(os.cpus().length)} cores, Node ${process.versions.node}, ${new Date().toISOString()}`,
    );
    const reuse = process.env.BENCH_REUSE_DATABASE;
    let institution: LargeInstitution;
    if (reuse) {
      // A database kept by an earlier run (BENCH_KEEP_DATABASE) with the same sizes.
      console.log(`\n1.–2. Reusing database ${reuse}: generated and caught up by an earlier run`);
      institution = describeLargeInstitution({ sections: SECTIONS, instructors: INSTRUCTORS });
    } else {
      institution = await generate(database.url);
      await catchUp(database.url);
    }

    console.log('\n3. HTTP: the application on that database (production mode, no demo data)');
    allot = await startApp(database.url, dataDir);
    const admin = sessionHeaders(demoUserId('admin'));
    const listener = sessionHeaders(demoUserId('academicOpsAdmin'));
    const queries = listQueries(institution, 120);
    const pairs = assignPairs(institution);
    console.log(
      `  ${allot.url}: ${String(queries.length)} distinct list queries, ${fmt(pairs.length)} conflict-free assign pairs`,
    );
    const check = await fetch(`${allot.url}${queries[0] ?? ''}`, { headers: admin });
    const sample = (await check.json()) as { count?: number };
    if (check.status !== 200) throw new Error(`the sections list answered ${String(check.status)}`);
    console.log(`  first query: ${String(sample.count)} sections match`);

    let nextQuery = 0;
    const listRequest: AutocannonRequest = {
      method: 'GET',
      headers: admin,
      setupRequest: (request) => ({
        ...request,
        path: queries[nextQuery++ % queries.length],
      }),
    };
    let nextPair = 0;
    const assignRequest: AutocannonRequest = {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      setupRequest: (request) => {
        const pair = pairs[nextPair++];
        if (!pair) throw new Error('the benchmark ran out of conflict-free assign pairs');
        return {
          ...request,
          path: `/api/sections/${pair.SectionId}/assignments`,
          body: JSON.stringify({ UserId: pair.UserId }),
        };
      },
    };

    // Warm-up: the first assign builds the command side's schedule index from the log.
    const warm = pairs[nextPair++] as AssignPair;
    const warmStarted = performance.now();
    const warmResponse = await fetch(`${allot.url}/api/sections/${warm.SectionId}/assignments`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ UserId: warm.UserId }),
    });
    console.log(
      `  warm-up assign: ${String(warmResponse.status)} in ${(performance.now() - warmStarted).toFixed(0)} ms (reads the section streams into the schedule index)`,
    );
    await load({ url: allot.url, connections: 4, seconds: 3, rate: 50, request: listRequest });

    const list = await load({
      url: allot.url,
      connections: 20,
      seconds: HTTP_SECONDS,
      rate: RATE,
      request: listRequest,
    });
    console.log(describe(`  list at ${String(RATE)}/s`, list));
    const assign = await load({
      url: allot.url,
      connections: 20,
      seconds: HTTP_SECONDS,
      rate: RATE,
      request: assignRequest,
    });
    console.log(describe(`  assign at ${String(RATE)}/s`, assign));
    const listMax = await load({
      url: allot.url,
      connections: 16,
      seconds: HTTP_SECONDS,
      request: listRequest,
    });
    console.log(describe('  list unthrottled (16 connections)', listMax));
    const remaining = pairs.length - nextPair - SOCKET_COMMANDS;
    const assignMax = await load({
      url: allot.url,
      connections: 16,
      seconds: HTTP_SECONDS,
      request: assignRequest,
      // Each request needs a pair of its own: stop before they run out (autocannon's `amount`
      // ends the run at that count; a few are kept back for requests already being built).
      amount: Math.max(16, remaining - 64),
    });
    console.log(describe('  assign unthrottled (16 connections)', assignMax));

    const socketPairs = pairs.slice(nextPair, nextPair + SOCKET_COMMANDS);
    nextPair += socketPairs.length;
    const latencies = await socketLatency(allot.url, socketPairs, admin, listener);
    const socketP95 = percentile(latencies, 95);
    console.log(
      `  command to socket event: ${String(latencies.length)} assigns, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${socketP95.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms`,
    );

    console.log('\nSummary (targets on this machine; never asserted):');
    console.log(
      `  ${versusTarget(`sections list p95 at ${String(RATE)}/s`, list.p95, TARGETS.listP95)}`,
    );
    console.log(
      `  ${versusTarget(`assign instructor p95 at ${String(RATE)}/s`, assign.p95, TARGETS.assignP95)}; non-2xx ${String(assign.non2xx)}${assign.non2xx === 0 ? '' : ' (should be 0)'}`,
    );
    console.log(
      `  ${versusTarget('assign command to socket event p95', socketP95, TARGETS.socketP95)}`,
    );
    console.log(
      `  maximum sustained rate: list ${listMax.perSecond.toFixed(0)}/s (p95 ${listMax.p95.toFixed(0)} ms, non-2xx ${String(listMax.non2xx)}), assign ${assignMax.perSecond.toFixed(0)}/s (p95 ${assignMax.p95.toFixed(0)} ms, non-2xx ${String(assignMax.non2xx)})`,
    );
  } finally {
    if (allot) await allot.close();
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runTeachingBench().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
