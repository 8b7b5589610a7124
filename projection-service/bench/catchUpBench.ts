/**
 * Catch-up rate of the projection runner (events/s) over 200,000 events, against plain INSERTs
 * of the same read-model rows through `pg` in the same run.
 * Run: node --conditions=allot-source --import tsx projection-service/bench/catchUpBench.ts
 * Needs DATABASE_URL (a server where it may create and drop a database of its own).
 * BENCH_EVENTS and BENCH_BATCH_SIZES (comma-separated) override the defaults.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { createPostgresEventStore, type EventStore, type Position } from '@allot/shared-events';
import { createProjectionRunner } from '../src/runner/runner.js';
import { silentProjectionLogger } from '../src/runner/logger.js';
import type { Projection, ProjectionContext } from '../src/runner/projection.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const BATCH_SIZES = (process.env.BENCH_BATCH_SIZES ?? '1000,2000,5000').split(',').map(Number);
const EVENTS_PER_APPEND = 50;
const WRITERS = 8;
const TYPE = 'InstructorAssigned';

export interface CatchUpBenchRow {
  batchSize: number;
  events: number;
  catchUpEventsPerSecond: number;
  insertRowsPerSecond: number;
  ratio: number;
}

interface AssignmentData {
  assignmentId: string;
  sectionId: string;
  instructorId: string;
  points: number;
  role: string;
}

const COLUMNS = `assignment_id uuid PRIMARY KEY, section_id text NOT NULL, instructor_id text NOT NULL,
  points numeric NOT NULL, role text NOT NULL, revision bigint NOT NULL, assigned_at timestamptz NOT NULL`;

/** The rows of a batch as one array per column, for one `INSERT ... SELECT FROM unnest(...)`. */
function columns(
  rows: readonly { data: AssignmentData; revision: bigint; at: Date }[],
): Knex.Value[] {
  return [
    rows.map((r) => r.data.assignmentId),
    rows.map((r) => r.data.sectionId),
    rows.map((r) => r.data.instructorId),
    rows.map((r) => r.data.points),
    rows.map((r) => r.data.role),
    rows.map((r) => r.revision.toString()),
    rows.map((r) => r.at.toISOString()),
  ];
}

const UNNEST =
  'SELECT * FROM unnest(?::uuid[], ?::text[], ?::text[], ?::numeric[], ?::text[], ?::bigint[], ?::timestamptz[])';

/** A real read model: one row per teaching assignment, a multi-row idempotent upsert per batch. */
const assignmentsProjection: Projection = {
  name: 'bench_assignments',
  version: 1,
  eventTypes: [TYPE],
  tables: ['section_assignments'],
  async migrate(trx: Knex.Transaction, ctx: ProjectionContext) {
    await trx.raw(`CREATE TABLE IF NOT EXISTS ?? (${COLUMNS})`, [ctx.table('section_assignments')]);
  },
  async apply(trx, events, ctx) {
    const rows = events.map((e) => ({
      data: e.data as AssignmentData,
      revision: e.revision,
      at: e.createdAt,
    }));
    await trx.raw(
      `INSERT INTO ?? AS t (assignment_id, section_id, instructor_id, points, role, revision, assigned_at)
       ${UNNEST}
       ON CONFLICT (assignment_id) DO UPDATE SET section_id = excluded.section_id,
         instructor_id = excluded.instructor_id, points = excluded.points, role = excluded.role,
         revision = excluded.revision, assigned_at = excluded.assigned_at
       WHERE t.revision < excluded.revision`,
      [ctx.table('section_assignments'), ...columns(rows)],
    );
    return [];
  },
};

function assignment(section: number, k: number): AssignmentData {
  return {
    assignmentId: randomUUID(),
    sectionId: `section-${String(section)}`,
    instructorId: `user-${String((section * 7 + k) % 900)}`,
    points: 1 + (k % 4),
    role: k % 3 === 0 ? 'instructor' : 'assistant',
  };
}

/** 200,000 events in appends of 50 to section streams, by 8 concurrent writers. */
async function appendEvents(store: EventStore): Promise<{ last: Position; seconds: number }> {
  const appends = Math.ceil(EVENTS / EVENTS_PER_APPEND);
  let next = 0;
  let last: Position | null = null;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      for (let i = next++; i < appends; i = next++) {
        const count = Math.min(EVENTS_PER_APPEND, EVENTS - i * EVENTS_PER_APPEND);
        const result = await store.appendToStream(
          `section-${String(i)}`,
          Array.from({ length: count }, (_, k) => ({
            type: TYPE,
            data: assignment(i, k),
            metadata: { actorId: 'bench', correlationId: randomUUID(), schemaVersion: 1 },
          })),
        );
        if (!last || result.position.commit > last.commit) last = result.position;
      }
    }),
  );
  if (!last) throw new Error('nothing appended');
  return { last, seconds: (performance.now() - started) / 1000 };
}

async function catchUp(
  store: EventStore,
  knex: Knex,
  batchSize: number,
  head: Position,
): Promise<number> {
  const runner = createProjectionRunner({
    store,
    knex,
    schema: `rm_${String(batchSize)}`,
    projections: [assignmentsProjection],
    knownEventTypes: new Set([TYPE]),
    logger: silentProjectionLogger,
    batchSize,
  });
  const started = performance.now();
  const cpu = process.cpuUsage();
  await runner.start();
  const done = await runner.waitFor(head, undefined, 600_000);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  if (process.env.BENCH_VERBOSE) {
    console.log(
      `  node CPU ${((used.user + used.system) / 1e6).toFixed(2)} s of ${seconds.toFixed(2)} s wall`,
    );
  }
  const status = runner.status()[0];
  await runner.stop();
  if (!done) throw new Error(`catch-up did not finish: ${JSON.stringify(status)}`);
  return EVENTS / seconds;
}

/** The same rows, read back from the projection, written by plain INSERTs of the same batch size. */
async function plainInserts(pool: pg.Pool, knex: Knex, batchSize: number): Promise<number> {
  const source = await knex(`rm_${String(batchSize)}.section_assignments_v1`)
    .select('*')
    .orderBy('revision');
  const rows = source.map((r: Record<string, unknown>) => ({
    data: {
      assignmentId: String(r.assignment_id),
      sectionId: String(r.section_id),
      instructorId: String(r.instructor_id),
      points: Number(r.points),
      role: String(r.role),
    },
    revision: BigInt(String(r.revision)),
    at: r.assigned_at as Date,
  }));
  if (rows.length !== EVENTS)
    throw new Error(`the projection holds ${String(rows.length)} rows, expected ${String(EVENTS)}`);
  const table = `plain_${String(batchSize)}`;
  await pool.query(`CREATE TABLE ${table} (${COLUMNS})`);
  const sql = knex
    .raw(
      `INSERT INTO ?? (assignment_id, section_id, instructor_id, points, role, revision, assigned_at) ${UNNEST}`,
      [table, ...columns([])],
    )
    .toSQL()
    .toNative().sql;
  const started = performance.now();
  for (let i = 0; i < rows.length; i += batchSize) {
    await pool.query(sql, columns(rows.slice(i, i + batchSize)));
  }
  return rows.length / ((performance.now() - started) / 1000);
}

export async function runCatchUpBench(
  databaseUrl = process.env.DATABASE_URL,
): Promise<CatchUpBenchRow[]> {
  if (!databaseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server for the benchmark.');
  const name = `allot_bench_catchup_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: WRITERS });
  // DROP DATABASE ... WITH (FORCE) at the end ends whatever is still connected.
  pool.on('error', () => undefined);
  const knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 4 } });
  const rows: CatchUpBenchRow[] = [];
  try {
    const store = await createPostgresEventStore({ pool, schema: 'event_store' });
    console.log(
      `Catch-up benchmark: ${String(EVENTS)} events, ${String(os.cpus().length)} cores, ${new Date().toISOString()}`,
    );
    const appended = await appendEvents(store);
    console.log(
      `appended in ${appended.seconds.toFixed(1)} s (${Math.round(EVENTS / appended.seconds)} events/s, ${String(WRITERS)} writers × ${String(EVENTS_PER_APPEND)} per append)`,
    );
    await pool.query('VACUUM ANALYZE event_store.es_events');
    for (const batchSize of BATCH_SIZES) {
      const catchUpRate = await catchUp(store, knex, batchSize, appended.last);
      const insertRate = await plainInserts(pool, knex, batchSize);
      const row = {
        batchSize,
        events: EVENTS,
        catchUpEventsPerSecond: Math.round(catchUpRate),
        insertRowsPerSecond: Math.round(insertRate),
        ratio: Number((catchUpRate / insertRate).toFixed(2)),
      };
      rows.push(row);
      console.log(
        `batch ${String(batchSize).padStart(5)}: catch-up ${String(row.catchUpEventsPerSecond).padStart(7)} events/s, ` +
          `plain INSERT ${String(row.insertRowsPerSecond).padStart(7)} rows/s, ratio ${row.ratio.toFixed(2)}`,
      );
    }
    await store.close();
  } finally {
    await knex.destroy();
    await pool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runCatchUpBench().then(
    (rows) => {
      const best = Math.max(...rows.map((r) => r.catchUpEventsPerSecond));
      console.log(`best catch-up: ${String(best)} events/s (target ≥ 40000)`);
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
