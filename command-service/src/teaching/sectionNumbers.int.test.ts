import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';
import { seedTeachingBasics } from '../testing/teachingFixture.js';
import { DomainRuleError } from '../errors/errors.js';
import { reserveNewSectionNumbers } from './sectionNumbers.js';

let db: TestStore;
let t: TestApp;

const fallInPerson = { AcademicTermId: 'fall', TeachingModeId: 'inPerson' };
const fallOnline = { AcademicTermId: 'fall', TeachingModeId: 'online' };

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
  await seedTeachingBasics(bus, { offering: false });
  await bus.execute('CreateTeachingMode', { id: 'online', name: 'Online', slug: 'online' });
  for (const [id, courseNumber] of [
    ['math-101', 'MATH 101'],
    ['math-102', 'MATH 102'],
  ] as const) {
    await bus.execute('CreateCourse', { id, courseNumber, name: courseNumber });
    await bus.execute('CreateCourseOffering', {
      id: `offering-${id}`,
      CourseId: id,
      AcademicPeriodId: 'period-1',
      termModes: [fallInPerson, fallOnline],
    });
  }
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const body = (sectionNumber: string, TermMode = fallInPerson, course = 'math-101') => ({
  CourseOfferingId: `offering-${course}`,
  WorkgroupId: 'wg-math',
  name: 'Calculus',
  sectionNumber,
  TermMode,
});

async function create(sectionNumber: string, TermMode = fallInPerson, course = 'math-101') {
  const response = await send(
    'POST',
    '/api/sections',
    'ops',
    body(sectionNumber, TermMode, course),
  );
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

/** Runs a request and checks that nothing at all was appended to the event store. */
async function writesNothing(request: () => ReturnType<typeof send>) {
  const head = await db.store.committedHeadPosition();
  const response = await request();
  expect(await db.store.committedHeadPosition()).toEqual(head);
  return response;
}

const TAKEN = (number: string) =>
  `This offering already has a section ${number} in this term and teaching mode.`;

describe('a section number is unique per offering, term and teaching mode', () => {
  it('422 for a second section 001 (case and spaces as typed aside), nothing written', async () => {
    await create('001');
    for (const number of ['001', ' 001 ']) {
      const response = await writesNothing(() =>
        send('POST', '/api/sections', 'ops', body(number)),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(TAKEN('001'));
    }
    await create('h01');
    const upper = await writesNothing(() => send('POST', '/api/sections', 'ops', body('H01')));
    expect(upper.statusCode).toBe(422);
    expect(upper.json().message).toBe(TAKEN('H01'));
    // Another term mode, or another offering, may have its own 001.
    await create('001', fallOnline);
    await create('001', fallInPerson, 'math-102');
  });

  it('a renumber or a term-mode change into a taken number is refused; the old number is freed', async () => {
    const id = await create('002');
    const clash = await writesNothing(() =>
      send('PUT', `/api/sections/${id}`, 'ops', { sectionNumber: '001' }),
    );
    expect(clash.statusCode).toBe(422);
    expect(clash.json().message).toBe(TAKEN('001'));
    // 001 online exists too: moving 002 there is fine, then renumbering it to 001 is not.
    expect(
      (await send('PUT', `/api/sections/${id}`, 'ops', { TermMode: fallOnline })).statusCode,
    ).toBe(200);
    // Its old place (002 in person) is free again.
    await create('002');
    const intoTaken = await writesNothing(() =>
      send('PUT', `/api/sections/${id}`, 'ops', { sectionNumber: '001' }),
    );
    expect(intoTaken.statusCode).toBe(422);
    expect(
      (await send('PUT', `/api/sections/${id}`, 'ops', { sectionNumber: '009' })).statusCode,
    ).toBe(200);
    await create('002', fallOnline);
  });

  it('a deleted section frees its number', async () => {
    const id = await create('005');
    expect((await send('DELETE', `/api/sections/${id}`, 'ops')).statusCode).toBe(200);
    await create('005');
  });

  it('a refused role (403) reserves nothing: the number stays free', async () => {
    const refused = await writesNothing(() =>
      send('POST', '/api/sections', 'faculty', body('007')),
    );
    expect(refused.statusCode).toBe(403);
    await create('007');
  });
});

describe("a clone's numbers reserved together (reserveNewSectionNumbers)", () => {
  const metadata = { actorId: 'ops', correlationId: 'clone-test' };
  const section = (id: string, sectionNumber: string) => ({
    id,
    CourseOfferingId: 'offering-math-102',
    TermMode: fallInPerson,
    sectionNumber,
  });

  it('reserves the free numbers, refuses the one another section holds, and knows its own', async () => {
    await create('020', fallInPerson, 'math-102');
    const first = await reserveNewSectionNumbers(
      db.store,
      [section('new-a', '021'), section('new-b', '020'), section('new-c', '022')],
      metadata,
    );
    expect(first[0]).toMatchObject({ message: TAKEN('021') });
    expect(first[1]).toBeInstanceOf(DomainRuleError);
    expect((first[1] as DomainRuleError).message).toBe(TAKEN('020'));
    expect(first[2]).toMatchObject({ message: TAKEN('022') });
    // Asked again for the same sections (a clone run again): already theirs, nothing new.
    const again = await reserveNewSectionNumbers(
      db.store,
      [section('new-a', '021'), section('new-c', '022')],
      metadata,
    );
    expect(again).toEqual([null, null]);
    // A new section may not take a number reserved so.
    const taken = await send('POST', '/api/sections', 'ops', body('021', fallInPerson, 'math-102'));
    expect(taken.statusCode).toBe(422);
  });
});
