import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import type { Knex } from 'knex';
import { knexFor, projectionHarness, recorded } from '../testing/readModelDb.js';
import { authFactsProjection } from './authFactsProjection.js';
import { sessionFactsOneByOne } from './authFacts.js';
import { createReadModelAuthFacts } from './readModelAuthFacts.js';

let db: TestDatabase;
let knex: Knex;
let harness: ReturnType<typeof projectionHarness>;
let facts: ReturnType<typeof createReadModelAuthFacts>;

const user = (id: string, roles: string[], extra: Record<string, unknown> = {}) =>
  recorded('UserCreated', {
    id,
    firstName: id,
    lastName: 'Person',
    displayName: `${id} Person`,
    email: `${id}@example.edu`,
    username: id,
    Roles: roles.map((slug) => ({ slug })),
    isActive: true,
    WorkingAcademicPeriodId: null,
    ...extra,
  });

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  harness = projectionHarness(knex, db.schema, authFactsProjection);
  await harness.migrate();
  await harness.migrate(); // idempotent
  facts = createReadModelAuthFacts(knex, harness.tables);
  await harness.apply([
    user('ada', ['admin']),
    user('fiona', ['faculty']),
    user('dupe', ['faculty']),
    recorded('AcademicPeriodCreated', { id: 'p-past', name: 'Past' }),
    recorded('AcademicPeriodCreated', { id: 'p-now', name: 'Now' }),
    recorded('SystemActiveAcademicPeriodChanged', { id: 'p-past', previousId: null }),
    recorded('SystemActiveAcademicPeriodChanged', { id: 'p-now', previousId: 'p-past' }),
    recorded('ProgressStepCreated', {
      id: 's1',
      AcademicPeriodId: 'p-now',
      stepId: 1,
      name: 'Setup',
      isActive: true,
    }),
    recorded('ProgressStepCreated', {
      id: 's6',
      AcademicPeriodId: 'p-now',
      stepId: 6,
      name: 'Review',
      isActive: false,
    }),
    recorded('WorkgroupCreated', {
      id: 'wg-math',
      name: 'Mathematics',
      members: [
        { id: 'wg-math.fiona', UserId: 'fiona', permission: 2 },
        { id: 'wg-math.dupe', UserId: 'dupe', permission: 1 },
      ],
    }),
    recorded('WorkgroupCreated', {
      id: 'wg-art',
      name: 'Art',
      members: [{ id: 'wg-art.dupe', UserId: 'dupe', permission: 3 }],
    }),
  ]);
});

afterAll(async () => {
  await knex.destroy();
  await db.close();
});

test('answers users with their roles, the system-active period and its highest active step', async () => {
  expect(await facts.userById('ada')).toEqual({
    id: 'ada',
    displayName: 'ada Person',
    firstName: 'ada',
    lastName: 'Person',
    email: 'ada@example.edu',
    username: 'ada',
    roles: ['admin'],
    isActive: true,
    workingAcademicPeriodId: null,
    sessionsValidFrom: null,
  });
  expect(await facts.userById('nobody')).toBeNull();
  expect(await facts.systemActivePeriodId()).toBe('p-now');
  expect(await facts.progressStepIdOf('p-now')).toBe(1);
  // Each step change is announced once this read model has it (the abilities are read here).
  const announced = await harness.apply([
    recorded('ProgressStepUpdated', { id: 's6', isActive: true }),
  ]);
  expect(announced).toEqual([
    { event: 'activeStepsChanged', rooms: ['all'], actorId: 'user-admin' },
  ]);
  expect(await facts.progressStepIdOf('p-now')).toBe(6);
  // "Deactivate" on the steps list takes step 6 out of the count, as an update does.
  await harness.apply([recorded('ProgressStepDeactivated', { id: 's6' })]);
  expect(await facts.progressStepIdOf('p-now')).toBe(1);
  await harness.apply([recorded('ProgressStepUpdated', { id: 's6', isActive: true })]);
  expect(await facts.progressStepIdOf('p-now')).toBe(6);
  expect(await facts.progressStepIdOf('p-past')).toBeNull();
  expect(await facts.academicPeriodExists('p-past')).toBe(true);
  expect(await facts.academicPeriodExists('p-gone')).toBe(false);
});

test('follows role changes, deactivation and the working period', async () => {
  await harness.apply([
    recorded('UserUpdated', {
      id: 'fiona',
      Roles: [{ slug: 'faculty' }, { slug: 'reportingUser' }],
    }),
    recorded('WorkingAcademicPeriodChanged', { userId: 'ada', academicPeriodId: 'p-past' }),
  ]);
  expect((await facts.userById('fiona'))?.roles).toEqual(['faculty', 'reportingUser']);
  // Announced to that user's room once this read model holds it: the browser reads it here.
  const announced = await harness.apply([
    recorded('WorkingAcademicPeriodChanged', { userId: 'ada', academicPeriodId: 'p-past' }),
  ]);
  expect(announced).toEqual([
    {
      event: 'workingAcademicPeriodUpdated',
      rooms: ['user:ada'],
      payload: { userId: 'ada', WorkingAcademicPeriodId: 'p-past' },
      actorId: 'user-admin',
    },
  ]);
  expect((await facts.userById('ada'))?.workingAcademicPeriodId).toBe('p-past');
  await harness.apply([user('temp', ['faculty']), recorded('UserDeactivated', { id: 'temp' })]);
  expect(await facts.isActiveUser('temp')).toBe(false);
  expect(await facts.isActiveUser('ada')).toBe(true);
});

test('replaces a workgroup’s members on update and moves a merged duplicate’s memberships', async () => {
  expect(await facts.workgroupPermissionsOf('dupe')).toEqual([
    { id: 'wg-art', permission: 3 },
    { id: 'wg-math', permission: 1 },
  ]);
  expect(await facts.isActiveUser('dupe')).toBe(true);
  await harness.apply([recorded('UsersMerged', { masterId: 'fiona', duplicateId: 'dupe' })]);
  expect(await facts.workgroupPermissionsOf('dupe')).toEqual([]);
  // Merged away, the duplicate signs in no more; the master does.
  expect(await facts.isActiveUser('dupe')).toBe(false);
  expect(await facts.isActiveUser('fiona')).toBe(true);
  // Fiona keeps her assign bit in math and gains the duplicate's approve bit and art membership.
  expect(await facts.workgroupPermissionsOf('fiona')).toEqual([
    { id: 'wg-art', permission: 3 },
    { id: 'wg-math', permission: 3 },
  ]);
  await harness.apply([
    recorded('WorkgroupUpdated', {
      id: 'wg-math',
      members: [{ id: 'wg-math.ada', UserId: 'ada', permission: 2 }],
    }),
  ]);
  expect(await facts.workgroupPermissionsOf('fiona')).toEqual([{ id: 'wg-art', permission: 3 }]);
  expect(await facts.workgroupPermissionsOf('ada')).toEqual([{ id: 'wg-math', permission: 2 }]);
});

test('finds the users a login names, by username or e-mail, whatever the case', async () => {
  const ids = async (identity: Parameters<typeof facts.usersMatchingLogin>[0]) =>
    (await facts.usersMatchingLogin(identity)).map((u) => [u.id, u.isActive]);
  expect(await ids({ username: 'ADA' })).toEqual([['ada', true]]);
  expect(await ids({ subject: 'ada' })).toEqual([['ada', true]]);
  expect(await ids({ email: 'Ada@Example.edu' })).toEqual([['ada', true]]);
  expect(await ids({ email: 'nobody@example.edu' })).toEqual([]);
  expect(await ids({ username: 'temp' })).toEqual([['temp', false]]);
  expect(await ids({})).toEqual([]);
  // Two different users: the sign-in decides (it refuses, naming the case).
  expect(await ids({ username: 'ada', email: 'fiona@example.edu' })).toEqual([
    ['ada', true],
    ['fiona', true],
  ]);
});

test('knows whose settings records are whose', async () => {
  await harness.apply([
    recorded('UserSettingCreated', { id: 'set-1', UserId: 'ada', value: 'dark' }),
    recorded('UserSettingCreated', { id: 'set-2', UserId: 'fiona', value: 'light' }),
    recorded('UserSettingUpdated', { id: 'set-2', UserId: 'ada' }),
    recorded('UserSettingDeleted', { id: 'set-1' }),
  ]);
  expect(await facts.userSettingIdsOf('ada')).toEqual(['set-2']);
  expect(await facts.userSettingIdsOf('fiona')).toEqual([]);
  expect(await facts.workgroupIdsOf('ada')).toEqual(['wg-math']);
});

test('resolves a session in one read that answers what the single reads answer', async () => {
  const pairs: [string, string][] = [
    ['ada', 'ada'], // her own working period (p-past), no workgroups
    ['ada', 'fiona'], // masquerading: fiona's workgroups, the system-active period and its step
    ['fiona', 'fiona'],
    ['dupe', 'dupe'], // merged away: inactive, no memberships
    ['ada', 'nobody'],
    ['nobody', 'nobody'],
  ];
  for (const [userId, workingUserId] of pairs) {
    const once = await facts.sessionFacts(userId, workingUserId);
    expect(once).toEqual(await sessionFactsOneByOne(facts, userId, workingUserId));
  }
  expect(await facts.sessionFacts('ada', 'fiona')).toMatchObject({
    authenticated: { id: 'ada' },
    working: { id: 'fiona', roles: ['faculty', 'reportingUser'] },
    workingAcademicPeriodId: 'p-now',
    progressStepId: 6,
    workgroupPermissions: [{ id: 'wg-art', permission: 3 }],
  });
  expect(await facts.sessionFacts('ada', 'ada')).toMatchObject({
    workingAcademicPeriodId: 'p-past',
    progressStepId: null,
    workgroupPermissions: [{ id: 'wg-math', permission: 2 }],
  });
});

test('ended sign-ins: a logout is kept a day, sign out everywhere moves the instant forward only', async () => {
  const at = (iso: string) => ({
    metadata: { actorId: 'fiona', occurredAt: iso },
    createdAt: new Date(iso),
  });
  await harness.apply([
    recorded('SessionEnded', { userId: 'fiona', sid: 'sid-old' }, at('2026-11-20T08:00:00.000Z')),
    recorded('SessionEnded', { userId: 'fiona', sid: 'sid-b' }, at('2026-11-22T08:00:00.000Z')),
    recorded('SessionEnded', { userId: 'fiona', sid: 'sid-b' }, at('2026-11-22T08:00:01.000Z')),
    recorded('SessionEnded', { userId: 'fiona', sid: 'sid-a' }, at('2026-11-22T09:00:00.000Z')),
  ]);
  // sid-old ended two days before the latest logout: its cookie has expired, the row is gone.
  expect(await facts.endedSessionIdsOf('fiona')).toEqual(['sid-a', 'sid-b']);
  expect((await facts.sessionFacts('fiona', 'fiona')).endedSessionIds).toEqual(['sid-a', 'sid-b']);
  expect((await facts.sessionFacts('ada', 'fiona')).endedSessionIds).toEqual([]);

  await harness.apply([
    recorded('SessionsEndedEverywhere', { userId: 'fiona', before: '2026-11-22T10:00:00.000Z' }),
    recorded('SessionsEndedEverywhere', { userId: 'fiona', before: '2026-11-22T09:30:00.000Z' }),
  ]);
  expect((await facts.userById('fiona'))?.sessionsValidFrom).toBe('2026-11-22T10:00:00.000Z');
  expect((await facts.userById('ada'))?.sessionsValidFrom).toBeNull();
});
