import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SYSTEM_ACTIVE_PERIOD_STREAM } from '@allot/shared-events';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

let db: TestStore;
let t: TestApp;

/** The rules spec §6 gives a user holding just `role` (what the real resolver will build). */
beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, {
    admin: rulesOf('admin', 'admin'),
    ops: rulesOf('academicOpsAdmin', 'ops'),
    faculty: rulesOf('faculty', 'faculty'),
    other: rulesOf('faculty', 'other'),
  });
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const send = (method: string, url: string, as: string | null, payload?: object, extra = {}) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { ...(as ? t.signedIn(as) : {}), ...extra },
  });

describe('academicTermTypes through the generic write routes', () => {
  it('creates, updates with If-Match, refuses a stale revision, deletes, then 404', async () => {
    const created = await send('POST', '/api/academicTermTypes', 'admin', {
      name: 'Semester',
      slug: 'semester',
    });
    expect(created.statusCode).toBe(201);
    const { id, revision } = created.json();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(revision).toBe(0);
    expect((await db.events(`academicTermType-${id}`))[0]).toMatchObject({
      type: 'AcademicTermTypeCreated',
      data: { id, name: 'Semester', slug: 'semester', isActive: true },
      metadata: { actorId: 'admin' },
    });

    const updated = await send(
      'PUT',
      `/api/academicTermTypes/${id}`,
      'ops',
      { name: 'Semesters' },
      { 'if-match': '"0"' },
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id, revision: 1 });
    const stale = await send(
      'PUT',
      `/api/academicTermTypes/${id}`,
      'admin',
      { name: 'Stale' },
      { 'if-match': '"0"' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ currentRevision: 1 });
    // Without If-Match the last write wins.
    expect(
      (await send('PUT', `/api/academicTermTypes/${id}`, 'admin', { name: 'Term' })).statusCode,
    ).toBe(200);

    expect((await send('DELETE', `/api/academicTermTypes/${id}`, 'admin')).statusCode).toBe(200);
    const gone = await send('PUT', `/api/academicTermTypes/${id}`, 'admin', { name: 'x' });
    expect(gone.statusCode).toBe(404);
    expect((await send('DELETE', `/api/academicTermTypes/${id}`, 'admin')).statusCode).toBe(404);
    // The slug was released with the delete.
    const again = await send('POST', '/api/academicTermTypes', 'admin', {
      name: 'Semester',
      slug: 'semester',
    });
    expect(again.statusCode).toBe(201);
  });

  it('400 with the failing fields, nothing written', async () => {
    const response = await send('POST', '/api/academicTermTypes', 'admin', {
      name: '',
      slug: 'Not A Slug',
      extra: 1,
    });
    expect(response.statusCode).toBe(400);
    const fields = (response.json().fields as { field: string }[]).map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'slug', '']));
  });

  it('403 for faculty and 401 for no session on every write route', async () => {
    const created = await send('POST', '/api/academicTermTypes', 'admin', {
      name: 'Quarter',
      slug: 'quarter',
    });
    const { id } = created.json();
    for (const as of ['faculty', null]) {
      // No session: 401 before anything else (the route's requirement needs a session).
      const expected = as ? [403] : [401];
      const statuses = [
        await send('POST', '/api/academicTermTypes', as, { name: 'X', slug: 'x' }),
        await send('PUT', `/api/academicTermTypes/${id}`, as, { name: 'X' }),
        await send('DELETE', `/api/academicTermTypes/${id}`, as),
        await send('POST', `/api/academicTermTypes/${id}/deactivate`, as),
      ].map((r) => r.statusCode);
      for (const status of statuses) expect(expected).toContain(status);
    }
    expect(
      (await send('POST', `/api/academicTermTypes/${id}/deactivate`, 'admin')).statusCode,
    ).toBe(200);
    expect((await db.events(`academicTermType-${id}`)).at(-1)?.type).toBe(
      'AcademicTermTypeDeactivated',
    );
  });

  it('422 naming the clash for a duplicate slug (case-insensitive)', async () => {
    await send('POST', '/api/academicTermTypes', 'admin', { name: 'Summer', slug: 'summer' });
    const clash = await send('POST', '/api/academicTermTypes', 'admin', {
      name: 'S',
      slug: 'SUMMER'.toLowerCase(),
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().message).toBe('Another active academic term type already has this slug.');
  });
});

describe('users: nobody rises above their own powers', () => {
  const person = (username: string, roles: string[]) => ({
    firstName: 'Test',
    lastName: username,
    email: `${username}@example.edu`,
    username,
    Roles: roles.map((slug) => ({ slug })),
  });

  it('refuses academic operations the admin role, an administrator’s record and financial powers', async () => {
    const self = (
      await send('POST', '/api/users', 'admin', person('opsself', ['academicOpsAdmin']))
    ).json();
    const boss = (await send('POST', '/api/users', 'admin', person('theboss', ['admin']))).json();
    const before = await db.events(`user-${String(self.id)}`);
    const grant = await send('PUT', `/api/users/${String(self.id)}`, 'ops', {
      Roles: [{ slug: 'academicOpsAdmin' }, { slug: 'admin' }],
    });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe(
      'You may not grant the Admin role: it gives powers you do not hold.',
    );
    expect(await db.events(`user-${String(self.id)}`)).toEqual(before);
    expect(
      (await send('POST', '/api/users', 'ops', person('newadmin', ['admin']))).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/api/users', 'ops', person('newmoney', ['financialReportingUser'])))
        .statusCode,
    ).toBe(403);
    // An administrator's account is not theirs to change (its e-mail signs in).
    const takeover = await send('PUT', `/api/users/${String(boss.id)}`, 'ops', {
      email: 'ops-owned@example.edu',
    });
    expect(takeover.statusCode).toBe(403);
    expect((await send('DELETE', `/api/users/${String(boss.id)}`, 'ops')).statusCode).toBe(403);
  });

  it('lets academic operations make faculty and other staff, and administrators anyone', async () => {
    expect(
      (await send('POST', '/api/users', 'ops', person('newteacher', ['faculty']))).statusCode,
    ).toBe(201);
    expect(
      (await send('POST', '/api/users', 'ops', person('newscheduler', ['sectionScheduler'])))
        .statusCode,
    ).toBe(201);
    expect(
      (await send('POST', '/api/users', 'admin', person('secondadmin', ['admin']))).statusCode,
    ).toBe(201);
  });
});

describe('users', () => {
  const user = (username: string) => ({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `${username}@example.edu`,
    username,
    Roles: [{ slug: 'faculty' }],
  });

  it('derives the display name and defaults', async () => {
    const { id } = (await send('POST', '/api/users', 'admin', user('ada'))).json();
    expect((await db.events(`user-${id}`))[0]?.data).toMatchObject({
      displayName: 'Ada Lovelace',
      isActive: true,
      isFaculty: false,
      FinancialData: null,
    });
  });

  it('of two clients creating the same username at once, exactly one succeeds, the other 422', async () => {
    const [a, b] = await Promise.all([
      send('POST', '/api/users', 'admin', user('twin')),
      send('POST', '/api/users', 'ops', { ...user('twin'), email: 'other@example.edu' }),
    ]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 422]);
    const loser = a?.statusCode === 422 ? a : b;
    expect(loser?.json().message).toBe('Another user already has this username.');
  });

  it('refuses the working period on create and update (it has its own route), nothing written', async () => {
    const created = await send('POST', '/api/users', 'admin', {
      ...user('lin'),
      WorkingAcademicPeriodId: 'p1',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().fields).toEqual([
      { field: 'WorkingAcademicPeriodId', message: expect.stringContaining('/working') },
    ]);
    const { id } = (await send('POST', '/api/users', 'admin', user('lin'))).json();
    const updated = await send('PUT', `/api/users/${id}`, 'admin', {
      WorkingAcademicPeriodId: 'p1',
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().fields).toEqual([
      { field: 'WorkingAcademicPeriodId', message: expect.stringContaining('/working') },
    ]);
    expect((await db.events(`user-${id}`)).map((e) => e.type)).toEqual(['UserCreated']);
  });

  it('frees the old username on a rename, so another user may take it', async () => {
    const { id } = (await send('POST', '/api/users', 'admin', user('grace'))).json();
    expect(
      (await send('PUT', `/api/users/${id}`, 'admin', { username: 'hopper' })).statusCode,
    ).toBe(200);
    const taker = await send('POST', '/api/users', 'admin', {
      ...user('grace'),
      email: 'grace2@example.edu',
    });
    expect(taker.statusCode).toBe(201);
    const clash = await send('PUT', `/api/users/${id}`, 'admin', { username: 'Grace' });
    expect(clash.statusCode).toBe(422);
  });

  it('403 for faculty', async () => {
    expect((await send('POST', '/api/users', 'faculty', user('sneaky'))).statusCode).toBe(403);
  });
});

describe('userSettings', () => {
  it('lets a user create and change only their own', async () => {
    const mine = await send('POST', '/api/userSettings', 'faculty', { value: 'light' });
    expect(mine.statusCode).toBe(201);
    const { id } = mine.json();
    expect((await db.events(`userSetting-${id}`))[0]?.data).toMatchObject({ UserId: 'faculty' });
    expect(
      (await send('PUT', `/api/userSettings/${id}`, 'faculty', { value: 'dark' })).statusCode,
    ).toBe(200);
    expect(
      (await send('PUT', `/api/userSettings/${id}`, 'other', { value: 'light' })).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/api/userSettings', 'other', { UserId: 'faculty', value: 'light' }))
        .statusCode,
    ).toBe(403);
    const twice = await send('POST', '/api/userSettings', 'faculty', { value: 'dark' });
    expect(twice.statusCode).toBe(422);
  });
});

describe('academicPeriods and terms', () => {
  const period = (name: string, extra = {}) => ({
    name,
    startDate: '2026-07-01',
    endDate: '2027-06-30',
    ...extra,
  });

  it('keeps exactly one system-active period', async () => {
    const a = (
      await send(
        'POST',
        '/api/academicPeriods',
        'admin',
        period('2026-27', { isSystemActive: true }),
      )
    ).json();
    const b = (
      await send('POST', '/api/academicPeriods', 'ops', period('2027-28', { isSystemActive: true }))
    ).json();
    expect((await db.events(`academicPeriod-${a.id}`)).at(-1)).toMatchObject({
      type: 'AcademicPeriodUpdated',
      data: { id: a.id, isSystemActive: false },
    });
    expect((await db.events(SYSTEM_ACTIVE_PERIOD_STREAM)).map((e) => e.data)).toEqual([
      { id: a.id, previousId: null },
      { id: b.id, previousId: a.id },
    ]);
  });

  it('422 for an end before the start; 422 for a term of an unknown period', async () => {
    const bad = await send(
      'POST',
      '/api/academicPeriods',
      'admin',
      period('Backwards', { endDate: '2020-01-01' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The end date must not be before the start date.');
    const orphan = await send('POST', '/api/academicTerms', 'admin', {
      name: 'Fall',
      AcademicPeriodId: 'nope',
      startDate: '2026-09-01',
      endDate: '2026-12-20',
    });
    expect(orphan.statusCode).toBe(422);
    expect(orphan.json().message).toBe('The academic period of this term does not exist.');
  });

  it('refuses useAdvancedEffort while aemEnabled is off (field-level rule)', async () => {
    const response = await send(
      'POST',
      '/api/academicPeriods',
      'admin',
      period('Effort', { useAdvancedEffort: true }),
    );
    expect(response.statusCode).toBe(403);
  });

  it('accepts the unchanged default of useAdvancedEffort (what a form sends) while aemEnabled is off', async () => {
    const created = await send(
      'POST',
      '/api/academicPeriods',
      'admin',
      period('Default effort', { useAdvancedEffort: false }),
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const unchanged = await send('PUT', `/api/academicPeriods/${id}`, 'ops', {
      name: 'Default effort, renamed',
      useAdvancedEffort: false,
    });
    expect(unchanged.statusCode).toBe(200);
    const changed = await send('PUT', `/api/academicPeriods/${id}`, 'ops', {
      useAdvancedEffort: true,
    });
    expect(changed.statusCode).toBe(403);
    expect((await db.events(`academicPeriod-${id}`)).map((e) => e.type)).toEqual([
      'AcademicPeriodCreated',
      'AcademicPeriodUpdated',
    ]);
  });
});

describe('workgroups', () => {
  it('gives each member a stable link id; a member must be an existing user (422)', async () => {
    const { id: userId } = (
      await send('POST', '/api/users', 'admin', {
        firstName: 'Emmy',
        lastName: 'Noether',
        email: 'emmy@example.edu',
        username: 'emmy',
      })
    ).json();
    const { id } = (
      await send('POST', '/api/workgroups', 'admin', {
        name: 'Mathematics',
        members: [{ UserId: userId, permission: 3 }],
      })
    ).json();
    expect((await db.events(`workgroup-${id}`))[0]?.data).toMatchObject({
      members: [{ id: `${id}.${userId}`, UserId: userId, permission: 3 }],
    });
    const ghost = await send('POST', '/api/workgroups', 'admin', {
      name: 'Physics',
      members: [{ UserId: 'no-such-user', permission: 1 }],
    });
    expect(ghost.statusCode).toBe(422);
    expect(ghost.json().message).toBe('A member of this workgroup does not exist.');
    expect((await send('POST', '/api/workgroups', 'faculty', { name: 'X' })).statusCode).toBe(403);
  });

  it('400 with a sentence for permission bits other than 0–3 (approve 1, assign 2), nothing written', async () => {
    const { id: userId } = (
      await send('POST', '/api/users', 'admin', {
        firstName: 'Sofia',
        lastName: 'Kovalevskaya',
        email: 'sofia@example.edu',
        username: 'sofia',
      })
    ).json();
    const { id } = (await send('POST', '/api/workgroups', 'admin', { name: 'Analysis' })).json();
    const head = await db.store.committedHeadPosition();
    for (const permission of [99, 4, -1, 1.5]) {
      const created = await send('POST', '/api/workgroups', 'admin', {
        name: `Bits ${permission}`,
        members: [{ UserId: userId, permission }],
      });
      const updated = await send('PUT', `/api/workgroups/${id}`, 'admin', {
        members: [{ UserId: userId, permission }],
      });
      for (const refused of [created, updated]) {
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(
          'A workgroup member may approve (1), assign (2), do both (3) or neither (0); there is no other permission.',
        );
      }
    }
    expect(await db.store.committedHeadPosition()).toEqual(head);
    for (const permission of [0, 1, 2, 3]) {
      const ok = await send('PUT', `/api/workgroups/${id}`, 'admin', {
        members: [{ UserId: userId, permission }],
      });
      expect(ok.statusCode).toBe(200);
    }
    // A role that may not change workgroups is refused before the body is judged.
    expect(
      (
        await send('PUT', `/api/workgroups/${id}`, 'faculty', {
          members: [{ UserId: userId, permission: 99 }],
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('every write route of every kind', () => {
  let periodId = '';
  const bodies: Record<string, () => Record<string, unknown>> = {
    academicTermTypes: () => ({ name: 'Trimester', slug: 'trimester' }),
    academicPeriods: () => ({
      name: 'Every route',
      startDate: '2030-07-01',
      endDate: '2031-06-30',
    }),
    academicTerms: () => ({
      name: 'Spring',
      AcademicPeriodId: periodId,
      startDate: '2031-01-10',
      endDate: '2031-05-10',
    }),
    workgroups: () => ({ name: 'Every route', members: [] }),
    progressSteps: () => ({ AcademicPeriodId: periodId, stepId: 6, name: 'Department review' }),
    users: () => ({
      firstName: 'Every',
      lastName: 'Route',
      email: 'every.route@example.edu',
      username: 'every.route',
    }),
    userSettings: () => ({ UserId: 'ops', value: 'light' }),
  };

  beforeAll(async () => {
    periodId = (
      await send('POST', '/api/academicPeriods', 'admin', bodies.academicPeriods?.() ?? {})
    ).json().id;
  });

  it.each(Object.keys(bodies).filter((path) => path !== 'academicPeriods'))(
    '%s: faculty refused (403) on POST, PUT and DELETE; academicOpsAdmin permitted',
    async (path) => {
      const body = bodies[path]?.() ?? {};
      const url = `/api/${path}`;
      // userSettings belong to their user: another user may not write someone else's.
      const forbidden = path === 'userSettings' ? 'other' : 'faculty';
      expect((await send('POST', url, forbidden, body)).statusCode).toBe(403);
      const created = await send('POST', url, 'ops', body);
      expect(created.statusCode).toBe(201);
      const { id } = created.json();
      expect((await send('PUT', `${url}/${id}`, forbidden, body)).statusCode).toBe(403);
      expect((await send('DELETE', `${url}/${id}`, forbidden)).statusCode).toBe(403);
      expect((await send('PUT', `${url}/${id}`, 'ops', body)).statusCode).toBe(200);
      expect((await send('DELETE', `${url}/${id}`, 'ops')).statusCode).toBe(200);
      expect((await send('DELETE', `${url}/${id}`, 'ops')).statusCode).toBe(404);
    },
  );
});
