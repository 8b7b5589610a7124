import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AcademicPeriodAnswer,
  DEMO_FEATURE_FLAGS,
  ResourceRecordAnswer,
  academicPeriods,
  academicTermTypes,
  allResources,
  campuses,
  cohorts,
  majors,
  defineAbilityFor,
  isKnownEventType,
  userSettings,
  users,
  workgroups,
  type ResourceDefinition,
  type RoleSlug,
} from '@allot/shared-events';
import { nativeDatabaseUrl } from '@allot/shared-events/testing';
import { projectionServicePlugin } from '../../api/projectionServicePlugin.js';
import { createProjectionRunner, type ProjectionRunner } from '../../runner/runner.js';
import { silentProjectionLogger } from '../../runner/logger.js';
import { createTableResolver } from '../../runner/tableNames.js';
import type { RealtimeNotification } from '../../runner/projection.js';
import { projectionTestEnvs, type ProjectionTestEnv } from '../../runner/testing/environment.js';
import { resourceProjections } from './projection.js';
import type { ResourceViewer, ViewerResolver } from '../../http/viewer.js';
import { answerContract, type AnswerContract } from '../../http/testing/answerContract.js';

const envs = projectionTestEnvs(nativeDatabaseUrl() ? 'postgres' : 'pglite');
let env: ProjectionTestEnv;
let runner: ProjectionRunner;
let app: FastifyInstance;
const notifications: RealtimeNotification[] = [];

/** A fabricated session per user: `x-test-user: <id>`; the roles and working periods below. */
const people: Record<
  string,
  { role: RoleSlug; workingAcademicPeriodId: string | null; aemEnabled?: boolean }
> = {
  admin: { role: 'admin', workingAcademicPeriodId: null },
  // Effort management's lists exist only while aemEnabled is on.
  effort: { role: 'effortContributor', workingAcademicPeriodId: null, aemEnabled: true },
  ops: { role: 'academicOpsAdmin', workingAcademicPeriodId: null },
  finance: { role: 'financialReportingUser', workingAcademicPeriodId: null },
  u2: { role: 'faculty', workingAcademicPeriodId: 'p2025' },
  u3: { role: 'faculty', workingAcademicPeriodId: null },
};

const testViewer: ViewerResolver = (request) => {
  const id = request.headers['x-test-user'];
  const person = typeof id === 'string' ? people[id] : undefined;
  if (typeof id !== 'string' || !person) return Promise.resolve(null);
  const viewer: ResourceViewer = {
    userId: id,
    workingAcademicPeriodId: person.workingAcademicPeriodId,
    ability: defineAbilityFor({
      userId: id,
      roles: [person.role],
      workgroupPermissions: [],
      featureFlags: { ...DEMO_FEATURE_FLAGS, aemEnabled: person.aemEnabled ?? false },
      mode: 'test',
      progressStepId: null,
      masquerading: false,
    }),
  };
  return Promise.resolve(viewer);
};

async function emit(
  resource: ResourceDefinition,
  kind: 'created' | 'updated' | 'deleted',
  data: { id: string } & Record<string, unknown>,
) {
  const type = resource.eventTypes[kind];
  await env.store.appendToStream(resource.streamId(data.id), [
    { type, data, metadata: { actorId: 'admin', occurredAt: '2026-11-22T03:00:00.000Z' } },
  ]);
}

function startRunner(): ProjectionRunner {
  return createProjectionRunner({
    store: env.store,
    knex: env.knex,
    schema: env.schema,
    projections: resourceProjections,
    knownEventTypes: isKnownEventType,
    logger: silentProjectionLogger,
    pollIntervalMs: 10,
    onNotifications: (n) => notifications.push(...n),
  });
}

async function caughtUp(r: ProjectionRunner): Promise<void> {
  const head = await env.store.committedHeadPosition();
  if (!head) throw new Error('empty store');
  if (!(await r.waitFor(head, undefined, 20_000))) throw new Error('projections did not catch up');
}

/** The answers of each app built (the replay test builds a second one). */
const contracts: AnswerContract[] = [];

async function buildApp(): Promise<FastifyInstance> {
  const a = Fastify();
  contracts.push(answerContract(a));
  await a.register(projectionServicePlugin, {
    knex: env.knex,
    tables: createTableResolver(env.knex, env.schema, 0),
    viewer: testViewer,
  });
  await a.ready();
  return a;
}

const user = (id: string, firstName: string, lastName: string, extra = {}) => ({
  id,
  firstName,
  lastName,
  displayName: `${firstName} ${lastName}`,
  honorific: null,
  email: `${id}@example.edu`,
  username: id,
  Roles: [{ slug: 'faculty' }],
  EmployeeId: null,
  isActive: true,
  isFaculty: true,
  hostSystemId: null,
  WorkingAcademicPeriodId: null,
  FacultyProfile: null,
  FinancialData: null,
  lastLoginAt: null,
  ...extra,
});

const period = (id: string, startDate: string, extra = {}) => ({
  id,
  name: `Year ${startDate.slice(0, 4)}`,
  startDate,
  endDate: `${Number(startDate.slice(0, 4)) + 1}-06-30`,
  isSystemActive: false,
  publishedForFaculty: false,
  useAdvancedEffort: false,
  ...extra,
});

beforeAll(async () => {
  env = await envs.open();
  await emit(academicTermTypes, 'created', {
    id: 'tt1',
    name: 'Semester',
    slug: 'semester',
    isActive: true,
  });
  await emit(academicTermTypes, 'created', {
    id: 'tt2',
    name: 'Quarter',
    slug: 'quarter',
    isActive: true,
  });
  await emit(academicTermTypes, 'created', {
    id: 'tt3',
    name: 'Gone',
    slug: 'gone',
    isActive: true,
  });
  await emit(academicTermTypes, 'updated', { id: 'tt2', name: 'Quarters' });
  await emit(academicTermTypes, 'deleted', { id: 'tt3' });
  await emit(academicPeriods, 'created', period('p2024', '2024-07-01'));
  await emit(
    academicPeriods,
    'created',
    period('p2026', '2026-07-01', { isSystemActive: true, publishedForFaculty: true }),
  );
  await emit(
    academicPeriods,
    'created',
    period('p2025', '2025-07-01', { publishedForFaculty: true }),
  );
  await env.store.appendToStream('systemActiveAcademicPeriod', [
    { type: 'SystemActiveAcademicPeriodChanged', data: { id: 'p2026', previousId: null } },
  ]);
  await emit(
    users,
    'created',
    user('u1', 'Zed', 'Adams', { isFaculty: false, Roles: [{ slug: 'admin' }] }),
  );
  await emit(
    users,
    'created',
    user('u2', 'Amy', 'Young', { FacultyProfile: { RankId: 'rank-full' } }),
  );
  await emit(users, 'created', user('u3', 'Bob', 'Moore'));
  await emit(userSettings, 'created', { id: 's2', UserId: 'u2', value: 'light' });
  await emit(userSettings, 'created', { id: 's3', UserId: 'u3', value: 'dark' });
  await emit(workgroups, 'created', {
    id: 'w1',
    name: 'Maths',
    members: [{ id: 'w1.u2', UserId: 'u2', permission: 3 }],
  });
  runner = startRunner();
  await runner.start();
  await caughtUp(runner);
  app = await buildApp();
});

afterAll(async () => {
  await app.close();
  await runner.stop();
  await env.close();
  await envs.closeAll();
});

async function get(url: string, as: string | null = 'admin') {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: as ? { 'x-test-user': as } : {},
  });
  // Tests read answers loosely.
  return { status: response.statusCode, body: response.json<any>() }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('generic list and get (academicTermTypes)', () => {
  it('lists live records with count, default sort by name, revision and times', async () => {
    const { status, body } = await get('/api/academicTermTypes');
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect((body.rows as { name: string }[]).map((r) => r.name)).toEqual(['Quarters', 'Semester']);
    expect(body.rows[0]).toMatchObject({ id: 'tt2', slug: 'quarter', isActive: true, revision: 1 });
  });

  it('gets one; 404 for unknown and deleted ids', async () => {
    expect((await get('/api/academicTermTypes/tt1')).body).toMatchObject({
      id: 'tt1',
      name: 'Semester',
    });
    expect((await get('/api/academicTermTypes/nope')).status).toBe(404);
    expect((await get('/api/academicTermTypes/tt3')).status).toBe(404);
  });

  it('filters, sorts, pages and selects with renaming', async () => {
    const { body } = await get(
      `/api/academicTermTypes?filter=${q({ name: { op: 'startsWith', value: 'sem' } })}&select=id,name%20as%20label`,
    );
    expect(body).toEqual({ count: 1, rows: [{ id: 'tt1', label: 'Semester' }] });
    const paged = await get(`/api/academicTermTypes?sort=${q([['name', 'DESC']])}&take=1&skip=1`);
    expect(paged.body).toMatchObject({ count: 2, rows: [{ id: 'tt2' }] });
  });

  it('400 naming a field that may not be filtered or sorted, or a value of the wrong type', async () => {
    const bad = await get(`/api/academicTermTypes?filter=${q({ password: 'x' })}`);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([expect.objectContaining({ field: 'filter.password' })]);
    const wrongType = await get(`/api/academicTermTypes?filter=${q({ isActive: 'maybe' })}`);
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.fields).toEqual([expect.objectContaining({ field: 'filter.isActive' })]);
    expect((await get('/api/academicTermTypes?take=0')).status).toBe(400);
  });

  it('401 without a session, 403 for faculty, on list and get', async () => {
    expect((await get('/api/academicTermTypes', null)).status).toBe(401);
    expect((await get('/api/academicTermTypes/tt1', null)).status).toBe(401);
    expect((await get('/api/academicTermTypes', 'u2')).status).toBe(403);
    expect((await get('/api/academicTermTypes/tt1', 'u2')).status).toBe(403);
    expect((await get('/api/academicTermTypes', 'ops')).status).toBe(200);
  });
});

describe('academicPeriods', () => {
  it('sorts by startDate descending and selects id and name', async () => {
    const { body } = await get('/api/academicPeriods?select=id,name');
    expect(body.rows).toEqual([
      { id: 'p2026', name: 'Year 2026' },
      { id: 'p2025', name: 'Year 2025' },
      { id: 'p2024', name: 'Year 2024' },
    ]);
    expect((await get('/api/academicPeriods', 'u2')).status).toBe(403);
  });

  it('answers active (the working period), active/id, systemActive and publishedForFaculty', async () => {
    expect((await get('/api/academicPeriods/active', 'u3')).body).toMatchObject({ id: 'p2026' });
    expect((await get('/api/academicPeriods/active', 'u2')).body).toMatchObject({ id: 'p2025' });
    expect((await get('/api/academicPeriods/active/id', 'u2')).body).toEqual({ id: 'p2025' });
    expect((await get('/api/academicPeriods/systemActive', 'u2')).body).toMatchObject({
      id: 'p2026',
      isSystemActive: true,
    });
    const published = await get('/api/academicPeriods/publishedForFaculty', 'u3');
    expect((published.body.rows as { id: string }[]).map((r) => r.id)).toEqual(['p2026', 'p2025']);
    for (const path of ['active', 'active/id', 'systemActive', 'publishedForFaculty']) {
      expect((await get(`/api/academicPeriods/${path}`, null)).status).toBe(401);
    }
  });

  it('announced the system-active move to everyone', () => {
    expect(notifications).toContainEqual(
      expect.objectContaining({
        event: 'activeAcademicPeriodUpdated',
        rooms: ['all'],
        payload: { id: 'p2026' },
      }),
    );
  });
});

describe('users', () => {
  it('sorts by last name; the same list under collection/users', async () => {
    const { body } = await get('/api/users');
    expect((body.rows as { lastName: string }[]).map((r) => r.lastName)).toEqual([
      'Adams',
      'Moore',
      'Young',
    ]);
    expect((await get('/api/collection/users')).body).toEqual(body);
  });

  it('filters on isFaculty selecting id and displayName as name', async () => {
    const { body } = await get(
      `/api/users?filter=${q({ isFaculty: true })}&select=id,displayName%20as%20name`,
    );
    expect(body).toEqual({
      count: 2,
      rows: [
        { id: 'u3', name: 'Bob Moore' },
        { id: 'u2', name: 'Amy Young' },
      ],
    });
  });

  it('answers keysOnly=Roles, current, current/roles and faculty profiles', async () => {
    expect((await get('/api/users/u1?keysOnly=Roles')).body).toEqual({
      id: 'u1',
      Roles: [{ slug: 'admin' }],
    });
    expect((await get('/api/users/current', 'u2')).body).toMatchObject({
      id: 'u2',
      lastName: 'Young',
    });
    expect((await get('/api/users/current/roles', 'u2')).body).toEqual([{ slug: 'faculty' }]);
    expect((await get('/api/users/facultyProfile/u2', 'u2')).body).toEqual({
      UserId: 'u2',
      RankId: 'rank-full',
    });
    expect((await get('/api/users/facultyProfile/u2', 'admin')).status).toBe(200);
    expect((await get('/api/users/facultyProfile/u3', 'u2')).status).toBe(403);
    expect((await get('/api/users/facultyProfile/zz', 'admin')).status).toBe(404);
    expect((await get('/api/users/current', 'admin')).status).toBe(404);
  });

  it('refuses faculty the lists and anonymous callers everything', async () => {
    expect((await get('/api/users', 'u2')).status).toBe(403);
    expect((await get('/api/collection/users', 'u2')).status).toBe(403);
    expect((await get('/api/users/u1', 'u2')).status).toBe(403);
    expect((await get('/api/users/current', null)).status).toBe(401);
    expect((await get('/api/users/current/roles', null)).status).toBe(401);
  });
});

describe('userSettings and workgroups', () => {
  it('answers mine (default dark) and shows a user only their own', async () => {
    expect((await get('/api/userSettings/mine', 'u2')).body).toMatchObject({
      id: 's2',
      value: 'light',
    });
    expect((await get('/api/userSettings/mine', 'ops')).body).toEqual({
      id: null,
      UserId: 'ops',
      value: 'dark',
    });
    expect((await get('/api/userSettings', 'u2')).body).toMatchObject({
      count: 1,
      rows: [{ id: 's2' }],
    });
    expect((await get('/api/userSettings/s3', 'u2')).status).toBe(404);
    expect((await get('/api/userSettings', 'admin')).body.count).toBe(2);
    expect((await get('/api/userSettings/mine', null)).status).toBe(401);
  });

  it('sorts a reference column by what it shows (a user by last name), not by the id it holds', async () => {
    // s2 is Amy Young's (u2), s3 Bob Moore's (u3): by id s2 would come first.
    const sorted = async (direction: string) =>
      (
        (await get(`/api/userSettings?sort=${q([['UserId', direction]])}`, 'admin')).body.rows as {
          id: string;
        }[]
      ).map((r) => r.id);
    expect(await sorted('ASC')).toEqual(['s3', 's2']);
    expect(await sorted('DESC')).toEqual(['s2', 's3']);
  });

  it('lists workgroups with their members for administrators only', async () => {
    expect((await get('/api/workgroups', 'ops')).body.rows).toEqual([
      expect.objectContaining({
        id: 'w1',
        members: [{ id: 'w1.u2', UserId: 'u2', permission: 3 }],
      }),
    ]);
    const included = await get('/api/workgroups?include=true');
    expect(included.body.rows[0].Users).toEqual([
      {
        id: 'u2',
        displayName: 'Amy Young',
        firstName: 'Amy',
        lastName: 'Young',
        WorkgroupUser: { id: 'w1.u2', UserId: 'u2', WorkgroupId: 'w1', permission: 3 },
      },
    ]);
    expect((await get('/api/workgroups/w1?include=true')).body.Users).toEqual(
      included.body.rows[0].Users,
    );
    expect((await get('/api/workgroups', 'u2')).status).toBe(403);
    expect((await get('/api/workgroups/w1', 'u3')).status).toBe(403);
  });
});

describe('GET /api/taxonomies/enabled', () => {
  it('is true for a taxonomy with an active record, for any signed-in user; 401 without', async () => {
    const before = await get('/api/taxonomies/enabled', 'u3');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      campuses: false,
      cohorts: false,
      majors: false,
      programs: false,
      specialties: false,
    });
    await emit(campuses, 'created', { id: 'c1', name: 'North', slug: 'north', isActive: true });
    await emit(cohorts, 'created', { id: 'h1', name: '2026', slug: '2026', isActive: false });
    await emit(majors, 'created', { id: 'm1', name: 'Maths', slug: 'maths', isActive: true });
    await emit(majors, 'deleted', { id: 'm1' });
    await caughtUp(runner);
    expect((await get('/api/taxonomies/enabled', 'u3')).body).toEqual({
      campuses: true,
      cohorts: false,
      majors: false,
      programs: false,
      specialties: false,
    });
    expect((await get('/api/taxonomies/enabled', null)).status).toBe(401);
  });

  it('lets those who edit users pick taxonomy options (id and name, active only), nothing more', async () => {
    await emit(campuses, 'created', { id: 'c2', name: 'South', slug: 'south', isActive: false });
    await caughtUp(runner);
    // academicOpsAdmin manages User, whose faculty profile names campuses (Configuration).
    const options = await get('/api/campuses?select=id,name', 'ops');
    expect(options).toEqual({
      status: 200,
      body: { count: 1, rows: [{ id: 'c1', name: 'North' }] },
    });
    expect((await get('/api/campuses', 'ops')).status).toBe(403);
    expect((await get('/api/campuses?select=id,name,createdAt', 'ops')).status).toBe(403);
    expect((await get('/api/campuses/c1', 'ops')).status).toBe(403);
    expect((await get('/api/campuses?select=id,name', 'u2')).status).toBe(403);
    // Those who read the kind see inactive ones too.
    expect((await get('/api/campuses?select=id,name', 'admin')).body.count).toBe(2);
  });

  it('lets readers of a kind naming people read their names (an effort contributor’s positions), not through an owned kind', async () => {
    // effortContributor reads effort positions, which name their people (users).
    const names = await get('/api/users?select=id,displayName', 'effort');
    expect(names.status).toBe(200);
    expect(names.body.count).toBeGreaterThan(0);
    expect(Object.keys(names.body.rows[0]).sort()).toEqual(['displayName', 'id']);
    expect((await get('/api/users?select=id,email', 'effort')).status).toBe(403);
    expect((await get('/api/users', 'effort')).status).toBe(403);
    // Faculty read their own user settings (an owned kind naming users): no names of all.
    expect((await get('/api/users?select=id,displayName', 'u3')).status).toBe(403);
  });
});

describe('every generic read route of every kind', () => {
  // Configuration lists are admin's alone (spec §6), effort management's lists its own people's
  // (with aemEnabled on), instructor rates and costs the financial reporting users'; every other
  // kind here academicOpsAdmin reads.
  const readerOf = (subject: string) =>
    subject === 'Configuration'
      ? 'admin'
      : subject.startsWith('Effort')
        ? 'effort'
        : subject === 'FinancialData'
          ? 'finance'
          : 'ops';
  const kinds = allResources
    .filter((r) => r.ownerField === undefined)
    .map((r) => ({ path: r.path, reader: readerOf(r.subject) }));
  it.each(kinds)(
    '$path: faculty refused (403), $reader permitted, no session 401',
    async ({ path, reader }) => {
      expect((await get(`/api/${path}`, 'u2')).status).toBe(403);
      expect((await get(`/api/${path}/any-id`, 'u2')).status).toBe(403);
      expect((await get(`/api/${path}`, null)).status).toBe(401);
      expect((await get(`/api/${path}`, reader)).status).toBe(200);
      expect((await get(`/api/${path}/any-id`, reader)).status).toBe(404);
      if (reader !== 'ops') expect((await get(`/api/${path}`, 'ops')).status).toBe(403);
    },
  );
});

describe('replay', () => {
  const urls: [string, string][] = [
    ['/api/academicTermTypes', 'admin'],
    ['/api/academicTermTypes/tt2', 'admin'],
    ['/api/academicPeriods', 'admin'],
    ['/api/academicPeriods/p2024', 'admin'],
    ['/api/academicPeriods/active', 'u2'],
    ['/api/academicPeriods/active/id', 'u3'],
    ['/api/academicPeriods/systemActive', 'u3'],
    ['/api/academicPeriods/publishedForFaculty', 'u3'],
    ['/api/academicTerms', 'admin'],
    ['/api/progressSteps', 'admin'],
    ['/api/users', 'admin'],
    ['/api/collection/users', 'admin'],
    ['/api/users/u1?keysOnly=Roles', 'admin'],
    ['/api/users/current', 'u2'],
    ['/api/users/current/roles', 'u2'],
    ['/api/users/facultyProfile/u2', 'u2'],
    ['/api/userSettings', 'admin'],
    ['/api/userSettings/mine', 'u3'],
    ['/api/workgroups', 'admin'],
    ['/api/workgroups/w1', 'admin'],
    ['/api/workgroups?include=true', 'admin'],
  ];

  it('drops every read model, replays the log, and every GET answers the same', async () => {
    const before = await Promise.all(urls.map(([url, as]) => get(url, as)));
    await app.close();
    await runner.stop();
    await env.knex.raw('DROP SCHEMA ?? CASCADE', [env.schema]);
    runner = startRunner();
    await runner.start();
    await caughtUp(runner);
    app = await buildApp();
    const after = await Promise.all(urls.map(([url, as]) => get(url, as)));
    expect(after).toEqual(before);
    expect(before.every((b) => b.status === 200)).toBe(true);
  });
});

describe('the read API contract', () => {
  it('every 200 answer above is what its route declares (readApi/resources.ts)', () => {
    expect(contracts.flatMap((c) => c.breaches)).toEqual([]);
    const checked = new Set(contracts.flatMap((c) => [...c.checked]));
    expect([...checked]).toEqual(
      expect.arrayContaining([
        'GET /api/academicTermTypes/:id',
        'GET /api/academicPeriods/active',
        'GET /api/academicPeriods/active/id',
        'GET /api/academicPeriods/systemActive',
        'GET /api/academicPeriods/publishedForFaculty',
        'GET /api/collection/users',
        'GET /api/users/current',
        'GET /api/users/current/roles',
        'GET /api/users/facultyProfile/:userId',
        'GET /api/userSettings/mine',
        'GET /api/workgroups/:id',
        'GET /api/taxonomies/enabled',
        ...allResources.map((r) => `GET /api/${r.path}`),
      ]),
    );
  });

  it('a list without select answers whole records (the row schema the browser reads)', async () => {
    const rows = (url: string, as: string) => get(url, as).then((r) => r.body.rows as unknown[]);
    expect(
      z.array(ResourceRecordAnswer).safeParse(await rows('/api/academicTermTypes', 'admin')).error,
    ).toBeUndefined();
    expect(
      z
        .array(AcademicPeriodAnswer)
        .safeParse(await rows('/api/academicPeriods/publishedForFaculty', 'u3')).error,
    ).toBeUndefined();
  });
});
