import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HistoryAnswer } from '@allot/shared-events';
import type { AppRule } from '../authorization/ability.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';
import { answerOf } from '../testing/answerContract.js';

let db: TestStore;
let t: TestApp;

const person = (username: string, firstName: string, lastName: string) => ({
  firstName,
  lastName,
  email: `${username}@example.edu`,
  username,
});

let adminId = '';
let opsId = '';

beforeAll(async () => {
  db = await openTestStore();
  // Users are records too: their streams give the panel its names. Ids come from the server,
  // so a bootstrap admin ('root') creates them, then rules are keyed by those ids.
  const rules: Record<string, readonly AppRule[]> = { root: rulesOf('admin', 'root') };
  t = await buildTestApp(db.store, rules);
  const create = async (body: object) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/users',
        payload: body,
        headers: t.signedIn('root'),
      })
    ).json().id as string;
  adminId = await create(person('grace', 'Grace', 'Hopper'));
  opsId = await create(person('ada', 'Ada', 'Lovelace'));
  rules[adminId] = rulesOf('admin', adminId);
  rules[opsId] = rulesOf('academicOpsAdmin', opsId);
  rules.faculty = rulesOf('faculty', 'faculty');
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const send = (method: string, url: string, headers: Record<string, string>, payload?: object) =>
  t.request({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

describe('GET /api/history/<path>/<id>', () => {
  it('answers each event oldest first with who, on whose behalf, when and the field changes', async () => {
    const admin = t.signedIn(adminId);
    const { id } = (
      await send('POST', '/api/locations', admin, { code: 'SCI 101', capacity: 30 })
    ).json();
    // The admin masquerades as the ops user: the working user acts, on the admin's behalf.
    const masquerade = t.signedIn(adminId, opsId);
    expect(
      (await send('PUT', `/api/locations/${id}`, masquerade, { capacity: 35 })).statusCode,
    ).toBe(200);
    expect((await send('POST', `/api/locations/${id}/deactivate`, admin)).statusCode).toBe(200);

    const history = await send('GET', `/api/history/locations/${id}`, t.signedIn(opsId));
    expect(history.statusCode).toBe(200);
    // The read contract (shared-events' HistoryAnswer), on a real answer.
    const { rows } = answerOf(HistoryAnswer, history.json());
    expect(rows).toEqual([
      {
        position: expect.any(String),
        revision: 0,
        type: 'LocationCreated',
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        by: { id: adminId, displayName: 'Grace Hopper' },
        onBehalfOf: null,
        through: null,
        importRun: null,
        clone: null,
        summary: null,
        changes: [
          {
            field: 'code',
            from: null,
            to: 'SCI 101',
            label: 'Code',
            display: { kind: 'text', from: '(empty)', to: 'SCI 101' },
          },
          {
            field: 'capacity',
            from: null,
            to: 30,
            label: 'Capacity',
            display: { kind: 'text', from: '(empty)', to: '30' },
          },
          {
            field: 'isActive',
            from: null,
            to: true,
            label: 'Active',
            display: { kind: 'text', from: '(empty)', to: 'Yes' },
          },
        ],
      },
      {
        position: expect.any(String),
        revision: 1,
        type: 'LocationUpdated',
        at: expect.any(String),
        by: { id: adminId, displayName: 'Grace Hopper' },
        onBehalfOf: { id: opsId, displayName: 'Ada Lovelace' },
        through: null,
        importRun: null,
        clone: null,
        summary: null,
        changes: [
          {
            field: 'capacity',
            from: 30,
            to: 35,
            label: 'Capacity',
            display: { kind: 'text', from: '30', to: '35' },
          },
        ],
      },
      expect.objectContaining({
        revision: 2,
        type: 'LocationDeactivated',
        onBehalfOf: null,
        changes: [expect.objectContaining({ field: 'isActive', from: true, to: false })],
      }),
    ]);
  });

  it('names workgroup members with their permissions and lists who was added and removed', async () => {
    const admin = t.signedIn(adminId);
    const created = await send('POST', '/api/workgroups', admin, {
      name: 'Mathematics',
      members: [{ UserId: opsId, permission: 1 }],
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const update = await send('PUT', `/api/workgroups/${id}`, admin, {
      members: [
        { UserId: opsId, permission: 3 },
        { UserId: adminId, permission: 0 },
      ],
    });
    expect(update.statusCode).toBe(200);
    const { rows } = (await send('GET', `/api/history/workgroups/${id}`, admin)).json();
    expect(rows[0].changes).toContainEqual(
      expect.objectContaining({
        field: 'members',
        label: 'Members',
        display: { kind: 'list', added: ['Ada Lovelace (approve)'], removed: [] },
      }),
    );
    expect(rows[1].changes).toEqual([
      expect.objectContaining({
        field: 'members',
        label: 'Members',
        display: {
          kind: 'list',
          added: ['Ada Lovelace (approve, assign)', 'Grace Hopper'],
          removed: ['Ada Lovelace (approve)'],
        },
      }),
    ]);
  });

  it('leaves out a list created empty, and names no one for an actor that is no user', async () => {
    const created = await send('POST', '/api/workgroups', t.signedIn(adminId), {
      name: 'Physics',
      members: [],
    });
    const { rows } = (
      await send('GET', `/api/history/workgroups/${created.json().id}`, t.signedIn(adminId))
    ).json();
    expect((rows[0].changes as { field: string }[]).map((c) => c.field)).toEqual(['name']);
    // The users were created by the bootstrap actor 'root', which is no user: the browser
    // says "System" rather than an id.
    const user = answerOf(
      HistoryAnswer,
      (await send('GET', `/api/history/users/${opsId}`, t.signedIn(adminId))).json(),
    );
    expect(user.rows[0]?.by).toBeNull();
  });

  it('names an offering’s course, period and term modes (“Fall 2026 · In person”)', async () => {
    // The admin keeps the configuration (teaching modes); academic operations the catalog.
    const admin = t.signedIn(adminId);
    const ops = t.signedIn(opsId);
    const post = async (path: string, body: object, headers = admin) => {
      const answer = await send('POST', `/api/${path}`, headers, body);
      expect(answer.statusCode).toBe(201);
      return answer.json().id as string;
    };
    const periodId = await post('academicPeriods', {
      name: '2026–27',
      startDate: '2026-08-01',
      endDate: '2027-07-31',
    });
    const fall = await post('academicTerms', {
      name: 'Fall 2026',
      AcademicPeriodId: periodId,
      startDate: '2026-08-20',
      endDate: '2026-12-15',
    });
    const inPerson = await post('teachingModes', { name: 'In person', slug: 'in-person' });
    const online = await post('teachingModes', { name: 'Online', slug: 'online' });
    const courseId = await post('courses', { courseNumber: 'MATH 101', name: 'Calculus I' }, ops);
    const offeringId = await post(
      'courseOfferings',
      {
        CourseId: courseId,
        AcademicPeriodId: periodId,
        termModes: [{ AcademicTermId: fall, TeachingModeId: inPerson }],
      },
      ops,
    );
    const update = await send('PUT', `/api/courseOfferings/${offeringId}`, ops, {
      termModes: [{ AcademicTermId: fall, TeachingModeId: online }],
    });
    expect(update.statusCode).toBe(200);
    const { rows } = (
      await send('GET', `/api/history/courseOfferings/${offeringId}`, admin)
    ).json();
    expect(rows[0].changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'CourseId',
          label: 'Course',
          display: { kind: 'text', from: '(empty)', to: 'MATH 101' },
        }),
        expect.objectContaining({
          field: 'AcademicPeriodId',
          label: 'Academic Period',
          display: { kind: 'text', from: '(empty)', to: '2026–27' },
        }),
      ]),
    );
    expect(rows[1].changes).toEqual([
      expect.objectContaining({
        field: 'termModes',
        label: 'Term modes',
        display: {
          kind: 'list',
          added: ['Fall 2026 · Online'],
          removed: ['Fall 2026 · In person'],
        },
      }),
    ]);
  });

  it('401 without a session, 403 without read on the subject, 404 unknown id or kind, 400 bad id', async () => {
    const { id } = (
      await send('POST', '/api/divisions', t.signedIn(adminId), { name: 'Sciences', code: 'SCI' })
    ).json();
    expect((await send('GET', `/api/history/divisions/${id}`, {})).statusCode).toBe(401);
    // Divisions are Configuration: academicOpsAdmin may not read them, faculty neither.
    expect((await send('GET', `/api/history/divisions/${id}`, t.signedIn(opsId))).statusCode).toBe(
      403,
    );
    expect(
      (await send('GET', `/api/history/divisions/${id}`, t.signedIn('faculty'))).statusCode,
    ).toBe(403);
    expect(
      (await send('GET', `/api/history/divisions/${id}`, t.signedIn(adminId))).statusCode,
    ).toBe(200);
    expect((await send('GET', '/api/history/divisions/nope', t.signedIn(adminId))).statusCode).toBe(
      404,
    );
    expect((await send('GET', `/api/history/unicorns/${id}`, t.signedIn(adminId))).statusCode).toBe(
      404,
    );
    expect((await send('GET', '/api/history/divisions/%20', t.signedIn(adminId))).statusCode).toBe(
      400,
    );
  });

  it('a user reads the history of their own settings, not of another user’s', async () => {
    const mine = await send('POST', '/api/userSettings', t.signedIn('faculty'), { value: 'light' });
    expect(mine.statusCode).toBe(201);
    const { id } = mine.json();
    expect(
      (await send('GET', `/api/history/userSettings/${id}`, t.signedIn('faculty'))).statusCode,
    ).toBe(200);
    expect(
      (await send('GET', `/api/history/userSettings/${id}`, t.signedIn('stranger'))).statusCode,
    ).toBe(403);
  });
});
