// @allot-needs postgres — not collected on a machine without it unless CI=true (see jest.config.js).
import { afterAll, expect, it } from '@jest/globals';
import { createProjectionRunner } from '../runner/runner.js';
import { silentProjectionLogger } from '../runner/logger.js';
import { readTable } from '../runner/tableNames.js';
import { TEST_EVENT_TYPES, counterProjection } from '../runner/testing/counterProjection.js';
import { appendCounted, projectionTestEnvs } from '../runner/testing/environment.js';
import { runReplayCli, type ReplayCliDeps } from './cli.js';

const envs = projectionTestEnvs('postgres');
afterAll(() => envs.closeAll());

it('allot replay rebuilds the named projections, printing progress, and rejects unknown names', async () => {
  const e = await envs.open();
  try {
    await appendCounted(e.store, { streams: 4, count: 120, perAppend: 10 });
    const out: string[] = [];
    const err: string[] = [];
    const deps: ReplayCliDeps = {
      projections: [counterProjection(), counterProjection(1, 'other_counter')],
      store: e.store,
      knex: e.knex,
      schema: e.schema,
      knownEventTypes: TEST_EVENT_TYPES,
      dropDelayMs: 0,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    };
    expect(await runReplayCli(['nope'], deps)).toBe(2);
    expect(err.join('\n')).toMatch(
      /Unknown projection\(s\): nope\. Known: test_counter, other_counter/,
    );
    expect(await runReplayCli(['--help'], deps)).toBe(0);
    expect(out.join('\n')).toContain('Usage: allot replay');

    out.length = 0;
    expect(await runReplayCli(['--batch-size=25', 'test_counter'], deps)).toBe(0);
    expect(out[0]).toBe('Replaying test_counter (version 1)');
    expect(out).toContain('test_counter: 0 / 120 events (0%), 0 events/s');
    expect(out.at(-1)).toMatch(
      /^test_counter: switched to version 1 build 1 \(stream_counts_v1_b1, event_list_v1_b1\); 120 events in [\d.]+ s/,
    );
    expect(await readTable(e.knex, 'test_counter', 'event_list', e.schema)).toBe(
      `${e.schema}.event_list_v1_b1`,
    );

    // A runner started afterwards continues from the replay's checkpoint.
    const runner = createProjectionRunner({
      store: e.store,
      knex: e.knex,
      schema: e.schema,
      projections: [counterProjection()],
      knownEventTypes: TEST_EVENT_TYPES,
      logger: silentProjectionLogger,
      pollIntervalMs: 10,
    });
    await runner.start();
    const written = await e.store.appendToStream('counter-9', {
      type: 'TestCounted',
      data: { by: 1 },
    });
    expect(await runner.waitFor(written.position, undefined, 10_000)).toBe(true);
    await runner.stop();
    const table = await readTable(e.knex, 'test_counter', 'event_list', e.schema);
    expect(await e.knex(table).count<{ count: string }[]>({ count: '*' })).toEqual([
      { count: '121' },
    ]);
  } finally {
    await e.close();
  }
});
