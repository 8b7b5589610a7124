import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type preHandlerAsyncHookHandler,
} from 'fastify';
import type { Knex } from 'knex';
import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { settingsProjection } from '../readModels/settings/index.js';
import { knexFor, projectionHarness, recorded } from '../readModels/testing/readModelDb.js';
import { projectionServicePlugin } from './projectionServicePlugin.js';
import { answerContract, type AnswerContract } from '../http/testing/answerContract.js';

let db: TestDatabase;
let knex: Knex;
let app: FastifyInstance;
let contract: AnswerContract;
let harness: ReturnType<typeof projectionHarness>;
let base: string;
const waited: string[] = [];
// A stand-in read-your-writes wait that records which routes go through it.
const waitForPosition: preHandlerAsyncHookHandler = async (request) => {
  waited.push(request.url);
  await Promise.resolve();
};

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  harness = projectionHarness(knex, db.schema, settingsProjection);
  app = Fastify();
  contract = answerContract(app);
  await app.register(projectionServicePlugin, {
    knex,
    tables: harness.tables,
    waitForPosition,
  });
  await harness.migrate();
  // Over real HTTP: app.inject's light-my-request requires the ESM-only `cookie`, which jest's
  // module loader cannot require on Node 20.
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

async function get(path: string): Promise<{ statusCode: number; json(): unknown }> {
  const res = await fetch(`${base}${path}`);
  const body: unknown = await res.json();
  return { statusCode: res.status, json: () => body };
}

afterAll(async () => {
  await app.close();
  await knex.destroy();
  await db.close();
});

test('GET /api/health answers ok without waiting for projections', async () => {
  const res = await get('/api/health');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ status: 'ok' });
  expect(waited).not.toContain('/api/health');
});

test('GET /api/settings answers the default colour before any setting exists', async () => {
  const res = await get('/api/settings');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual([
    { id: 'primary_color', machineName: 'primary_color', Setting: { value: '#0736a4' } },
  ]);
});

test('a projected SettingChanged is answered by both settings routes, after the read-your-writes wait', async () => {
  await harness.apply([
    recorded('SettingChanged', { machineName: 'institution_name', value: 'State U' }),
    recorded('SettingChanged', { machineName: 'primary_color', value: '#123456' }),
  ]);
  const list = await get('/api/settings');
  expect(list.json()).toEqual([
    { id: 'institution_name', machineName: 'institution_name', Setting: { value: 'State U' } },
    { id: 'primary_color', machineName: 'primary_color', Setting: { value: '#123456' } },
  ]);
  const colour = await get('/api/settings/primaryColor');
  expect(colour.json()).toEqual({
    id: 'primary_color',
    machineName: 'primary_color',
    Setting: { value: '#123456' },
  });
  expect(waited).toEqual(expect.arrayContaining(['/api/settings', '/api/settings/primaryColor']));
});

test('an emptied primary colour answers the default again', async () => {
  await harness.apply([recorded('SettingChanged', { machineName: 'primary_color', value: '' })]);
  const colour = await get('/api/settings/primaryColor');
  expect(colour.json()).toMatchObject({ Setting: { value: '#0736a4' } });
});

test('the settings answers are what readApi declares', () => {
  expect(contract.breaches).toEqual([]);
  expect([...contract.checked].sort()).toEqual([
    'GET /api/settings',
    'GET /api/settings/primaryColor',
  ]);
});

test('a read route resolves request.viewer after the read-your-writes wait, not before', async () => {
  const order: string[] = [];
  const other = Fastify();
  await other.register(projectionServicePlugin, {
    knex,
    tables: harness.tables,
    waitForPosition: async (request: FastifyRequest) => {
      order.push(`wait ${request.url}`);
      await Promise.resolve();
    },
    viewer: (request) => {
      order.push(`viewer ${request.url}`);
      return Promise.resolve(null);
    },
  });
  const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
  try {
    const res = await fetch(`${otherBase}/api/dashboard`);
    expect(res.status).toBe(401);
    expect(order).toEqual(['wait /api/dashboard', 'viewer /api/dashboard']);
  } finally {
    await other.close();
  }
});
