/**
 * Child process for the SIGKILL test: runs the runner for the counter projection and, inside the
 * transaction of batch number ALLOT_PAUSE_AT_BATCH (after the read-model rows and the checkpoint
 * are written, before COMMIT), prints "paused" and waits to be killed.
 * Run: node --conditions=allot-source --import tsx killableRunner.ts
 */
import knexFactory from 'knex';
import pg from 'pg';
import { createPostgresEventStore } from '@allot/shared-events';
import { createProjectionRunner } from '../runner.js';
import { silentProjectionLogger } from '../logger.js';
import { TEST_EVENT_TYPES, counterProjection } from './counterProjection.js';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const url = env('ALLOT_FIXTURE_URL');
const pauseAt = Number(env('ALLOT_PAUSE_AT_BATCH'));
const pool = new pg.Pool({ connectionString: url, max: 2 });
const store = await createPostgresEventStore({ pool, schema: env('ALLOT_FIXTURE_STORE_SCHEMA') });
const knex = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 2 } });
let batches = 0;
const runner = createProjectionRunner({
  store,
  knex,
  schema: env('ALLOT_FIXTURE_SCHEMA'),
  projections: [counterProjection()],
  knownEventTypes: TEST_EVENT_TYPES,
  logger: silentProjectionLogger,
  batchSize: Number(env('ALLOT_FIXTURE_BATCH_SIZE')),
  beforeCommit: async () => {
    batches += 1;
    if (batches < pauseAt) return;
    process.stdout.write('paused\n');
    await new Promise(() => undefined);
  },
});
await runner.start();
