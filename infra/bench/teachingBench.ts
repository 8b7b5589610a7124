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
 *    client signed in as another user (socket.io); then the Sections report (filtered, sorted,
 *    paged) at 20 requests/s now and as of a position halfway through the log — again after a
 *    VACUUM of the plan's history when the server's autovacuum is off, as it would have run;
 *    then the change feed (GET /api/changes): first pages with filters, pages further down, and
 *    faculty members' own feeds; then the Instructor Cost Matrix's reads (GET /api/costs/lines
 *    filtered, sorted and paged over the period's 20,000 sections, and /api/costs/totals).
 * Figures are printed with their targets and never asserted. The database is dropped at the end.
 *
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *        node --conditions=allot-source --import tsx infra/bench/teachingBench.ts
 * Smaller runs: BENCH_LARGE_EVENTS, BENCH_LARGE_SECTIONS, BENCH_LARGE_INSTRUCTORS,
 * BENCH_HTTP_SECONDS (each fixed-rate and maximum-rate run), BENCH_SOCKET_COMMANDS;
 * BENCH_KEEP_DATABASE=1 keeps the database for EXPLAIN afterwards, BENCH_REUSE_DATABASE=<name>
 * measures HTTP again on a kept database (same sizes; its assignments from earlier HTTP runs stay).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AutocannonRequest } from 'autocannon';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { createPostgresEventStore } from '@allot/shared-events';
import { EVENT_STORE_SCHEMA } from '../src/embedded/eventStore.js';
import { demoUserId } from '../src/seed/demoUsers.js';
import {
  catchUp,
  createDatabase,
  describe,
  fmt,
  load,
  percentile,
  sessionMaker,
  startApp,
  type BenchServer,
  type SessionHeaders,
} from './harness.js';
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
const TARGETS = {
  listP95: 50,
  assignP95: 60,
  socketP95: 150,
  reportP95: 100,
  reportAsOfP95: 200,
  feedP95: 100,
  costLinesP95: 200,
  costTotalsP95: 500,
};
const REPORT_RATE = 20;
const sessionHeaders = sessionMaker(SECRET);

function versusTarget(label: string, value: number, target: number): string {
  const ratio = value / target;
  return `${label}: ${value.toFixed(1)} ms (target ≤ ${String(target)} ms, ratio ${ratio.toFixed(2)}${ratio <= 1 ? ', met' : ', MISSED'})`;
}

// ---------------------------------------------------------------------------------------------
// Sessions

// ---------------------------------------------------------------------------------------------
// Requests

/** Cost lines of the active period as a financial reporting user opens them: filters, sorts, pages. */
export function costLineQueries(institution: LargeInstitution, count: number): string[] {
  const sorts = ['section', 'instructor', 'workgroup', 'points', 'cost'];
  const kinds = [null, 'assignment', 'unstaffed', 'placeholder'];
  const searches = [null, null, 'intro', 'methods', 'stat 1'];
  const found: string[] = [];
  for (let i = 0; i < count; i++) {
    const params = new URLSearchParams();
    params.set('AcademicPeriodId', institution.periodIds.active);
    if (i % 3 === 1) {
      params.set(
        'WorkgroupId',
        institution.workgroupIds[i % institution.workgroupIds.length] ?? '',
      );
    }
    const kind = kinds[i % kinds.length];
    if (kind) params.set('kind', kind);
    const q = searches[i % searches.length];
    if (q) params.set('q', q);
    params.set('sort', sorts[i % sorts.length] ?? 'section');
    if (i % 2 === 1) params.set('direction', 'DESC');
    params.set('take', '50');
    params.set('skip', String((i % 4) * 50));
    found.push(`/api/costs/lines?${params.toString()}`);
  }
  return found;
}

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
 * Sections report queries (POST /api/reports/Sections/query): filtered by coverage and a
 * workgroup name, sorted on two columns, paged; `asOf` names a past position or none.
 */
export function reportQueries(
  institution: LargeInstitution,
  count: number,
  asOf: { position: string } | null,
): string[] {
  const coverages = [['uncovered'], ['uncovered', 'partial'], ['covered'], []];
  const names = ['', 'an', 'e', 'stat'];
  const sorts = ['points', 'courseNumber', 'enrollment', 'sectionName'];
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      AcademicPeriodId: institution.periodIds.active,
      columns: [
        'courseNumber',
        'sectionNumber',
        'sectionName',
        'workgroup',
        'points',
        'coverage',
        'instructors',
      ],
      filters: {
        coverage: coverages[i % coverages.length],
        workgroup: names[(i >> 2) % names.length],
      },
      sorts: [
        { column: sorts[i % sorts.length], direction: i % 2 === 0 ? 'asc' : 'desc' },
        { column: 'sectionNumber', direction: 'asc' },
      ],
      page: (i >> 3) % 3,
      pageSize: 50,
      ...(asOf ? { asOf } : {}),
    }),
  );
}

async function autovacuumOn(url: string): Promise<boolean> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const found = await pool.query<{ autovacuum: string }>('SHOW autovacuum');
    return found.rows[0]?.autovacuum === 'on';
  } finally {
    await pool.end();
  }
}

/** VACUUM ANALYZE of the plan history's tables (their physical names); the seconds it took. */
async function vacuumPlanHistory(url: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const started = performance.now();
    const tables = await pool.query<{ name: string }>(
      `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
       WHERE table_name LIKE 'plan_log_v%' OR table_name LIKE 'plan_versions_v%'`,
    );
    for (const { name } of tables.rows) await pool.query(`VACUUM ANALYZE ${name}`);
    return (performance.now() - started) / 1000;
  } finally {
    await pool.end();
  }
}

/**
 * Change feed pages (GET /api/changes): the newest changes, and filtered by period, workgroup,
 * kind of record or a search, as a reader opens them; the feed's own paging is measured apart.
 */
export function feedQueries(institution: LargeInstitution, count: number): string[] {
  const kinds = [null, 'assignment', 'section', null];
  const searches = [null, null, 'intro', 'seminar'];
  return Array.from({ length: count }, (_, i) => {
    const params = new URLSearchParams({ take: '50' });
    if (i % 2 === 0) params.set('AcademicPeriodId', institution.periodIds.active);
    const workgroup = institution.workgroupIds[(i * 7) % institution.workgroupIds.length];
    if (i % 3 !== 0 && workgroup) params.set('WorkgroupId', workgroup);
    const kind = kinds[i % kinds.length];
    if (kind) params.set('kind', kind);
    const q = searches[(i >> 2) % searches.length];
    if (q) params.set('q', q);
    return `/api/changes?${params.toString()}`;
  });
}

/** Faculty members' own feeds: an instructor each, in the active period or every period. */
export function facultyFeedQueries(
  institution: LargeInstitution,
  count: number,
): { userId: string; path: string }[] {
  const ids = institution.instructorIds;
  return Array.from({ length: count }, (_, i) => {
    const params = new URLSearchParams({ take: '50' });
    if (i % 2 === 0) params.set('AcademicPeriodId', institution.periodIds.active);
    return { userId: ids[(i * 37) % ids.length] ?? '', path: `/api/changes?${params.toString()}` };
  });
}

/** A position halfway through the plan's history, for the as-of report. */
async function pastPosition(url: string): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const table = await pool.query<{ name: string }>(
      `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
       WHERE table_name LIKE 'plan_log_v%' ORDER BY table_name DESC LIMIT 1`,
    );
    const name = table.rows[0]?.name;
    if (!name) throw new Error('the plan history has no log table');
    const row = await pool.query<{ commit_position: string; prepare_position: string }>(
      `SELECT commit_position, prepare_position FROM ${name}
       WHERE seq = (SELECT max(seq) / 2 FROM ${name})`,
    );
    const found = row.rows[0];
    if (!found) throw new Error('the plan history is empty');
    return `${found.commit_position}:${found.prepare_position}`;
  } finally {
    await pool.end();
  }
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

// ---------------------------------------------------------------------------------------------
// The run

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

/** What the realtime channel sends (attachRealtime): the projection's payload and the actor. */
interface RealtimeMessage {
  payload?: { SectionId?: string; id?: string; status?: string | null };
  actorId?: string | null;
}

async function socketLatency(
  url: string,
  pairs: AssignPair[],
  actor: SessionHeaders,
  listener: SessionHeaders,
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
    allot = await startApp(database.url, dataDir, SECRET);
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

    const past = await pastPosition(database.url);
    /** Requests at the reports' fixed rate over 4 connections, each the next variant in turn. */
    const atReportRate = async (request: AutocannonRequest, variants: AutocannonRequest[]) => {
      let next = 0;
      return load({
        url: allot?.url ?? '',
        connections: 4,
        seconds: HTTP_SECONDS,
        rate: REPORT_RATE,
        request: {
          ...request,
          setupRequest: (shaped) => ({ ...shaped, ...variants[next++ % variants.length] }),
        },
      });
    };
    const reportLoad = async (bodies: string[]) =>
      atReportRate(
        {
          method: 'POST',
          path: '/api/reports/Sections/query',
          headers: { ...admin, 'content-type': 'application/json' },
        },
        bodies.map((body) => ({ body })),
      );
    const measureReports = async (when: string) => {
      const now = await reportLoad(reportQueries(institution, 64, null));
      console.log(describe(`  Sections report now at ${String(REPORT_RATE)}/s, ${when}`, now));
      const asOf = await reportLoad(reportQueries(institution, 64, { position: past }));
      console.log(
        describe(`  Sections report as of ${past} at ${String(REPORT_RATE)}/s, ${when}`, asOf),
      );
      return { now, asOf };
    };
    // Reports read the plan's current records from indexes alone on pages the visibility map
    // marks all-visible, which a vacuum keeps so (the versions table asks for one after 0.5 % of
    // changes). Measured first as the assigning above left the table; on a server whose
    // autovacuum is off (this machine's CI configuration) that state would last, so the
    // reports are measured again after the vacuum autovacuum would have run.
    let reports = await measureReports('as the assigning left the table');
    const unvacuumed = reports;
    if (!(await autovacuumOn(database.url))) {
      const seconds = await vacuumPlanHistory(database.url);
      console.log(
        `  autovacuum is off on this server: VACUUM ANALYZE of the plan's history as autovacuum would run it (${seconds.toFixed(1)} s)`,
      );
      reports = await measureReports('after that vacuum');
    }
    const reportNow = reports.now;
    const reportPast = reports.asOf;

    // The change feed: its first pages with the filters people use, then a page further down
    // (the cursor of the first page's last row), at the reports' rate.
    const feedUrls = feedQueries(institution, 64);
    const older: string[] = [];
    for (const url of feedUrls.slice(0, 16)) {
      const page = (await (await fetch(`${allot.url}${url}`, { headers: admin })).json()) as {
        next?: string | null;
      };
      if (page.next) older.push(`${url}&before=${encodeURIComponent(page.next)}`);
    }
    const feedLoad = async (urls: string[]) =>
      atReportRate(
        { method: 'GET', headers: admin },
        urls.map((path) => ({ path })),
      );
    const feed = await feedLoad(feedUrls);
    console.log(describe(`  change feed (first pages) at ${String(REPORT_RATE)}/s`, feed));
    const feedOlder = older.length > 0 ? await feedLoad(older) : null;
    if (feedOlder) {
      console.log(describe(`  change feed (second pages) at ${String(REPORT_RATE)}/s`, feedOlder));
    }
    // As faculty members read it: only their own records among a million changes, each request
    // another instructor's session.
    const facultyFeed = await atReportRate(
      { method: 'GET' },
      facultyFeedQueries(institution, 64).map(({ userId, path }) => ({
        path,
        headers: sessionHeaders(userId),
      })),
    );
    console.log(
      describe(`  change feed as faculty (own records) at ${String(REPORT_RATE)}/s`, facultyFeed),
    );

    // The Instructor Cost Matrix, as the financial reporting user reads it: every line of the
    // period priced when read (rates, costs set by hand, placeholders), then the totals of every
    // workgroup and period.
    const finance = sessionHeaders(demoUserId('financialReportingUser'));
    const costLines = await atReportRate(
      { method: 'GET', headers: finance },
      costLineQueries(institution, 64).map((path) => ({ path })),
    );
    console.log(
      describe(`  cost lines (filtered, sorted, paged) at ${String(REPORT_RATE)}/s`, costLines),
    );
    const costTotals = await load({
      url: allot.url,
      connections: 1,
      seconds: HTTP_SECONDS,
      rate: 2,
      request: { method: 'GET', path: '/api/costs/totals', headers: finance },
    });
    console.log(describe('  cost totals per workgroup and period at 2/s', costTotals));

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
      `  ${versusTarget('Sections report (filtered, sorted) p95', reportNow.p95, TARGETS.reportP95)}${reports === unvacuumed ? '' : `; ${unvacuumed.now.p95.toFixed(1)} ms before the vacuum`}`,
    );
    console.log(
      `  ${versusTarget('the same as of a past position p95', reportPast.p95, TARGETS.reportAsOfP95)}; as of / now ${(reportPast.p95 / reportNow.p95).toFixed(2)}`,
    );
    console.log(
      `  ${versusTarget('change feed page p95', Math.max(feed.p95, feedOlder?.p95 ?? 0), TARGETS.feedP95)}`,
    );
    console.log(
      `  ${versusTarget('change feed as faculty p95', facultyFeed.p95, TARGETS.feedP95)}`,
    );
    console.log(
      `  ${versusTarget('cost lines page p95', costLines.p95, TARGETS.costLinesP95)}; non-2xx ${String(costLines.non2xx)}`,
    );
    console.log(
      `  ${versusTarget('cost totals p95', costTotals.p95, TARGETS.costTotalsP95)}; non-2xx ${String(costTotals.non2xx)}`,
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
