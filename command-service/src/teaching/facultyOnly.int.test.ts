import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCommandBus, type CommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

let db: TestStore;
let t: TestApp;
let bus: CommandBus;
let sectionId = '';

const send = (method: string, url: string, as: string, payload?: object) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: t.signedIn(as),
  });

const user = (id: string, firstName: string, lastName: string, extra: object = {}) =>
  bus.execute('CreateUser', {
    id,
    firstName,
    lastName,
    email: `${id}@example.edu`,
    username: id,
    ...extra,
  });

beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, {
    admin: rulesOf('admin', 'admin'),
    ops: rulesOf('academicOpsAdmin', 'ops'),
    faculty: rulesOf('faculty', 'faculty'),
  });
  bus = createCommandBus({ store: db.store });
  await bus.execute('CreateWorkgroup', { id: 'wg-math', name: 'Mathematics' });
  await bus.execute('CreateAcademicPeriod', {
    id: 'period-1',
    name: '2026–2027',
    startDate: '2026-07-01',
    endDate: '2027-06-30',
  });
  await bus.execute('CreateCourse', { id: 'math-101', courseNumber: 'MATH 101', name: 'Calculus' });
  await bus.execute('CreateCourseOffering', {
    id: 'offering-1',
    CourseId: 'math-101',
    AcademicPeriodId: 'period-1',
  });
  await bus.execute('CreateAdministrativeAssignmentType', {
    id: 'chair',
    name: 'Chair',
    slug: 'chair',
  });
  await user('ada', 'Ada', 'Lovelace', { isFaculty: true });
  await user('emmy', 'Emmy', 'Noether', { isFaculty: true, isActive: true });
  await user('root', 'Site', 'Admin', { isFaculty: false, Roles: [{ slug: 'admin' }] });
  await user('dean', 'Dana', 'Dean', { Roles: [{ slug: 'academicAffairsApprover' }] });
  await user('retired', 'Rita', 'Retired', { isFaculty: true });
  await bus.execute('DeactivateUser', { id: 'retired' });
  await user('twin', 'Ada', 'Twin', { isFaculty: true });
  await bus.execute('MergeUsers', { masterId: 'ada', duplicateId: 'twin' });
  sectionId = (
    await send('POST', '/api/sections', 'ops', {
      CourseOfferingId: 'offering-1',
      WorkgroupId: 'wg-math',
      name: 'Calculus',
      sectionNumber: '001',
    })
  ).json().id as string;
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

/** Runs a request and checks that nothing at all was appended to the event store. */
async function writesNothing(request: () => ReturnType<typeof send>) {
  const head = await db.store.committedHeadPosition();
  const response = await request();
  expect(await db.store.committedHeadPosition()).toEqual(head);
  return response;
}

const assign = (UserId: string, as = 'ops') =>
  send('POST', `/api/sections/${sectionId}/assignments`, as, { UserId });

describe('only active faculty are assigned to sections', () => {
  it.each([
    ['root', 'Site Admin'],
    ['dean', 'Dana Dean'],
    ['retired', 'Rita Retired'],
    ['twin', 'Ada Twin'],
  ])('422 naming %s, who is not an active faculty member; nothing written', async (id, name) => {
    const response = await writesNothing(() => assign(id));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      // No override makes someone faculty: the browser offers none.
      message: `${name} is not an active faculty member; only active faculty may be assigned to sections.`,
    });
  });

  it('assigns an active faculty member, and follows a user becoming faculty', async () => {
    expect((await assign('ada')).statusCode).toBe(201);
    await bus.execute('UpdateUser', { id: 'dean', isFaculty: true });
    expect((await assign('dean')).statusCode).toBe(201);
    await bus.execute('UpdateUser', { id: 'emmy', isActive: false });
    expect((await writesNothing(() => assign('emmy'))).statusCode).toBe(422);
  });

  it('403 for a role that may not assign, before the instructor is judged', async () => {
    expect((await writesNothing(() => assign('root', 'faculty'))).statusCode).toBe(403);
  });
});

describe('only active faculty are given administrative assignments', () => {
  const body = (UserId: string) => ({
    UserId,
    AcademicPeriodId: 'period-1',
    AdministrativeAssignmentTypeId: 'chair',
    points: 3,
  });

  it('422 on create and on a change of instructor to someone not active faculty; nothing written', async () => {
    const created = await writesNothing(() =>
      send('POST', '/api/administrativeAssignments', 'admin', body('root')),
    );
    expect(created.statusCode).toBe(422);
    expect(created.json().message).toBe(
      'Site Admin is not an active faculty member; only active faculty may be given administrative assignments.',
    );
    const ok = await send('POST', '/api/administrativeAssignments', 'admin', body('ada'));
    expect(ok.statusCode).toBe(201);
    const { id } = ok.json();
    const moved = await writesNothing(() =>
      send('PUT', `/api/administrativeAssignments/${id}`, 'admin', { UserId: 'retired' }),
    );
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toMatch(/^Rita Retired is not an active faculty member/);
    // Other changes of an assignment whose holder is no longer faculty stay possible.
    await bus.execute('UpdateUser', { id: 'ada', isFaculty: false });
    expect(
      (await send('PUT', `/api/administrativeAssignments/${id}`, 'admin', { points: 4 }))
        .statusCode,
    ).toBe(200);
    await bus.execute('UpdateUser', { id: 'ada', isFaculty: true });
  });

  it('a merge hands the duplicate’s assignment to its master, faculty or not', async () => {
    await user('dup', 'Dup', 'Licate', { isFaculty: true });
    const { id } = (
      await send('POST', '/api/administrativeAssignments', 'admin', body('dup'))
    ).json();
    await bus.execute('MergeUsers', { masterId: 'root', duplicateId: 'dup' });
    await bus.execute('UpdateAdministrativeAssignment', { id, UserId: 'root' });
    expect((await db.events(`administrativeAssignment-${id}`)).at(-1)?.data).toMatchObject({
      UserId: 'root',
    });
  });

  it('403 for a role that may not manage administrative assignments', async () => {
    const response = await writesNothing(() =>
      send('POST', '/api/administrativeAssignments', 'faculty', body('ada')),
    );
    expect(response.statusCode).toBe(403);
  });
});
