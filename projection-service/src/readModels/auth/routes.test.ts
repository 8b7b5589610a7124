import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  DEMO_FEATURE_FLAGS,
  SESSION_COOKIE_NAME,
  createSessionCodec,
  defineAbilityFor,
} from '@allot/shared-events';
import { abilityForSession } from './authContext.js';
import { createInMemoryAuthFacts } from './authFacts.js';
import { authUser } from './testing/authUser.js';
import { readAppVersion } from './appVersion.js';
import { authRoutes } from './routes.js';
import type { RequestAuthOptions } from './requestAuth.js';
import { answerContract, type AnswerContract } from '../../http/testing/answerContract.js';

const codec = createSessionCodec({
  secrets: ['auth-routes-test-secret-long-enough!!'],
  ttlMs: 60_000,
});

const SIGNED_OUT_AT = Date.now() - 10_000;
const data = {
  users: [
    authUser('ada', ['admin']),
    authUser('fiona', ['faculty']),
    authUser('gone', ['admin'], { isActive: false }),
    authUser('pat', ['faculty'], { workingAcademicPeriodId: 'next' }),
    // Signed out everywhere ten seconds ago.
    authUser('sam', ['faculty'], { sessionsValidFrom: new Date(SIGNED_OUT_AT).toISOString() }),
  ],
  endedSessionIds: { fiona: ['sid-logged-out'] },
  workgroupPermissions: { fiona: [{ id: 'wg-math', permission: 3 }] },
  activeSteps: { active: [1, 2, 6], next: [1] },
  systemActivePeriodId: 'active',
};
const options: RequestAuthOptions = {
  facts: createInMemoryAuthFacts(data),
  featureFlags: DEMO_FEATURE_FLAGS,
  mode: 'test',
  version: readAppVersion(),
  sessionCodec: codec,
  verifyApiKey: (token) =>
    Promise.resolve(
      ({ 'good-key': 'fiona', 'sam-key': 'sam' } as Record<string, string>)[token] ?? null,
    ),
};
let app: FastifyInstance;
let contract: AnswerContract;

beforeAll(async () => {
  app = Fastify();
  contract = answerContract(app);
  await app.register(authRoutes, options);
  await app.ready();
});
afterAll(() => app.close());

const cookieFor = (userId: string, workingUserId = userId) =>
  `${SESSION_COOKIE_NAME}=${codec.encode({ userId, workingUserId })}`;

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

describe('GET /api/auth', () => {
  it('answers 200 with authenticatedUserId null when signed out, still with flags, mode and version', async () => {
    const { status, body } = await get('/api/auth');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      authenticatedUserId: null,
      workingUserId: null,
      Roles: [],
      FeatureFlags: DEMO_FEATURE_FLAGS,
      mode: 'test',
      version: '2025.4.0',
    });
  });

  it('answers every field of the signed-in user’s context', async () => {
    const { status, body } = await get('/api/auth', { cookie: cookieFor('fiona') });
    expect(status).toBe(200);
    expect(body).toEqual({
      authenticatedUserId: 'fiona',
      workingUserId: 'fiona',
      displayName: 'fiona Person',
      Roles: [{ slug: 'faculty' }],
      FeatureFlags: DEMO_FEATURE_FLAGS,
      workgroupPermissions: [{ id: 'wg-math', permission: 3 }],
      progressStepId: 6,
      workingAcademicPeriodId: 'active',
      mode: 'test',
      version: '2025.4.0',
      mySharedTeachingEnabled: true,
      myTeachingPreferencesEnabled: true,
      myTeachingAssignmentsEnabled: true,
      myScheduleEnabled: true,
    });
  });

  it('takes the progress step of the user’s own working period', async () => {
    const { body } = await get('/api/auth', { cookie: cookieFor('pat') });
    expect(body).toMatchObject({ workingAcademicPeriodId: 'next', progressStepId: 1 });
  });

  it('describes the working user while masquerading, keeping the authenticated one', async () => {
    const { body } = await get('/api/auth', { cookie: cookieFor('ada', 'fiona') });
    expect(body).toMatchObject({
      authenticatedUserId: 'ada',
      workingUserId: 'fiona',
      displayName: 'fiona Person',
      Roles: [{ slug: 'faculty' }],
    });
  });

  it('treats a session of a deactivated or unknown user as signed out', async () => {
    expect((await get('/api/auth', { cookie: cookieFor('gone') })).body).toMatchObject({
      authenticatedUserId: null,
    });
    expect((await get('/api/auth', { cookie: cookieFor('nobody') })).body).toMatchObject({
      authenticatedUserId: null,
    });
  });

  it('treats a sign-in ended by logout or by signing out everywhere as signed out', async () => {
    const session = (userId: string, sid: string | undefined, issuedAt: string) =>
      `${SESSION_COOKIE_NAME}=${codec.encode({ userId, workingUserId: userId, ...(sid ? { sid } : {}) }, Date.parse(issuedAt))}`;
    const who = async (cookie: string) =>
      (await get('/api/auth', { cookie })).body['authenticatedUserId'];
    const now = new Date().toISOString();
    expect(await who(session('fiona', 'sid-logged-out', now))).toBeNull();
    expect(await who(session('fiona', 'sid-still-in', now))).toBe('fiona');
    expect(
      await who(session('sam', undefined, new Date(SIGNED_OUT_AT - 1).toISOString())),
    ).toBeNull();
    expect(await who(session('sam', undefined, new Date(SIGNED_OUT_AT).toISOString()))).toBe('sam');
    // An API key has no sign-in to end: it is revoked on its own.
    expect((await get('/api/auth', { authorization: 'Bearer sam-key' })).body).toMatchObject({
      authenticatedUserId: 'sam',
    });
  });

  it('authenticates an API key as its user through Authorization: Bearer', async () => {
    const { body } = await get('/api/auth', { authorization: 'Bearer good-key' });
    expect(body).toMatchObject({ authenticatedUserId: 'fiona', workingUserId: 'fiona' });
    expect((await get('/api/auth/me', { authorization: 'Bearer bad-key' })).status).toBe(401);
  });

  it('ignores API keys while apiEnabled is off', async () => {
    const off = Fastify();
    await off.register(authRoutes, {
      ...options,
      featureFlags: { ...DEMO_FEATURE_FLAGS, apiEnabled: false },
    });
    const response = await off.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer good-key' },
    });
    expect(response.statusCode).toBe(401);
    await off.close();
  });
});

describe('GET /api/auth/me', () => {
  it('answers 401 without a session', async () => {
    expect(await get('/api/auth/me')).toEqual({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Please log in.' },
    });
  });

  it('answers the authenticated user, also while masquerading', async () => {
    const { status, body } = await get('/api/auth/me', { cookie: cookieFor('ada', 'fiona') });
    expect(status).toBe(200);
    expect(body).toEqual({
      id: 'ada',
      displayName: 'ada Person',
      firstName: 'ada',
      lastName: 'Person',
      email: 'ada@example.edu',
      username: 'ada',
      Roles: [{ slug: 'admin' }],
    });
  });
});

describe('GET /api/status', () => {
  it('answers version, mode and feature flags', async () => {
    expect(await get('/api/status')).toEqual({
      status: 200,
      body: { version: '2025.4.0', mode: 'test', featureFlags: DEMO_FEATURE_FLAGS },
    });
  });
});

describe('abilityForSession', () => {
  it('applies the working user’s abilities and refuses a second masquerade while masquerading', async () => {
    const admin = await abilityForSession({ userId: 'ada', workingUserId: 'ada' }, options);
    expect(admin?.can('create', 'Masquerade')).toBe(true);
    const masquerading = await abilityForSession(
      { userId: 'ada', workingUserId: 'fiona' },
      options,
    );
    expect(masquerading?.can('create', 'Masquerade')).toBe(false);
    expect(masquerading?.can('manage', 'User')).toBe(false);
    expect(masquerading?.can('assign', 'Section')).toBe(true);
    expect(await abilityForSession({ userId: 'gone', workingUserId: 'gone' }, options)).toBeNull();
  });

  it('matches defineAbilityFor on the same facts', async () => {
    const ability = await abilityForSession({ userId: 'fiona', workingUserId: 'fiona' }, options);
    const expected = defineAbilityFor({
      userId: 'fiona',
      roles: ['faculty'],
      workgroupPermissions: [{ id: 'wg-math', permission: 3 }],
      featureFlags: DEMO_FEATURE_FLAGS,
      mode: 'test',
      progressStepId: 6,
      masquerading: false,
    });
    expect(ability?.rules).toEqual(expected.rules);
  });
});

describe('the read API contract', () => {
  it('answers each typed route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual([
      'GET /api/auth',
      'GET /api/auth/me',
      'GET /api/status',
    ]);
  });
});
