// @allot-needs postgres — not collected on a machine without it unless CI=true (see jest.config.js).
import { afterAll, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Position } from '@allot/shared-events';
import { uniqueName } from '@allot/shared-events/testing';
import { createProjectionRunner } from './runner.js';
import type { ProjectionLogger } from './logger.js';
import { readTable } from './tableNames.js';
import {
  COUNTED,
  TEST_EVENT_TYPES,
  counterProjection,
  readCounterModel,
} from './testing/counterProjection.js';
import { projectionTestEnvs } from './testing/environment.js';

// Our own application_name: the other test files share this database and must not be hit.
const applicationName = uniqueName('allot_faults');
const envs = projectionTestEnvs('postgres', applicationName);
afterAll(() => envs.closeAll());

it('keeps every event exactly once when the database ends its connections under load', async () => {
  const e = await envs.open();
  const errors: string[] = [];
  const logger: ProjectionLogger = {
    info: () => undefined,
    warn: () => undefined,
    error: (_obj, msg) => errors.push(msg ?? ''),
  };
  const runner = createProjectionRunner({
    store: e.store,
    knex: e.knex,
    schema: e.schema,
    projections: [counterProjection()],
    knownEventTypes: TEST_EVENT_TYPES,
    logger,
    batchSize: 15,
    pollIntervalMs: 5,
    heartbeatMs: 100,
    lockRetryMs: 50,
    maxBackoffMs: 200,
  });
  const killer = new pg.Client({ connectionString: e.url });
  await killer.connect();
  try {
    await runner.start();
    const total = 400;
    let written = 0;
    let last: Position | null = null;
    const writer = (async () => {
      while (written < total) {
        const stream = `counter-${String(written % 9)}`;
        try {
          // A fixed id per event: a retried append after a lost answer is idempotent.
          const id = `00000000-0000-4000-8000-${String(written).padStart(12, '0')}`;
          ({ position: last } = await e.store.appendToStream(stream, {
            id,
            type: COUNTED,
            data: { by: (written % 5) + 1 },
          }));
          written += 1;
        } catch {
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    })();
    // Four rounds while the writer and the runner are busy (at a share of the events written, not
    // at fixed times: a fast run wrote everything before the first round and met no fault).
    for (const at of [50, 150, 250, 350]) {
      while (written < at) await new Promise((r) => setTimeout(r, 2));
      await killer.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [applicationName],
      );
    }
    await writer;
    if (!last) throw new Error('nothing written');
    expect(await runner.waitFor(last, undefined, 30_000)).toBe(true);

    // Pooled connections killed in the last round may still be handed out, one per read until
    // the pool has dropped them all (a loaded machine notices late): retry reads.
    const model = await retry(async () =>
      readCounterModel(e.knex, {
        eventList: await readTable(e.knex, 'test_counter', 'event_list', e.schema),
        streamCounts: await readTable(e.knex, 'test_counter', 'stream_counts', e.schema),
      }),
    );
    expect(model.events).toHaveLength(total);
    const expected = new Map<string, { events: number; total: number }>();
    for (let i = 0; i < total; i++) {
      const s = expected.get(`counter-${String(i % 9)}`) ?? { events: 0, total: 0 };
      s.events += 1;
      s.total += (i % 5) + 1;
      expected.set(`counter-${String(i % 9)}`, s);
    }
    expect(
      (model.counts as { stream_id: string; events: number; total: string }[]).map((c) => [
        c.stream_id,
        c.events,
        Number(c.total),
      ]),
    ).toEqual(
      [...expected.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([s, v]) => [s, v.events, v.total]),
    );
    // The faults were seen and survived (logged, retried), not silently absent.
    expect(errors.length).toBeGreaterThan(0);
    // The lock connection may have been ended in the last round: the runner takes the lock again.
    await waitUntil(() => runner.status()[0]?.holdsLock === true, 5_000);
    expect(runner.status()[0]).toMatchObject({ state: 'running', holdsLock: true });
  } finally {
    await runner.stop();
    await killer.end();
    await e.close();
  }
});

async function retry<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (err) {
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

async function waitUntil(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}
