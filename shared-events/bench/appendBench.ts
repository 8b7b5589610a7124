/**
 * Append throughput of the PostgreSQL event store against plain INSERTs of the same rows
 * (same table, indexes, pool size and commit settings; one transaction per append).
 * Run: node --conditions=allot-source --import tsx shared-events/bench/appendBench.ts
 * Needs DATABASE_URL (a server where it may create and drop a database of its own).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createPostgresEventStore } from '../src/eventStore/postgres/postgresEventStore.js';
import { schemaStatements } from '../src/eventStore/postgres/schema.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_MS = Number(process.env.BENCH_ROUND_MS ?? 1500);
const WARMUP_MS = 300;
const STREAMS_PER_WRITER = 50;

export interface AppendBenchRow {
  writers: number;
  eventsPerAppend: number;
  storeAppendsPerSecond: number;
  insertAppendsPerSecond: number;
  ratio: number;
}

interface BenchEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
}

function events(count: number, seq: number): BenchEvent[] {
  return Array.from({ length: count }, (_, k) => ({
    id: randomUUID(),
    type: 'InstructorAssigned',
    data: { sectionId: `s${String(seq)}`, instructorId: `u${String(k)}`, points: 3 },
    metadata: { actorId: 'bench', correlationId: randomUUID(), schemaVersion: 1 },
  }));
}

function listFromEnv(name: string, fallback: number[]): number[] {
  const value = process.env[name];
  return value ? value.split(',').map(Number) : fallback;
}

type AppendOnce = (writer: number, seq: number) => Promise<void>;

/** Runs `writers` loops of `appendOnce` for `ms` after a warm-up; answers the appends counted. */
async function measure(writers: number, ms: number, appendOnce: AppendOnce): Promise<number> {
  const measureFrom = Date.now() + WARMUP_MS;
  const stopAt = measureFrom + ms;
  let counted = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let seq = 0; Date.now() < stopAt; seq++) {
        await appendOnce(writer, seq);
        if (Date.now() >= measureFrom) counted++;
      }
    }),
  );
  return counted;
}

interface Contender {
  appendOnce: AppendOnce;
  close(): Promise<void>;
}

function newPool(url: string, writers: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: writers });
  // The database is dropped WITH (FORCE) at the end, possibly before ended sockets have closed.
  pool.on('error', () => undefined);
  return pool;
}

async function storeContender(
  url: string,
  schema: string,
  writers: number,
  size: number,
): Promise<Contender> {
  const pool = newPool(url, writers);
  const store = await createPostgresEventStore({ pool, schema });
  const revisions = new Map<string, bigint>();
  return {
    async appendOnce(writer, seq) {
      const streamId = `section-${String(writer)}x${String(seq % STREAMS_PER_WRITER)}`;
      const result = await store.appendToStream(streamId, events(size, seq), {
        expectedState: revisions.get(streamId) ?? 'no_stream',
      });
      revisions.set(streamId, result.nextExpectedRevision);
    },
    async close() {
      await store.close();
      await pool.end();
    },
  };
}

async function insertContender(
  url: string,
  schema: string,
  writers: number,
  size: number,
): Promise<Contender> {
  const pool = newPool(url, writers);
  for (const statement of schemaStatements(schema)) await pool.query(statement);
  const revisions = new Map<string, number>();
  const placeholders = Array.from({ length: size }, (_, i) => {
    const p = i * 6;
    return `($${String(p + 1)}, $${String(p + 2)}, $${String(p + 3)}, $${String(p + 4)}, $${String(p + 5)}, $${String(p + 6)})`;
  }).join(', ');
  const text =
    `INSERT INTO "${schema}".es_events (stream_id, stream_revision, event_id, event_type, data, metadata) ` +
    `VALUES ${placeholders}`;
  return {
    async appendOnce(writer, seq) {
      const streamId = `section-${String(writer)}x${String(seq % STREAMS_PER_WRITER)}`;
      const first = revisions.get(streamId) ?? 0;
      const values = events(size, seq).flatMap((e, k) => [
        streamId,
        first + k,
        e.id,
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
      ]);
      await pool.query(text, values);
      revisions.set(streamId, first + size);
    },
    close: () => pool.end(),
  };
}

/** Alternates short rounds of both, so a load change on the machine hits both alike. */
async function compare(
  url: string,
  writers: number,
  size: number,
): Promise<{ store: number; insert: number }> {
  const tag = `w${String(writers)}_e${String(size)}`;
  const insert = await insertContender(url, `bench_insert_${tag}`, writers, size);
  const store = await storeContender(url, `bench_store_${tag}`, writers, size);
  const totals = { store: 0, insert: 0 };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      totals.insert += await measure(writers, ROUND_MS, insert.appendOnce);
      totals.store += await measure(writers, ROUND_MS, store.appendOnce);
    }
  } finally {
    await insert.close();
    await store.close();
  }
  const seconds = (ROUNDS * ROUND_MS) / 1000;
  return { store: totals.store / seconds, insert: totals.insert / seconds };
}

export async function runAppendBench(
  databaseUrl = process.env.DATABASE_URL,
): Promise<AppendBenchRow[]> {
  if (!databaseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server for the benchmark.');
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const name = `allot_bench_${Date.now().toString(36)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const settings = await admin.query<{ name: string; setting: string }>(
    `SELECT name, setting FROM pg_settings WHERE name IN ('server_version', 'synchronous_commit', 'fsync', 'shared_buffers')`,
  );
  console.log(
    `append benchmark: ${String(os.cpus().length)} cores, ${new Date().toISOString()}, ` +
      settings.rows.map((r) => `${r.name}=${r.setting}`).join(', ') +
      `, ${String(ROUNDS)} alternating rounds of ${String(ROUND_MS)} ms each`,
  );
  const rows: AppendBenchRow[] = [];
  try {
    for (const writers of listFromEnv('BENCH_WRITERS', [1, 4, 16])) {
      for (const size of listFromEnv('BENCH_SIZES', [1, 10])) {
        const measured = await compare(url.toString(), writers, size);
        const storeAppendsPerSecond = measured.store;
        const insertAppendsPerSecond = measured.insert;
        const row = {
          writers,
          eventsPerAppend: size,
          storeAppendsPerSecond,
          insertAppendsPerSecond,
          ratio: storeAppendsPerSecond / insertAppendsPerSecond,
        };
        rows.push(row);
        console.log(
          `writers=${String(writers).padStart(2)} events/append=${String(size).padStart(2)}  ` +
            `store ${storeAppendsPerSecond.toFixed(0).padStart(6)} appends/s (${(storeAppendsPerSecond * size).toFixed(0).padStart(6)} events/s)  ` +
            `plain INSERT ${insertAppendsPerSecond.toFixed(0).padStart(6)} tx/s (${(insertAppendsPerSecond * size).toFixed(0).padStart(6)} rows/s)  ` +
            `ratio ${row.ratio.toFixed(2)}`,
        );
      }
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAppendBench().then(
    (rows) => {
      const worst = Math.min(...rows.map((r) => r.ratio));
      console.log(`lowest ratio ${worst.toFixed(2)} (target >= 0.60)`);
    },
    (err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
