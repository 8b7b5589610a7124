import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { demoContextFor } from '../../../shared-events/src/permissions/fixtures/demoContext.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

let db: TestStore;
let t: TestApp;

/** Effort management's lists exist only while `aemEnabled` is on. */
const { featureFlags } = demoContextFor('admin');
const aemOn = { featureFlags: { ...featureFlags, aemEnabled: true } };

beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, {
    admin: rulesOf('admin', 'admin'),
    ops: rulesOf('academicOpsAdmin', 'ops'),
    faculty: rulesOf('faculty', 'faculty'),
    financial: rulesOf('financialReportingUser', 'financial'),
    adminAem: rulesOf('admin', 'adminAem', aemOn),
    effortManager: rulesOf('effortManager', 'effortManager', aemOn),
    contributor: rulesOf('effortContributor', 'contributor', aemOn),
    effortManagerFlagOff: rulesOf('effortManager', 'effortManagerFlagOff'),
  });
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const send = (method: string, url: string, as: string | null, payload?: object) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: as ? t.signedIn(as) : {},
  });

interface KindCase {
  path: string;
  /** A role spec §6 lets manage the kind's subject, and one it refuses. */
  permitted: string;
  refused: string;
  body: (n: number) => Record<string, unknown>;
  key: string;
  /** A valid change of one field. */
  change?: Record<string, unknown>;
}

const slugged = (path: string, permitted = 'admin', refused = 'ops'): KindCase => ({
  path,
  permitted,
  refused,
  body: (n) => ({ name: `Item ${n}`, slug: `item-${n}` }),
  key: 'slug',
});

/** Configuration: admin only; Admin Assignment Types: administrators while aemEnabled is off. */
const CASES: KindCase[] = [
  slugged('administrativeAssignmentTypes', 'ops', 'faculty'),
  slugged('assignmentTypes'),
  {
    path: 'divisions',
    permitted: 'admin',
    refused: 'ops',
    body: (n) => ({ name: `Division ${n}`, code: `DIV${n}` }),
    key: 'code',
  },
  slugged('instructorTypes'),
  slugged('pointTypes'),
  slugged('ranks'),
  slugged('teachingModes'),
  slugged('tracks'),
  slugged('campuses'),
  slugged('cohorts'),
  slugged('majors'),
  slugged('programs'),
  slugged('specialties'),
  {
    path: 'locations',
    permitted: 'ops',
    refused: 'financial',
    body: (n) => ({ code: `SCI ${n}`, description: 'Science building', capacity: 30 }),
    key: 'code',
    change: { capacity: 45 },
  },
  // Effort management (aemEnabled on): administrators manage pay periods and only read the rest;
  // effort managers manage the rest; contributors read.
  {
    path: 'effortPayPeriods',
    permitted: 'adminAem',
    refused: 'contributor',
    body: (n) => ({
      code: `2026-${n}B`,
      name: `Pay period ${n}`,
      startDate: '2026-11-16',
      endDate: '2026-11-30',
    }),
    key: 'code',
    change: { checkDate: '2026-12-05' },
  },
  {
    path: 'effortCategories',
    permitted: 'effortManager',
    refused: 'adminAem',
    body: (n) => ({ name: `Category ${n}`, code: `CAT${n}`, area: 'research' }),
    key: 'code',
  },
  {
    path: 'effortTypes',
    permitted: 'effortManager',
    refused: 'contributor',
    body: (n) => ({ name: `Type ${n}`, code: `TYPE${n}` }),
    key: 'code',
  },
  {
    path: 'costCenterDescriptions',
    permitted: 'effortManager',
    refused: 'adminAem',
    body: (n) => ({ code: `10-44${n}`, description: 'Biology instruction' }),
    key: 'code',
    change: { description: 'Biology teaching labs' },
  },
];

describe('effort management’s lists', () => {
  it('are refused to everyone while aemEnabled is off, to effort managers too', async () => {
    for (const path of ['effortPayPeriods', 'effortCategories', 'effortTypes']) {
      const refused = await send('POST', `/api/${path}`, 'effortManagerFlagOff', {
        name: 'Off',
        code: 'OFF',
        startDate: '2026-01-01',
        endDate: '2026-01-14',
        area: 'teaching',
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('refuse a pay period that ends before it starts, and a category counting as nothing known', async () => {
    const backwards = await send('POST', '/api/effortPayPeriods', 'adminAem', {
      code: 'BACK',
      name: 'Backwards',
      startDate: '2026-11-30',
      endDate: '2026-11-16',
    });
    expect([400, 422]).toContain(backwards.statusCode);
    expect(backwards.json().message).toMatch(/end date must not be before the start date/);
    const unknown = await send('POST', '/api/effortCategories', 'effortManager', {
      name: 'Mystery',
      code: 'MYS',
      area: 'gardening',
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe.each(CASES)('$path through the generic write routes', (kind) => {
  const base = `/api/${kind.path}`;
  it('permits the managing role: create, update, deactivate, delete', async () => {
    const created = await send('POST', base, kind.permitted, kind.body(1));
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    expect(
      (await send('PUT', `${base}/${id}`, kind.permitted, kind.change ?? { name: 'Changed' }))
        .statusCode,
    ).toBe(200);
    expect((await send('POST', `${base}/${id}/deactivate`, kind.permitted)).statusCode).toBe(200);
    expect((await send('DELETE', `${base}/${id}`, kind.permitted)).statusCode).toBe(200);
  });

  it('refuses a signed-in role without the subject (403) and no session (401)', async () => {
    const { id } = (await send('POST', base, kind.permitted, kind.body(2))).json();
    const refused = t.signedIn(kind.refused);
    for (const headers of [refused, {}]) {
      // No session: 401 or 403 (the route's requirement may answer before the session check).
      const expected = headers === refused ? [403] : [401, 403];
      const statuses = [
        await t.request({ method: 'POST', url: base, payload: kind.body(3), headers }),
        await t.request({
          method: 'PUT',
          url: `${base}/${id}`,
          payload: { isActive: false },
          headers,
        }),
        await t.request({ method: 'POST', url: `${base}/${id}/deactivate`, headers }),
        await t.request({ method: 'DELETE', url: `${base}/${id}`, headers }),
      ].map((r) => r.statusCode);
      for (const status of statuses) expect(expected).toContain(status);
    }
    expect((await send('POST', base, kind.permitted, kind.body(3))).statusCode).toBe(201);
  });

  it('400 for a bad body', async () => {
    const bad = await send('POST', base, kind.permitted, { ...kind.body(4), [kind.key]: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: kind.key })]),
    );
  });

  it('unique among active records: 422 naming the clash, released by deactivation', async () => {
    const first = (await send('POST', base, kind.permitted, kind.body(5))).json();
    const clash = await send('POST', base, kind.permitted, kind.body(5));
    expect(clash.statusCode).toBe(422);
    expect(clash.json().message).toMatch(new RegExp(`already has this ${kind.key}\\.$`));

    expect((await send('POST', `${base}/${first.id}/deactivate`, kind.permitted)).statusCode).toBe(
      200,
    );
    const second = await send('POST', base, kind.permitted, kind.body(5));
    expect(second.statusCode).toBe(201);
    // Reactivating the first would clash with the second, now the active holder.
    const back = await send('PUT', `${base}/${first.id}`, kind.permitted, { isActive: true });
    expect(back.statusCode).toBe(422);
  });
});

/** Kinds with a name people pick from (every configuration list, taxonomy and term type). */
const NAMED: KindCase[] = [
  ...CASES.filter((kind) => 'name' in kind.body(0)),
  {
    path: 'academicTermTypes',
    permitted: 'ops',
    refused: 'faculty',
    body: (n) => ({ name: `Term type ${n}`, slug: `term-type-${n}` }),
    key: 'slug',
  },
];

describe.each(NAMED)('$path: names unique among active records', (kind) => {
  const base = `/api/${kind.path}`;
  it('422 for a second active record of the same name, case and spacing ignored; nothing written', async () => {
    const first = await send('POST', base, kind.permitted, {
      ...kind.body(10),
      name: 'Full Professor',
    });
    expect(first.statusCode).toBe(201);
    const other = (await send('POST', base, kind.permitted, kind.body(11))).json();
    const head = await db.store.committedHeadPosition();
    for (const name of [
      'Full Professor',
      'full professor',
      '  FULL   Professor ',
      'Full\tprofessor',
    ]) {
      const created = await send('POST', base, kind.permitted, { ...kind.body(12), name });
      const renamed = await send('PUT', `${base}/${other.id}`, kind.permitted, { name });
      for (const refused of [created, renamed]) {
        expect(refused.statusCode).toBe(422);
        expect(refused.json().message).toMatch(/^Another active .+ already has this name\.$/);
      }
    }
    expect(await db.store.committedHeadPosition()).toEqual(head);
    // Deactivating frees the name; reactivating takes it back only while nobody else holds it.
    const { id } = first.json();
    expect((await send('POST', `${base}/${id}/deactivate`, kind.permitted)).statusCode).toBe(200);
    const rename = await send('PUT', `${base}/${other.id}`, kind.permitted, {
      name: 'full  professor',
    });
    expect(rename.statusCode).toBe(200);
    const back = await send('PUT', `${base}/${id}`, kind.permitted, { isActive: true });
    expect(back.statusCode).toBe(422);
    expect(back.json().message).toMatch(/already has this name\.$/);
  });
});

describe('racing creates of the same code', () => {
  it('of two clients creating the same location code at once, exactly one succeeds', async () => {
    const body = { code: 'LAW 200', description: 'Law school', capacity: 80 };
    const answers = await Promise.all([
      send('POST', '/api/locations', 'admin', body),
      send('POST', '/api/locations', 'ops', { ...body, capacity: 40 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
    const loser = answers.find((a) => a.statusCode === 422);
    expect(loser?.json().message).toBe('Another active location already has this code.');
  });

  it('location capacity must be a whole number not below zero', async () => {
    for (const capacity of [-1, 1.5, '10']) {
      const response = await send('POST', '/api/locations', 'admin', {
        code: 'ENG 1',
        description: null,
        capacity,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('users: faculty profile references and financial data', () => {
  const points = { pointsRequired: 6 };

  it('refuses a faculty profile naming a rank or campus that does not exist (422)', async () => {
    const rank = (
      await send('POST', '/api/ranks', 'admin', { name: 'Lecturer', slug: 'lect' })
    ).json();
    const base = { firstName: 'Mary', lastName: 'Somerville', email: 'mary@example.edu' };
    const ok = await send('POST', '/api/users', 'admin', {
      ...base,
      username: 'mary',
      FacultyProfile: { RankId: rank.id, receiveAssignments: true },
    });
    expect(ok.statusCode).toBe(201);
    const badRank = await send('POST', '/api/users', 'admin', {
      ...base,
      email: 'm2@example.edu',
      username: 'mary2',
      FacultyProfile: { RankId: 'no-such-rank' },
    });
    expect([badRank.statusCode, badRank.json().message]).toEqual([
      422,
      'A rank of this faculty profile does not exist.',
    ]);
    const badCampus = await send('PUT', `/api/users/${ok.json().id}`, 'admin', {
      FacultyProfile: { RankId: rank.id, CampusIds: ['no-such-campus'] },
    });
    expect(badCampus.statusCode).toBe(422);
  });

  it('only those who update FinancialData change it; others may send it unchanged', async () => {
    const { id } = (
      await send('POST', '/api/users', 'admin', {
        firstName: 'Sofia',
        lastName: 'Kovalevskaya',
        email: 'sofia@example.edu',
        username: 'sofia',
      })
    ).json();
    // The admin manages User but not FinancialData (spec §6).
    expect(
      (await send('PUT', `/api/users/${id}`, 'admin', { FinancialData: points })).statusCode,
    ).toBe(403);
    // financialReportingUser manages FinancialData and nothing of User.
    expect(
      (await send('PUT', `/api/users/${id}`, 'financial', { FinancialData: points })).statusCode,
    ).toBe(200);
    expect(
      (await send('PUT', `/api/users/${id}`, 'financial', { FinancialData: points, lastName: 'K' }))
        .statusCode,
    ).toBe(403);
    // A dialog sends the whole record: the unchanged financial data does not stop the admin.
    expect(
      (await send('PUT', `/api/users/${id}`, 'admin', { FinancialData: points, lastName: 'K' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await send('PUT', `/api/users/${id}`, 'faculty', {
          FinancialData: { ...points, pointsRequired: 9 },
        })
      ).statusCode,
    ).toBe(403);
    const creating = await send('POST', '/api/users', 'admin', {
      firstName: 'Ada',
      lastName: 'B',
      email: 'adab@example.edu',
      username: 'adab',
      FinancialData: points,
    });
    expect(creating.statusCode).toBe(403);
  });

  it('takes only the points required, 0 to 100: assigned and remaining are computed', async () => {
    const { id } = (
      await send('POST', '/api/users', 'admin', {
        firstName: 'Emmy',
        lastName: 'Noether',
        email: 'emmy@example.edu',
        username: 'emmy',
      })
    ).json();
    const before = await db.events(`user-${id}`);
    for (const FinancialData of [
      { pointsRequired: -1 },
      { pointsRequired: 999 },
      { pointsRequired: 6, pointsAssigned: 3 },
      { pointsRequired: 6, pointsRemaining: 3 },
    ]) {
      const refused = await send('PUT', `/api/users/${id}`, 'financial', { FinancialData });
      expect(refused.statusCode).toBe(400);
    }
    expect(await db.events(`user-${id}`)).toEqual(before);
    const ok = await send('PUT', `/api/users/${id}`, 'financial', {
      FinancialData: { pointsRequired: 0 },
    });
    expect(ok.statusCode).toBe(200);
  });
});
