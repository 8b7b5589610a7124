// @allot-needs postgres — not collected on a machine without it unless CI=true (see jest.config.js).
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { comparePositions, positionToToken, type Position } from '@allot/shared-events';
import { qualified } from './sql.js';
import { createProjectionRunner, type ProjectionRunner } from './runner.js';
import { silentProjectionLogger, type ProjectionLogger } from './logger.js';
import { readTable, projectionContext } from './tableNames.js';
import {
  advanceCheckpoint,
  ensureProjectionTables,
  readCheckpoint,
  writeCheckpoint,
  type Checkpoint,
} from './checkpoints.js';
import {
  COUNTED,
  IGNORED,
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
import { databaseVacuumsItself } from './compaction.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const databases = {
  postgres: projectionTestEnvs('postgres'),
  pglite: projectionTestEnvs('pglite'),
};
afterAll(async () => {
  await databases.postgres.closeAll();
  await databases.pglite.closeAll();
});

async function env(kind: DatabaseKind): Promise<ProjectionTestEnv> {
  const e = await databases[kind].open();
  cleanups.push(() => e.close());
  return e;
}

function runner(
  e: ProjectionTestEnv,
  projections: Projection[],
  extra: Partial<Parameters<typeof createProjectionRunner>[0]> = {},
): ProjectionRunner {
  const r = createProjectionRunner({
    store: e.store,
    knex: e.knex,
    schema: e.schema,
    projections,
    knownEventTypes: TEST_EVENT_TYPES,
    logger: silentProjectionLogger,
    batchSize: 7,
    pollIntervalMs: 10,
    ...extra,
  });
  cleanups.push(() => r.stop());
  return r;
}

async function head(e: ProjectionTestEnv): Promise<Position> {
  const p = await e.store.committedHeadPosition();
  if (!p) throw new Error('empty store');
  return p;
}

async function model(e: ProjectionTestEnv, name = 'test_counter') {
  return readCounterModel(e.knex, {
    eventList: await readTable(e.knex, name, 'event_list', e.schema),
    streamCounts: await readTable(e.knex, name, 'stream_counts', e.schema),
  });
}

/** What the read model must hold, computed from the log itself. */
async function expectedCounts(e: ProjectionTestEnv) {
  const events = await e.store.readAll();
  const byStream = new Map<string, { events: number; total: number; last: bigint }>();
  for (const ev of events) {
    if (ev.type !== COUNTED) continue;
    const s = byStream.get(ev.streamId) ?? { events: 0, total: 0, last: -1n };
    s.events += 1;
    s.total += (ev.data as { by: number }).by;
    s.last = ev.revision > s.last ? ev.revision : s.last;
    byStream.set(ev.streamId, s);
  }
  return [...byStream.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([stream_id, s]) => ({
      stream_id,
      events: s.events,
      total: String(s.total),
      last_revision: s.last.toString(),
    }));
}

describe.each(['postgres', 'pglite'] as const)('projection runner on %s', (kind) => {
  it('catches up in batches, follows live, and advances past events it does not handle', async () => {
    const e = await env(kind);
    await appendCounted(e.store, { streams: 3, count: 30, perAppend: 3 });
    const applied: string[] = [];
    const r = runner(e, [counterProjection()], { onApplied: (name) => applied.push(name) });
    await r.start();
    expect(await r.waitFor(await head(e), undefined, 20_000)).toBe(true);
    expect((await model(e)).counts).toEqual(await expectedCounts(e));
    expect(applied.length).toBeGreaterThan(0);
    expect(new Set(applied)).toEqual(new Set(['test_counter']));

    // Cleared before the append: the runner follows live and may apply it before the append returns.
    applied.length = 0;
    const live = await appendCounted(e.store, { streams: 2, count: 4, prefix: 'live' });
    expect(await r.waitFor(live, ['test_counter'], 10_000)).toBe(true);
    // Said before the waiters are answered: a cache cleared on it is clear by then.
    expect(applied).toContain('test_counter');
    applied.length = 0;
    const ignored = await e.store.appendToStream('other-1', { type: IGNORED, data: {} });
    // The last event is of a type the projection does not handle: read-your-writes still passes it.
    expect(await r.waitFor(ignored.position, ['test_counter'], 10_000)).toBe(true);
    // Passed over, the read model did not change.
    expect(applied).toEqual([]);
    expect((await model(e)).counts).toEqual(await expectedCounts(e));
    const [status] = r.status();
    expect(status).toMatchObject({
      name: 'test_counter',
      state: 'running',
      holdsLock: true,
      error: null,
    });
    expect(status?.position).toBe(positionToToken(ignored.position));
    // Passing over what it does not handle wrote nothing: the stored checkpoint waits at the last
    // handled event, and moves on with the next one it handles.
    const stored = await readCheckpoint(e.knex, e.schema, 'test_counter');
    expect(comparePositions(stored!.position, ignored.position)).toBeLessThan(0);
    const next = await appendCounted(e.store, { streams: 1, count: 1, prefix: 'after' });
    expect(await r.waitFor(next, ['test_counter'], 10_000)).toBe(true);
    const after = await readCheckpoint(e.knex, e.schema, 'test_counter');
    expect(positionToToken(after!.position)).toBe(positionToToken(next));
  });

  it('passes over events its handlesEvent turns down, as over types it does not handle', async () => {
    const e = await env(kind);
    // Counting by zero changes no total: this projection declines those events.
    const narrowed: Projection = {
      ...counterProjection(),
      handlesEvent: (event) => (event.data as { by?: number }).by !== 0,
    };
    await appendCounted(e.store, { streams: 1, count: 3 });
    const applied: string[] = [];
    const r = runner(e, [narrowed], { onApplied: (name) => applied.push(name) });
    await r.start();
    expect(await r.waitFor(await head(e), undefined, 20_000)).toBe(true);
    const before = await model(e);
    const storedBefore = await readCheckpoint(e.knex, e.schema, 'test_counter');
    applied.length = 0;
    const zero = await e.store.appendToStream('zero-1', { type: COUNTED, data: { by: 0 } });
    expect(await r.waitFor(zero.position, ['test_counter'], 10_000)).toBe(true);
    // No transaction: nothing applied, nothing written, not even the checkpoint.
    expect(applied).toEqual([]);
    expect(await model(e)).toEqual(before);
    const storedAfter = await readCheckpoint(e.knex, e.schema, 'test_counter');
    expect(storedAfter).toEqual(storedBefore);
    // In a batch with events it takes, only those are applied.
    await e.store.appendToStream('zero-1', { type: COUNTED, data: { by: 0 } });
    const taken = await e.store.appendToStream('zero-1', { type: COUNTED, data: { by: 5 } });
    expect(await r.waitFor(taken.position, ['test_counter'], 10_000)).toBe(true);
    const after = await model(e);
    expect(after.counts).toContainEqual(
      expect.objectContaining({ stream_id: 'zero-1', events: 1, total: '5' }),
    );
  });

  it('moves a checkpoint only from the one a batch continues from', async () => {
    const e = await env(kind);
    await ensureProjectionTables(e.knex, e.schema);
    const at = (n: bigint): Checkpoint => ({
      subscriptionId: 'cas_test',
      generation: { version: 2, build: 1 },
      position: { commit: n, prepare: n },
      owner: 'me',
    });
    await writeCheckpoint(e.knex, e.schema, at(10n));
    const stale = [at(9n), { ...at(10n), generation: { version: 1, build: 1 } }];
    for (const expected of stale) {
      expect(
        await e.knex.transaction((t) => advanceCheckpoint(t, e.schema, expected, at(20n))),
      ).toBe(false);
    }
    expect((await readCheckpoint(e.knex, e.schema, 'cas_test'))?.position.commit).toBe(10n);
    expect(await e.knex.transaction((t) => advanceCheckpoint(t, e.schema, at(10n), at(20n)))).toBe(
      true,
    );
    expect(await readCheckpoint(e.knex, e.schema, 'cas_test')).toEqual(at(20n));
  });

  it('compacts its tables after a long catch-up or rebuild, not after live batches', async () => {
    const e = await env(kind);
    const compactions: string[] = [];
    const logger: ProjectionLogger = {
      ...silentProjectionLogger,
      info: (obj, msg) => {
        if (msg?.startsWith('Compacted')) compactions.push(String(obj.projection));
      },
    };
    // VACUUM FULL writes each table anew: its file node changes.
    const fileNodes = async (version: number) => {
      const ctx = projectionContext(e.schema, { version, build: 0 });
      const tables = ['stream_counts', 'event_list'].map((t) => ctx.table(t));
      const rows = await Promise.all(
        tables.map((t) =>
          e.knex.raw<{ rows: { relfilenode: number }[] }>(
            'SELECT relfilenode FROM pg_class WHERE oid = ?::regclass',
            [t],
          ),
        ),
      );
      return rows.map((r) => r.rows[0]?.relfilenode);
    };
    const untilCompacted = async (count: number) => {
      for (let i = 0; i < 500 && compactions.length < count; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(compactions).toEqual(Array.from({ length: count }, () => 'test_counter'));
    };

    await appendCounted(e.store, { streams: 3, count: 30, perAppend: 3 });
    const first = runner(e, [counterProjection()], { logger, compactAfterEvents: 25 });
    await first.start();
    expect(await first.waitFor(await head(e), undefined, 20_000)).toBe(true);
    await untilCompacted(1);
    const compacted = await fileNodes(1);
    // A live batch below the threshold leaves the tables as they are.
    const live = await appendCounted(e.store, { streams: 1, count: 5, prefix: 'live' });
    expect(await first.waitFor(live, undefined, 10_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(compactions).toHaveLength(1);
    expect(await fileNodes(1)).toEqual(compacted);
    await first.stop();

    // A restart that catches up past the threshold compacts again.
    await appendCounted(e.store, { streams: 2, count: 30, perAppend: 2, prefix: 'later' });
    const second = runner(e, [counterProjection()], { logger, compactAfterEvents: 25 });
    await second.start();
    expect(await second.waitFor(await head(e), undefined, 20_000)).toBe(true);
    await untilCompacted(2);
    const recompacted = await fileNodes(1);
    expect(recompacted[0]).not.toBe(compacted[0]);
    expect(recompacted[1]).not.toBe(compacted[1]);
    expect((await model(e)).counts).toEqual(await expectedCounts(e));
    await second.stop();

    // A rebuild (new version) compacts its new tables before reads switch to them.
    const third = runner(e, [counterProjection(2)], { logger, compactAfterEvents: 25 });
    await third.start();
    expect(await third.waitFor(await head(e), undefined, 20_000)).toBe(true);
    await untilCompacted(3);
    expect((await model(e)).counts).toEqual(await expectedCounts(e));
  });

  it('analyzes its tables as autovacuum would where the database does not vacuum by itself', async () => {
    const e = await env(kind);
    await appendCounted(e.store, { streams: 4, count: 1200, perAppend: 50, prefix: 'tidy' });
    const ctx = projectionContext(e.schema, { version: 1, build: 0 });
    const table = ctx.table('event_list');
    const tuples = async () =>
      Number(
        (
          await e.knex.raw<{ rows: { reltuples: number }[] }>(
            'SELECT reltuples FROM pg_class WHERE oid = ?::regclass',
            [table],
          )
        ).rows[0]?.reltuples,
      );
    const r = runner(e, [counterProjection()], { compactAfterEvents: 1_000_000 });
    await r.start();
    expect(await r.waitFor(await head(e), undefined, 30_000)).toBe(true);
    if (await databaseVacuumsItself(e.knex)) {
      // Autovacuum's job: the runner leaves the table to it (never analyzed by the runner).
      expect(await tuples()).toBeLessThan(1200);
    } else {
      // Embedded PGlite, or a server with autovacuum off: the runner did it at the head, once
      // the server's counts showed the rows (a writer's counts may reach them up to 10 s late;
      // the runner asks again every few seconds at the head).
      for (let i = 0; i < 600 && (await tuples()) < 1200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await tuples()).toBeGreaterThanOrEqual(1200);
    }
    await r.stop();
  });

  it('changes nothing when a batch is applied twice or the checkpoint is rewound', async () => {
    const e = await env(kind);
    await appendCounted(e.store, { streams: 4, count: 40, perAppend: 4 });
    const projection = counterProjection();
    const r = runner(e, [projection]);
    await r.start();
    expect(await r.waitFor(await head(e), undefined, 20_000)).toBe(true);
    const before = await model(e);

    // The same events once more, straight through apply, in one batch and in two halves.
    const all = await e.store.readAll();
    const ctx = projectionContext(e.schema, { version: 1, build: 0 });
    await e.knex.transaction((trx) => projection.apply(trx, all, ctx));
    await e.knex.transaction((trx) => projection.apply(trx, all.slice(0, 13), ctx));
    await e.knex.transaction((trx) => projection.apply(trx, all.slice(13), ctx));
    expect(await model(e)).toEqual(before);

    // Rewind the stored checkpoint: the runner notices at its next commit and redelivers everything.
    await e
      .knex(qualified(e.schema, 'es_checkpoints'))
      .where({ subscription_id: 'test_counter' })
      .update({ last_tx: '0', last_pos: 0 });
    const last = await e.store.appendToStream('counter-0', { type: COUNTED, data: { by: 5 } });
    expect(await r.waitFor(last.position, undefined, 20_000)).toBe(true);
    const after = await model(e);
    expect(after.counts).toEqual(await expectedCounts(e));
    expect(after.events).toHaveLength(before.events.length + 1);
    expect(after.events).toEqual(expect.arrayContaining(before.events));
  });

  it('stops a projection at an unknown event type, naming the event and its position', async () => {
    const e = await env(kind);
    await appendCounted(e.store, { streams: 2, count: 5 });
    const stranger = await e.store.appendToStream('mystery-1', { type: 'FromTheFuture', data: {} });
    await appendCounted(e.store, { streams: 2, count: 3, prefix: 'after' });
    const errors: { obj: Record<string, unknown>; msg?: string | undefined }[] = [];
    const logger: ProjectionLogger = {
      ...silentProjectionLogger,
      error: (obj, msg) => errors.push({ obj, msg }),
    };
    const r = runner(e, [counterProjection()], { logger, batchSize: 100 });
    await r.start();
    await waitUntil(() => r.status()[0]?.state === 'failed');
    const [read] = await e.store.readAll({
      fromPosition: 'start',
      filter: { eventTypes: ['FromTheFuture'] },
    });
    const token = positionToToken(stranger.position);
    const status = r.status()[0];
    expect(status?.error).toContain('"FromTheFuture"');
    expect(status?.error).toContain(`event ${read?.id ?? '?'}`);
    expect(status?.error).toContain('stream mystery-1');
    expect(status?.error).toContain(`position ${token}`);
    expect(errors.some((x) => x.msg?.includes(token) && x.msg.includes('FromTheFuture'))).toBe(
      true,
    );
    // Everything before the unknown event is applied and committed; nothing after it.
    expect((await model(e)).events).toHaveLength(5);
    const checkpoint = await readCheckpoint(e.knex, e.schema, 'test_counter');
    expect(checkpoint?.position.prepare).toBe(stranger.position.prepare - 1n);
    expect(await r.waitFor(stranger.position, undefined, 100)).toBe(false);
  });

  it('emits notifications only after the batch committed', async () => {
    const e = await env(kind);
    const seen: boolean[] = [];
    let pending: Promise<void> = Promise.resolve();
    const eventList = qualified(e.schema, 'event_list_v1');
    const r = runner(e, [counterProjection()], {
      onNotifications: (notes) => {
        // Another connection: sees the rows only if the batch has committed.
        pending = pending.then(async () => {
          for (const n of notes) {
            const { eventId } = n.payload as { eventId: string };
            const rows = await e.knex(eventList).where({ event_id: eventId });
            seen.push(rows.length === 1);
          }
        });
      },
    });
    await r.start();
    await appendCounted(e.store, { streams: 2, count: 6, perAppend: 2 });
    expect(await r.waitFor(await head(e), undefined, 20_000)).toBe(true);
    await waitUntil(() => seen.length === 6);
    await pending;
    expect(seen).toEqual([true, true, true, true, true, true]);
  });
});

describe('projection runner on native PostgreSQL only', () => {
  it('runs each projection in one instance only (advisory lock); the other takes over on stop', async () => {
    const e = await env('postgres');
    await appendCounted(e.store, { streams: 3, count: 30, perAppend: 3 });
    const applied: string[] = [];
    const tracked = (owner: string): Projection => {
      const base = counterProjection();
      return {
        ...base,
        apply: async (trx, events, ctx) => {
          applied.push(owner);
          return base.apply(trx, events, ctx);
        },
      };
    };
    const a = runner(e, [tracked('a')], { owner: 'a', lockRetryMs: 50 });
    const b = runner(e, [tracked('b')], { owner: 'b', lockRetryMs: 50 });
    await a.start();
    await waitUntil(() => a.status()[0]?.holdsLock === true);
    await b.start();
    expect(await b.waitFor(await head(e), undefined, 20_000)).toBe(true);
    await appendCounted(e.store, { streams: 3, count: 9, prefix: 'more' });
    expect(await b.waitFor(await head(e), undefined, 20_000)).toBe(true);
    expect(new Set(applied)).toEqual(new Set(['a']));
    expect(b.status()[0]).toMatchObject({ holdsLock: false, phase: 'waiting-for-lock' });

    await a.stop();
    await appendCounted(e.store, { streams: 2, count: 4, prefix: 'late' });
    expect(await b.waitFor(await head(e), undefined, 20_000)).toBe(true);
    expect(applied).toContain('b');
    expect((await model(e)).counts).toEqual(await expectedCounts(e));
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
