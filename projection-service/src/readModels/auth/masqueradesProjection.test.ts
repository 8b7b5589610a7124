import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { Knex } from 'knex';
import { knexFor, projectionHarness, recorded } from '../testing/readModelDb.js';
import { createMasqueradersLookup, masqueradesProjection } from './masqueradesProjection.js';

let db: TestDatabase;
let knex: Knex;
let harness: ReturnType<typeof projectionHarness>;

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  harness = projectionHarness(knex, db.schema, masqueradesProjection);
  await harness.migrate();
  await harness.migrate(); // idempotent
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

test('answers who ever masqueraded as a user, each admin once, whatever was re-delivered', async () => {
  const started = recorded('MasqueradeStarted', { userId: 'ada', workingUserId: 'maria' });
  await harness.apply([
    started,
    recorded('MasqueradeEnded', { userId: 'ada', workingUserId: 'maria' }),
    recorded('MasqueradeStarted', { userId: 'zoe', workingUserId: 'maria' }),
    recorded('MasqueradeStarted', { userId: 'ada', workingUserId: 'fiona' }),
  ]);
  await harness.apply([started]);
  const masqueraders = createMasqueradersLookup({ knex, tables: harness.tables });
  expect(await masqueraders('maria')).toEqual(['ada', 'zoe']);
  expect(await masqueraders('fiona')).toEqual(['ada']);
  expect(await masqueraders('ada')).toEqual([]);
});
