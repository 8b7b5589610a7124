import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

let db: TestStore;
let t: TestApp;

const fallInPerson = { AcademicTermId: 'fall', TeachingModeId: 'inPerson' };
const fallOnline = { AcademicTermId: 'fall', TeachingModeId: 'online' };
const springInPerson = { AcademicTermId: 'spring', TeachingModeId: 'inPerson' };
const springOnline = { AcademicTermId: 'spring', TeachingModeId: 'online' };

const send = (method: string, url: string, as: string, payload?: object) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: t.signedIn(as),
  });

beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, {
    ops: rulesOf('academicOpsAdmin', 'ops'),
    faculty: rulesOf('faculty', 'faculty'),
  });
  const bus = createCommandBus({ store: db.store });
  await bus.execute('CreateWorkgroup', { id: 'wg-bio', name: 'Biology' });
  for (const [id, name, startDate, endDate] of [
    ['period-1', '2026–2027', '2026-07-01', '2027-06-30'],
    ['period-2', '2027–2028', '2027-07-01', '2028-06-30'],
  ] as const) {
    await bus.execute('CreateAcademicPeriod', { id, name, startDate, endDate });
  }
  for (const [id, name, AcademicPeriodId, startDate, endDate] of [
    ['fall', 'Fall 2026', 'period-1', '2026-08-20', '2026-12-20'],
    ['spring', 'Spring 2027', 'period-1', '2027-01-10', '2027-05-20'],
    ['fall-next', 'Fall 2027', 'period-2', '2027-08-20', '2027-12-20'],
  ] as const) {
    await bus.execute('CreateAcademicTerm', { id, name, AcademicPeriodId, startDate, endDate });
  }
  await bus.execute('CreateTeachingMode', { id: 'inPerson', name: 'In person', slug: 'in-person' });
  await bus.execute('CreateTeachingMode', { id: 'online', name: 'Online', slug: 'online' });
  await bus.execute('CreateCourse', { id: 'biol-101', courseNumber: 'BIOL 101', name: 'Cells' });
  await bus.execute('CreateCourseOffering', {
    id: 'offering-1',
    CourseId: 'biol-101',
    AcademicPeriodId: 'period-1',
    termModes: [fallInPerson, fallOnline, springInPerson, springOnline],
  });
  // Eight sections: five in person in the fall, two online in the fall, one in the spring.
  const sections: [string, typeof fallInPerson][] = [
    ['001', fallInPerson],
    ['002', fallInPerson],
    ['003', fallInPerson],
    ['004', fallInPerson],
    ['005', fallInPerson],
    ['W01', fallOnline],
    ['W02', fallOnline],
    ['101', springInPerson],
  ];
  for (const [sectionNumber, TermMode] of sections) {
    await bus.execute('CreateSection', {
      id: `section-${sectionNumber}`,
      CourseOfferingId: 'offering-1',
      WorkgroupId: 'wg-bio',
      name: 'Cells',
      sectionNumber,
      TermMode,
    });
  }
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

const putOffering = (termModes: object[], as = 'ops', extra = {}) =>
  send('PUT', '/api/courseOfferings/offering-1', as, { termModes, ...extra });

describe('an offering keeps the term modes its sections use', () => {
  it('422 naming the sections when the term modes are emptied (eight sections on them)', async () => {
    const response = await writesNothing(() => putOffering([]));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Sections BIOL 101 001 and 7 more are taught in a term and teaching mode this change removes from the offering; move them to another first.',
    );
  });

  it('422 naming the one section on a removed term mode; one no section uses may go', async () => {
    const response = await writesNothing(() =>
      putOffering([fallInPerson, fallOnline, springOnline]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Section BIOL 101 101 is taught in a term and teaching mode this change removes from the offering; move it to another first.',
    );
    // Spring online has no section: it may be removed, and a mode may be added back.
    expect((await putOffering([fallInPerson, fallOnline, springInPerson])).statusCode).toBe(200);
    expect(
      (await putOffering([fallInPerson, fallOnline, springInPerson, springOnline])).statusCode,
    ).toBe(200);
  });

  it('a deleted section or one moved to another term mode no longer holds it', async () => {
    expect(
      (await putOffering([fallInPerson, springInPerson, springOnline])).json().message,
    ).toMatch(/^Sections BIOL 101 W01 and 1 more /);
    expect((await send('DELETE', '/api/sections/section-W01', 'ops')).statusCode).toBe(200);
    expect(
      (await send('PUT', '/api/sections/section-W02', 'ops', { TermMode: springOnline }))
        .statusCode,
    ).toBe(200);
    expect((await putOffering([fallInPerson, springInPerson, springOnline])).statusCode).toBe(200);
  });

  it('403 for a role that may not change offerings, before the sections are looked at', async () => {
    const response = await writesNothing(() => putOffering([], 'faculty'));
    expect(response.statusCode).toBe(403);
  });
});

describe('an offering takes terms of its own academic period only', () => {
  const otherPeriodTerm = { AcademicTermId: 'fall-next', TeachingModeId: 'inPerson' };
  const sentence =
    'Fall 2027 is a term of another academic period; an offering takes terms of its own period only.';

  it('422 on create, nothing written', async () => {
    await send('POST', '/api/courses', 'ops', { courseNumber: 'BIOL 102', name: 'Tissues' });
    const courses = await db.store.readAll({ filter: { eventTypes: ['CourseCreated'] } });
    const CourseId = (courses.at(-1)?.data as { id: string }).id;
    const response = await writesNothing(() =>
      send('POST', '/api/courseOfferings', 'ops', {
        CourseId,
        AcademicPeriodId: 'period-1',
        termModes: [fallInPerson, otherPeriodTerm],
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(sentence);
  });

  it('422 on update, and when the offering moves to a period its terms are not of', async () => {
    const added = await writesNothing(() =>
      putOffering([fallInPerson, springInPerson, springOnline, otherPeriodTerm]),
    );
    expect(added.statusCode).toBe(422);
    expect(added.json().message).toBe(sentence);
    const moved = await writesNothing(() =>
      send('PUT', '/api/courseOfferings/offering-1', 'ops', { AcademicPeriodId: 'period-2' }),
    );
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toBe(
      'Fall 2026 is a term of another academic period; an offering takes terms of its own period only.',
    );
  });
});
