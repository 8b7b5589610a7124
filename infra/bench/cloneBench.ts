/**
 * Cloning the large institution's period (issue 18, docs/benchmarks.md): the generated
 * institution (20,000 sections in all by default, the demo's included) on a database of its own,
 * its read models caught up, then the application (production mode, in a process of its own)
 * clones the active period — offerings, sections with their meetings and rooms, teaching and
 * administrative assignments — into the demo's next period through POST /api/cloning, as an
 * academic operations admin, timed until the job's completion arrives on the socket. Then again:
 * the second run finds everything there. Run alone with
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node --conditions=allot-source --import tsx infra/bench/cloneBench.ts
 *
 * BENCH_LARGE_SECTIONS and BENCH_LARGE_INSTRUCTORS size the institution; BENCH_CLONE_EVENTS (default
 * 200,000) its log — the clone reads the read models, not the log, so the million events of the
 * teaching benchmark would only lengthen the catch-up. BENCH_CLONE_TEMPLATE=<name> keeps the generated,
 * caught-up institution as a database of that name (and a note beside it in the temp folder) the
 * first time, and starts each later run from a copy of it: minutes of generation saved per run
 * while working on the clone's speed.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { CLONE_KINDS, CloneResult, createPostgresEventStore } from '@allot/shared-events';
import { EVENT_STORE_SCHEMA } from '../src/embedded/eventStore.js';
import { demoAcademicPeriodId, demoAcademicTermId } from '../src/seed/demoPeriods.js';
import { demoUserId } from '../src/seed/demoUsers.js';
import {
  catchUp,
  createDatabase,
  fmt,
  sessionMaker,
  startApp,
  type BenchServer,
  type SessionHeaders,
} from './harness.js';
import { generateLargeInstitution, type LargeInstitution } from './largeInstitution.js';

const SECTIONS = Number(process.env.BENCH_LARGE_SECTIONS ?? 20_000);
const INSTRUCTORS = Number(process.env.BENCH_LARGE_INSTRUCTORS ?? 2_000);
const EVENTS = Number(process.env.BENCH_CLONE_EVENTS ?? 200_000);
const SECRET = 'clone-bench-session-secret-of-32-characters!!';
const TARGET_SECONDS = 60;
const TEMPLATE = process.env.BENCH_CLONE_TEMPLATE;

interface JobReport {
  jobId?: string;
  state?: string;
  result?: unknown;
  error?: string;
  progress?: { done?: number; total?: number };
}

/** Starts a clone over HTTP and waits for its job's end on the socket: seconds and result. */
async function timedClone(
  url: string,
  as: SessionHeaders,
  institution: LargeInstitution,
): Promise<{ seconds: number; result: CloneResult }> {
  const socket: Socket = connectSocket(url, {
    path: '/api/socket.io',
    transports: ['websocket'],
    extraHeaders: { cookie: as.cookie },
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  try {
    const active = institution.termIds.active;
    const settings = {
      SourcePeriodId: institution.periodIds.active,
      TargetPeriodId: demoAcademicPeriodId('next'),
      kinds: [...CLONE_KINDS],
      termMapping: {
        [active.fall]: demoAcademicTermId('next', 'fall'),
        [active.spring]: demoAcademicTermId('next', 'spring'),
        [active.summer]: demoAcademicTermId('next', 'summer'),
      },
    };
    const reports = new Map<string, JobReport>();
    let wake: () => void = () => undefined;
    socket.on('jobProgress', (message: { payload?: JobReport }) => {
      const report = message.payload;
      if (!report?.jobId) return;
      reports.set(report.jobId, report);
      wake();
    });
    const started = performance.now();
    const response = await fetch(`${url}/api/cloning`, {
      method: 'POST',
      headers: { ...as, 'content-type': 'application/json' },
      body: JSON.stringify(settings),
    });
    const body = (await response.json()) as { id?: string };
    if (response.status !== 202 || !body.id) {
      throw new Error(`the clone answered ${String(response.status)}: ${JSON.stringify(body)}`);
    }
    const id = body.id;
    let lastShown = 0;
    for (;;) {
      const report = reports.get(id);
      if (report?.state === 'completed') {
        return {
          seconds: (performance.now() - started) / 1000,
          result: CloneResult.parse(report.result),
        };
      }
      if (report?.state === 'failed') throw new Error(`the clone failed: ${report.error ?? ''}`);
      const done = report?.progress?.done ?? 0;
      if (done - lastShown >= 5000) {
        lastShown = done;
        console.log(
          `    ${fmt(done)} of ${fmt(report?.progress?.total ?? 0)} records after ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 1000);
      });
    }
  } finally {
    socket.close();
  }
}

const counts = (result: CloneResult, key: 'created' | 'existing') =>
  CLONE_KINDS.map((k) => `${k} ${fmt(result[key][k] ?? 0)}`).join(', ');

/** Generates the large institution into the database at `url`. */
async function generate(url: string): Promise<LargeInstitution> {
  console.log(
    `\n1. Generating the large institution: ${fmt(SECTIONS)} sections, ${fmt(INSTRUCTORS)} instructors, ${fmt(EVENTS)} events`,
  );
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined);
  try {
    const store = await createPostgresEventStore({ pool, schema: EVENT_STORE_SCHEMA });
    const institution = await generateLargeInstitution(store, pool, {
      sections: SECTIONS,
      instructors: INSTRUCTORS,
      events: EVENTS,
    });
    await pool.query(`VACUUM ANALYZE ${EVENT_STORE_SCHEMA}.es_events`);
    await store.close();
    return institution;
  } finally {
    await pool.end();
  }
}

const templateNote = (name: string) => path.join(os.tmpdir(), `${name}.institution.json`);
const databaseUrlOf = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** A copy of the kept institution (BENCH_CLONE_TEMPLATE), or null when there is none yet. */
async function fromTemplate(
  serverUrl: string,
  template: string,
): Promise<{
  database: { url: string; drop(): Promise<void> };
  institution: LargeInstitution;
} | null> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount === 0) return null;
    const institution = JSON.parse(
      await readFile(templateNote(template), 'utf8'),
    ) as LargeInstitution;
    const name = `allot_bench_clone_${Date.now().toString(36)}`;
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    return {
      institution,
      database: {
        url: databaseUrlOf(serverUrl, name),
        async drop() {
          const client = new pg.Client({ connectionString: serverUrl });
          await client.connect();
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          await client.end();
        },
      },
    };
  } finally {
    await admin.end();
  }
}

/** Keeps the generated, caught-up institution as database `template` for later runs. */
async function saveTemplate(
  serverUrl: string,
  url: string,
  template: string,
  institution: LargeInstitution,
): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template} TEMPLATE ${new URL(url).pathname.slice(1)}`);
    await writeFile(templateNote(template), JSON.stringify(institution));
    console.log(`  kept as database ${template} (BENCH_CLONE_TEMPLATE): drop it yourself`);
  } finally {
    await admin.end();
  }
}

export async function runCloneBench(databaseUrl = process.env.DATABASE_URL): Promise<void> {
  if (!databaseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server for the benchmark.');
  const copied = TEMPLATE ? await fromTemplate(databaseUrl, TEMPLATE) : null;
  const database = copied?.database ?? (await createDatabase(databaseUrl, 'allot_bench_clone'));
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-clone-bench-'));
  let allot: BenchServer | null = null;
  try {
    console.log(
      `Clone benchmark: ${String(os.cpus().length)} cores, Node ${process.versions.node}, ${new Date().toISOString()}`,
    );
    let institution: LargeInstitution;
    if (copied) {
      console.log(`\n1. The large institution copied from database ${String(TEMPLATE)}`);
      institution = copied.institution;
    } else {
      institution = await generate(database.url);
      await catchUp(database.url);
      if (TEMPLATE) await saveTemplate(databaseUrl, database.url, TEMPLATE, institution);
    }
    const inActive = institution.sections.filter((s) => s.period === 'active').length;

    console.log('\n3. The clone: the active period into the next, through the application');
    allot = await startApp(database.url, dataDir, SECRET);
    const ops = sessionMaker(SECRET)(demoUserId('academicOpsAdmin'));
    const first = await timedClone(allot.url, ops, institution);
    console.log(
      `  first run: ${first.seconds.toFixed(1)} s — created ${counts(first.result, 'created')}; refused ${fmt(first.result.failedCount)}; not mappable ${fmt(first.result.notMappable)}`,
    );
    const second = await timedClone(allot.url, ops, institution);
    console.log(
      `  second run: ${second.seconds.toFixed(1)} s — created ${counts(second.result, 'created')}; found there ${counts(second.result, 'existing')}; refused ${fmt(second.result.failedCount)}${second.result.failed[0] ? ` (first: ${second.result.failed[0].name}: ${second.result.failed[0].reason})` : ''}`,
    );
    const records = CLONE_KINDS.reduce((n, k) => n + (first.result.created[k] ?? 0), 0);
    console.log('\nSummary (targets on this machine; never asserted):');
    console.log(
      `  cloning the active period (${fmt(inActive)} generated sections and the demo's): ${first.seconds.toFixed(1)} s for ${fmt(records)} records (${fmt(records / first.seconds)} a second), target ≤ ${String(TARGET_SECONDS)} s: ${first.seconds <= TARGET_SECONDS ? 'met' : 'MISSED'}`,
    );
  } finally {
    if (allot) await allot.close();
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCloneBench().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
