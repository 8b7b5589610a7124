import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { RecordedEvent } from '@allot/shared-events';
import type { Knex } from 'knex';
import { knexFor, projectionHarness } from '../testing/readModelDb.js';
import { planHistoryProjection } from './projection.js';
import { PLAN_VERSIONS_TABLE } from './schema.js';
import { history } from './testing/history.js';

let db: TestDatabase;
let knex: Knex;

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

/** The same history fed in batches of `size` to a schema of its own; its versions, in order. */
async function versionsAfter(events: RecordedEvent[], size: number): Promise<unknown[]> {
  const schema = `${db.schema}_b${String(size)}`;
  await knex.raw('CREATE SCHEMA IF NOT EXISTS ??', [schema]);
  const harness = projectionHarness(knex, schema, planHistoryProjection);
  await harness.migrate();
  for (let i = 0; i < events.length; i += size) await harness.apply(events.slice(i, i + size));
  const rows = await knex.raw<{ rows: unknown[] }>(
    `SELECT kind, id, valid_from, valid_to, period_id, workgroup_id, parent_id, user_id, state
     FROM ?? ORDER BY kind, id, valid_from`,
    [harness.ctx.table(PLAN_VERSIONS_TABLE)],
  );
  return rows.rows;
}

test('the same history gives the same versions in any batches, a runner-sized one included', async () => {
  // 2,000 events is the runner's batch: PGlite once failed the COMMIT of such a batch ("bad
  // buffer ID: 0") when its INSERTs carried thousands of parameters each.
  const events = history(7, 2500).slice(0, 2000);
  const whole = await versionsAfter(events, 2000);
  const small = await versionsAfter(events, 150);
  expect(whole.length).toBeGreaterThan(1000);
  // A version read back from jsonb equals a new one with its keys in another order: no copy.
  expect(small).toEqual(whole);
}, 120_000);
