// @allot-needs postgres — not collected on a machine without it unless CI=true (see jest.config.js).
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import type { Position } from '@allot/shared-events';
import { createProjectionRunner, type ProjectionRunner } from './runner.js';
import { silentProjectionLogger } from './logger.js';
import { readTable } from './tableNames.js';
import {
  COUNTED,
  TEST_EVENT_TYPES,
  counterProjection,
  readCounterModel,
} from './testing/counterProjection.js';
import {
  appendCounted,
  projectionTestEnvs,
  type DatabaseKind,
  type ProjectionTestEnv,
} from './testing/environment.js';
import type { Projection } from './projection.js';
import { replayProjection, type ReplayProgress } from './replayProjection.js';

const databases = {
  postgres: projectionTestEnvs('postgres'),
  pglite: projectionTestEnvs('pglite'),
};
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
afterAll(async () => {
  await databases.postgres.closeAll();
  await databases.pglite.closeAll();
});

async function env(kind: DatabaseKind): Promise<ProjectionTestEnv> {
  const e = await databases[kind].open();
  cleanups.push(() => e.close());
  return e;
}

function runner(e: ProjectionTestEnv, projection: Projection): ProjectionRunner {
  const r = createProjectionRunner({
    store: e.store,
    knex: e.knex,
    schema: e.schema,
    projections: [projection],
    knownEventTypes: TEST_EVENT_TYPES,
    logger: silentProjectionLogger,
    batchSize: 20,
    pollIntervalMs: 10,
  });
  cleanups.push(() => r.stop());
  return r;
}

async function head(e: ProjectionTestEnv): Promise<Position> {
  const p = await e.store.committedHeadPosition();
  if (!p) throw new Error('empty store');
  return p;
}

async function tableExists(e: ProjectionTestEnv, table: string): Promise<boolean> {
  const r = await e.knex.raw<{ rows: unknown[] }>(
    'SELECT 1 FROM pg_tables WHERE schemaname = ? AND tablename = ?',
    [e.schema, table],
  );
  return r.rows.length === 1;
}

describe.each(['postgres', 'pglite'] as const)('replay on %s', (kind) => {
  it('rebuilds into new tables while reads and the live runner go on, then switches', async () => {
    const e = await env(kind);
    const total = kind === 'postgres' ? 300 : 80;
    await appendCounted(e.store, { streams: 6, count: total, perAppend: 10 });
    const live = runner(e, counterProjection());
    await live.start();
    expect(await live.waitFor(await head(e), undefined, 20_000)).toBe(true);

    const reads: { table: string; rows: number }[] = [];
    const progress: ReplayProgress[] = [];
    let appended = false;
    const result = await replayProjection({
      store: e.store,
      knex: e.knex,
      schema: e.schema,
      projection: counterProjection(),
      knownEventTypes: TEST_EVENT_TYPES,
      logger: silentProjectionLogger,
      batchSize: 10,
      progressIntervalMs: 0,
      dropDelayMs: 50,
      onProgress: async (p) => {
        progress.push(p);
        if (p.phase !== 'building') return;
        // A read during the replay: answered from the active (old) tables, complete.
        const table = await readTable(e.knex, 'test_counter', 'event_list', e.schema);
        const [row] = await e.knex(table).count<{ count: string }[]>({ count: '*' });
        reads.push({ table, rows: Number(row?.count) });
        if (!appended && p.done >= total / 2) {
          appended = true;
          // The live runner applies these to the old tables while the replay is half way.
          await e.store.appendToStream('counter-0', { type: COUNTED, data: { by: 3 } });
        }
      },
    });
    expect(reads.length).toBeGreaterThan(3);
    expect(reads.every((r) => r.table.endsWith('.event_list_v1') && r.rows >= total)).toBe(true);
    expect(progress[0]).toMatchObject({ phase: 'building', done: 0 });
    // The event appended mid-replay is in the new tables either way: read by the replay, or (when
    // another transaction on the server still hid it at the switch) applied by the live runner after.
    const last = progress.at(-1);
    expect(last?.phase).toBe('switched');
    expect([total, total + 1]).toContain(last?.done);
    expect(last?.total).toBe(last?.done);
    expect(progress.map((p) => p.done)).toEqual(
      [...progress.map((p) => p.done)].sort((a, b) => a - b),
    );
    expect(result).toMatchObject({ from: { version: 1, build: 0 }, to: { version: 1, build: 1 } });

    // Reads now use the new tables; the live runner follows on into them.
    expect(await readTable(e.knex, 'test_counter', 'event_list', e.schema)).toBe(
      `${e.schema}.event_list_v1_b1`,
    );
    const after = await e.store.appendToStream('counter-1', { type: COUNTED, data: { by: 4 } });
    expect(await live.waitFor(after.position, undefined, 20_000)).toBe(true);
    const table = await readTable(e.knex, 'test_counter', 'event_list', e.schema);
    expect(await e.knex(table).count<{ count: string }[]>({ count: '*' })).toEqual([
      { count: String(total + 2) },
    ]);

    await result.oldTablesDropped;
    expect(await tableExists(e, 'event_list_v1')).toBe(false);
    expect(await tableExists(e, 'event_list_v1_b1')).toBe(true);
  });
});

describe('version change on native PostgreSQL', () => {
  it('a runner with a new projection version rebuilds into <table>_v2 and keeps the old rows until then', async () => {
    const e = await env('postgres');
    await appendCounted(e.store, { streams: 3, count: 40, perAppend: 4 });
    const v1 = runner(e, counterProjection(1));
    await v1.start();
    expect(await v1.waitFor(await head(e), undefined, 20_000)).toBe(true);
    const tables = async () => ({
      eventList: await readTable(e.knex, 'test_counter', 'event_list', e.schema),
      streamCounts: await readTable(e.knex, 'test_counter', 'stream_counts', e.schema),
    });
    const before = await readCounterModel(e.knex, await tables());
    await v1.stop();

    const v2 = runner(e, counterProjection(2));
    await v2.start();
    // Until the rebuild switches, reads keep the v1 tables (whose checkpoint already passed).
    const deadline = Date.now() + 20_000;
    while ((await tables()).eventList !== `${e.schema}.event_list_v2` && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await tables()).eventList).toBe(`${e.schema}.event_list_v2`);
    expect(await v2.waitFor(await head(e), undefined, 20_000)).toBe(true);
    expect(await readCounterModel(e.knex, await tables())).toEqual(before);

    // Old code meeting newer tables stops rather than write into them.
    const old = runner(e, counterProjection(1));
    await v2.stop();
    await old.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(old.status()[0]).toMatchObject({ state: 'failed' });
    expect(old.status()[0]?.error).toMatch(/version 2, newer than this code's 1/);
  });
});
