import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { Knex } from 'knex';
import { knexFor, projectionHarness, recorded } from '../testing/readModelDb.js';
import { workingPeriodOf, workingPeriodsProjection } from './workingPeriodsProjection.js';

let db: TestDatabase;
let knex: Knex;
let harness: ReturnType<typeof projectionHarness>;
let table: string;

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  harness = projectionHarness(knex, db.schema, workingPeriodsProjection);
  table = harness.ctx.table('working_periods');
  await harness.migrate();
  await harness.migrate(); // idempotent
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

test('records the working period, leaving its announcement to the authFacts projection', async () => {
  const notifications = await harness.apply([
    recorded('WorkingAcademicPeriodChanged', { userId: 'ada', academicPeriodId: 'p-next' }),
  ]);
  expect(notifications).toEqual([]);
  expect(await workingPeriodOf(knex, table, 'ada')).toBe('p-next');
  expect(await workingPeriodOf(knex, table, 'fiona')).toBeNull();
});

test('a re-delivered older event never overwrites a newer one', async () => {
  const older = recorded('WorkingAcademicPeriodChanged', { userId: 'bo', academicPeriodId: 'p-1' });
  const newer = recorded('WorkingAcademicPeriodChanged', { userId: 'bo', academicPeriodId: 'p-2' });
  await harness.apply([older, newer]);
  await harness.apply([older]);
  expect(await workingPeriodOf(knex, table, 'bo')).toBe('p-2');
});
