import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import Fastify from 'fastify';
import type { Knex } from 'knex';
import { DEMO_FEATURE_FLAGS, SESSION_COOKIE_NAME, createSessionCodec } from '@allot/shared-events';
import { knexFor, projectionHarness, recorded } from '../testing/readModelDb.js';
import { apiKeysProjection, createApiKeyList } from './apiKeysProjection.js';
import { createInMemoryAuthFacts } from './authFacts.js';
import { authUser } from './testing/authUser.js';
import { authRoutes } from './routes.js';
import { answerContract } from '../../http/testing/answerContract.js';

let db: TestDatabase;
let knex: Knex;
let harness: ReturnType<typeof projectionHarness>;

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  harness = projectionHarness(knex, db.schema, apiKeysProjection);
  await harness.migrate();
  await harness.migrate(); // idempotent
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

const HASH = 'a'.repeat(64);
const key1 = '11111111-1111-4111-8111-111111111111';
const key2 = '22222222-2222-4222-8222-222222222222';

test('lists keys without their hashes; a revocation is recorded once', async () => {
  const created = recorded('ApiKeyCreated', {
    apiKeyId: key1,
    userId: 'ada',
    name: 'nightly',
    secretSha256: HASH,
  });
  await harness.apply([
    created,
    created,
    recorded(
      'ApiKeyCreated',
      { apiKeyId: key2, userId: 'ada', name: 'export', secretSha256: HASH },
      {
        metadata: { occurredAt: '2026-11-22T03:00:00.000Z' },
      },
    ),
    recorded('ApiKeyRevoked', { apiKeyId: key1, userId: 'ada' }),
  ]);
  const list = await createApiKeyList(knex, harness.tables)();
  expect(list).toEqual([
    {
      id: key2,
      UserId: 'ada',
      name: 'export',
      createdAt: '2026-11-22T03:00:00.000Z',
      revokedAt: null,
    },
    {
      id: key1,
      UserId: 'ada',
      name: 'nightly',
      createdAt: '2026-11-22T02:00:00.000Z',
      revokedAt: '2026-11-22T02:00:00.000Z',
    },
  ]);
  expect(JSON.stringify(await knex(harness.ctx.table('api_keys')).select())).not.toContain(HASH);
});

test('GET /api/apiKeys: 401 signed out, 403 without the ability, the list for admin', async () => {
  const codec = createSessionCodec({
    secrets: ['api-keys-list-test-secret-long-enough!!'],
    ttlMs: 60_000,
  });
  const app = Fastify();
  const contract = answerContract(app);
  await app.register(authRoutes, {
    facts: createInMemoryAuthFacts({
      users: [authUser('ada', ['admin']), authUser('fiona', ['faculty'])],
    }),
    featureFlags: DEMO_FEATURE_FLAGS,
    mode: 'test',
    version: '2025.4.0',
    sessionCodec: codec,
    listApiKeys: createApiKeyList(knex, harness.tables),
  });
  const get = async (userId?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/apiKeys',
      headers: userId
        ? { cookie: `${SESSION_COOKIE_NAME}=${codec.encode({ userId, workingUserId: userId })}` }
        : {},
    });
  expect((await get()).statusCode).toBe(401);
  expect((await get('fiona')).statusCode).toBe(403);
  const admin = await get('ada');
  expect(admin.statusCode).toBe(200);
  expect(admin.json<{ id: string }[]>().map((k) => k.id)).toEqual([key2, key1]);
  // The list is the read API's contract (readApi's ApiKeyListAnswer).
  expect(contract.breaches).toEqual([]);
  expect([...contract.checked]).toEqual(['GET /api/apiKeys']);
  await app.close();
});
