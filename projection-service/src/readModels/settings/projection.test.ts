import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { Knex } from 'knex';
import { positionToToken } from '@allot/shared-events';
import { knexFor, projectionHarness, recorded } from '../testing/readModelDb.js';
import { settingsProjection } from './projection.js';
import { DEFAULT_PRIMARY_COLOR, getSetting, listSettings } from './query.js';

let db: TestDatabase;
let knex: Knex;
let harness: ReturnType<typeof projectionHarness>;
let table: string;

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  harness = projectionHarness(knex, db.schema, settingsProjection);
  table = harness.ctx.table('settings');
  await harness.migrate();
  await harness.migrate(); // idempotent
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

test('upserts SettingChanged and notifies room all once per setting, with its last position', async () => {
  const events = [
    recorded('SettingChanged', { machineName: 'institution_name', value: 'Old U' }),
    recorded('SettingChanged', { machineName: 'institution_name', value: 'State U' }),
    recorded('SettingChanged', { machineName: 'logo', value: 'true' }),
  ];
  const notifications = await harness.apply(events);
  const token = (i: number) => positionToToken(events[i]!.position);
  expect(notifications).toEqual([
    {
      event: 'settingsChanged',
      rooms: ['all'],
      payload: { machineName: 'institution_name', position: token(1) },
      actorId: 'user-admin',
    },
    {
      event: 'settingsChanged',
      rooms: ['all'],
      payload: { machineName: 'logo', position: token(2) },
      actorId: 'user-admin',
    },
  ]);
  expect(await getSetting(knex, table, 'institution_name')).toEqual({
    id: 'institution_name',
    machineName: 'institution_name',
    Setting: { value: 'State U' },
  });
});

test('each event delivered twice changes nothing, and an older one never overwrites a newer one', async () => {
  const older = recorded('SettingChanged', { machineName: 'theme', value: 'light' });
  const newer = recorded('SettingChanged', { machineName: 'theme', value: 'dark' });
  await harness.apply([older, newer]);
  const before = await knex(table).where({ machine_name: 'theme' }).first();
  await harness.apply([older, newer]);
  await harness.apply([older]);
  expect(await knex(table).where({ machine_name: 'theme' }).first()).toEqual(before);
  expect(before).toMatchObject({
    value: 'dark',
    position: `${newer.position.commit}:${newer.position.prepare}`,
  });
});

test('positions compare as numbers, not as text', async () => {
  const low = recorded(
    'SettingChanged',
    { machineName: 'pos', value: 'at 9' },
    { position: { commit: 9n, prepare: 1n } },
  );
  const high = recorded(
    'SettingChanged',
    { machineName: 'pos', value: 'at 10' },
    { position: { commit: 10n, prepare: 1n } },
  );
  await harness.apply([high]);
  await harness.apply([low]);
  expect((await getSetting(knex, table, 'pos'))?.Setting.value).toBe('at 10');
});

test('other event types are ignored and malformed data stops the batch', async () => {
  expect(await harness.apply([recorded('SomethingElse', { x: 1 })])).toEqual([]);
  await expect(
    harness.apply([recorded('SettingChanged', { machineName: '', value: 'x' })]),
  ).rejects.toThrow();
});

test('primary_color: absent or empty reads as the default colour', async () => {
  expect(
    (await listSettings(knex, table)).find((s) => s.machineName === 'primary_color')?.Setting.value,
  ).toBe(DEFAULT_PRIMARY_COLOR);
  await harness.apply([recorded('SettingChanged', { machineName: 'primary_color', value: '' })]);
  expect(await getSetting(knex, table, 'primary_color')).toMatchObject({
    Setting: { value: DEFAULT_PRIMARY_COLOR },
  });
  await harness.apply([
    recorded('SettingChanged', { machineName: 'primary_color', value: '#aa0000' }),
  ]);
  const list = await listSettings(knex, table);
  expect(list.map((s) => s.machineName)).toEqual([...list.map((s) => s.machineName)].sort());
  expect(list.find((s) => s.machineName === 'primary_color')?.Setting.value).toBe('#aa0000');
  expect(await getSetting(knex, table, 'never_set')).toBeNull();
});
