// @allot-needs postgres — not collected on a machine without it unless CI=true (see jest.config.js).
import { afterAll, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { replayProjection } from './replayProjection.js';
import { createProjectionRunner } from './runner.js';
import { silentProjectionLogger } from './logger.js';
import { readTable } from './tableNames.js';
import {
  TEST_EVENT_TYPES,
  counterProjection,
  readCounterModel,
} from './testing/counterProjection.js';
import {
  appendCounted,
  projectionTestEnvs,
  type ProjectionTestEnv,
} from './testing/environment.js';

const envs = projectionTestEnvs('postgres');
afterAll(() => envs.closeAll());

const fixture = fileURLToPath(new URL('./testing/killableRunner.ts', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

async function model(e: ProjectionTestEnv) {
  return readCounterModel(e.knex, {
    eventList: await readTable(e.knex, 'test_counter', 'event_list', e.schema),
    streamCounts: await readTable(e.knex, 'test_counter', 'stream_counts', e.schema),
  });
}

/** Starts the fixture and resolves once it is paused inside its transaction. */
function startPausedChild(e: ProjectionTestEnv, pauseAtBatch: number) {
  const child = spawn(process.execPath, ['--conditions=allot-source', '--import', 'tsx', fixture], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ALLOT_FIXTURE_URL: e.url,
      ALLOT_FIXTURE_STORE_SCHEMA: e.storeSchema,
      ALLOT_FIXTURE_SCHEMA: e.schema,
      ALLOT_FIXTURE_BATCH_SIZE: '10',
      ALLOT_PAUSE_AT_BATCH: String(pauseAtBatch),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const paused = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('paused')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`fixture exited (${String(code)}) before pausing: ${stderr}`)),
    );
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_c, s) => resolve(s)),
  );
  return { child, paused, exited };
}

it('a projector killed with SIGKILL before COMMIT resumes, and the read model equals a fresh rebuild', async () => {
  const e = await envs.open();
  let cleanupChild = (): unknown => undefined;
  try {
    await appendCounted(e.store, { streams: 5, count: 60, perAppend: 4 });
    const { child, paused, exited } = startPausedChild(e, 3);
    cleanupChild = () => child.kill('SIGKILL');
    await paused;
    // Batch 3 has written its rows and checkpoint but not committed: only two batches are visible.
    expect((await model(e)).events).toHaveLength(20);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const runner = createProjectionRunner({
      store: e.store,
      knex: e.knex,
      schema: e.schema,
      projections: [counterProjection()],
      knownEventTypes: TEST_EVENT_TYPES,
      logger: silentProjectionLogger,
      batchSize: 10,
      pollIntervalMs: 10,
      // The killed child's lock goes once the server notices its connection closed.
      lockRetryMs: 50,
    });
    await runner.start();
    try {
      const head = await e.store.committedHeadPosition();
      if (!head) throw new Error('empty store');
      expect(await runner.waitFor(head, undefined, 20_000)).toBe(true);
      const resumed = await model(e);
      expect(resumed.events).toHaveLength(60);

      await runner.stop();
      const progress: number[] = [];
      await replayProjection({
        store: e.store,
        knex: e.knex,
        schema: e.schema,
        projection: counterProjection(),
        knownEventTypes: TEST_EVENT_TYPES,
        logger: silentProjectionLogger,
        dropDelayMs: 0,
        progressIntervalMs: 0,
        onProgress: (p) => {
          progress.push(p.done);
        },
      });
      expect(await readTable(e.knex, 'test_counter', 'event_list', e.schema)).toMatch(
        /event_list_v1_b1$/,
      );
      expect(await model(e)).toEqual(resumed);
      expect(progress.at(-1)).toBe(60);
    } finally {
      await runner.stop();
    }
  } finally {
    cleanupChild();
    await e.close();
  }
});
