// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readAllSettled } from '@allot/shared-events/testing';
import { createCommandBus, type CommandBus } from '../commandHandling/commandBus.js';
import { openNativeTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

/*
 * Instructor rates and costs (the Instructor Cost Matrix) on native PostgreSQL: kept by financial
 * reporting users only; a cost names a live section and, set by hand, an instructor who teaches
 * it; one rate per type and rank (or person) and period, and one placeholder per section, even
 * when four requests ask at the same moment.
 */
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

beforeAll(async () => {
  db = await openNativeTestStore();
  t = await buildTestApp(db.store, {
    admin: rulesOf('admin', 'admin'),
    ops: rulesOf('academicOpsAdmin', 'ops'),
    faculty: rulesOf('faculty', 'faculty'),
    f1: rulesOf('financialReportingUser', 'f1'),
    f2: rulesOf('financialReportingUser', 'f2'),
    f3: rulesOf('financialReportingUser', 'f3'),
    f4: rulesOf('financialReportingUser', 'f4'),
  });
  bus = createCommandBus({ store: db.store });
  await bus.execute('CreateWorkgroup', { id: 'wg-math', name: 'Mathematics' });
  await bus.execute('CreateAcademicPeriod', {
    id: 'period-1',
    name: '2026–2027',
    startDate: '2026-07-01',
    endDate: '2027-06-30',
  });
  await bus.execute('CreateInstructorType', { id: 'lecturer', name: 'Lecturer', slug: 'lecturer' });
  await bus.execute('CreateRank', { id: 'assistant', name: 'Assistant', slug: 'assistant' });
  await bus.execute('CreateCourse', { id: 'math-101', courseNumber: 'MATH 101', name: 'Calculus' });
  await bus.execute('CreateCourseOffering', {
    id: 'offering-1',
    CourseId: 'math-101',
    AcademicPeriodId: 'period-1',
  });
  for (const id of ['ada', 'bob']) {
    await bus.execute('CreateUser', {
      id,
      firstName: id,
      lastName: 'Teacher',
      email: `${id}@example.edu`,
      username: id,
      isFaculty: true,
    });
  }
  sectionId = (
    await send('POST', '/api/sections', 'ops', {
      CourseOfferingId: 'offering-1',
      WorkgroupId: 'wg-math',
      name: 'Calculus',
      sectionNumber: '001',
      points: 3,
    })
  ).json().id as string;
  expect(
    (await send('POST', `/api/sections/${sectionId}/assignments`, 'ops', { UserId: 'ada' }))
      .statusCode,
  ).toBe(201);
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const typeRate = { AcademicPeriodId: 'period-1', InstructorTypeId: 'lecturer', ratePerPoint: 900 };

describe('instructor rates', () => {
  it('are kept by financial reporting users; everyone else is refused', async () => {
    for (const who of ['admin', 'ops', 'faculty']) {
      const refused = await send('POST', '/api/instructorRates', who, typeRate);
      expect([who, refused.statusCode]).toEqual([who, 403]);
    }
    const created = await send('POST', '/api/instructorRates', 'f1', typeRate);
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    expect(
      (await send('PUT', `/api/instructorRates/${id}`, 'f1', { ratePerPoint: 950 })).statusCode,
    ).toBe(200);
    expect((await send('DELETE', `/api/instructorRates/${id}`, 'ops')).statusCode).toBe(403);
    expect((await send('DELETE', `/api/instructorRates/${id}`, 'f1')).statusCode).toBe(200);
  });

  it('refuses a rate of nobody, a negative one and an unknown type with words', async () => {
    const nobody = await send('POST', '/api/instructorRates', 'f1', {
      AcademicPeriodId: 'period-1',
      ratePerPoint: 10,
    });
    expect([nobody.statusCode, nobody.json().message]).toEqual([
      422,
      'Choose an instructor type (and rank), or one instructor.',
    ]);
    const negative = await send('POST', '/api/instructorRates', 'f1', {
      ...typeRate,
      ratePerPoint: -1,
    });
    expect(negative.statusCode).toBe(400);
    const unknown = await send('POST', '/api/instructorRates', 'f1', {
      ...typeRate,
      InstructorTypeId: 'astronaut',
    });
    expect([unknown.statusCode, unknown.json().message]).toEqual([
      422,
      'The instructor type of this rate does not exist.',
    ]);
  });

  it('of four asking at once for the same type and rank in a period, exactly one is kept', async () => {
    const answers = await Promise.all(
      ['f1', 'f2', 'f3', 'f4'].map((as, i) =>
        send('POST', '/api/instructorRates', as, {
          ...typeRate,
          RankId: 'assistant',
          ratePerPoint: 1000 + i,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const loser of answers.filter((a) => a.statusCode === 422)) {
      expect(loser.json().message).toBe(
        'This period already has a rate for them: change that rate instead.',
      );
    }
    const events = await readAllSettled(db.store, {
      filter: { streamPrefixes: ['instructorRate-'] },
    });
    const live = events.filter(
      (e) =>
        e.type === 'InstructorRateCreated' &&
        (e.data as { RankId?: string }).RankId === 'assistant',
    );
    expect(live).toHaveLength(1);
  });
});

describe('instructor costs', () => {
  it('sets an instructor’s cost by hand only for one who teaches the section', async () => {
    const bob = await send('POST', '/api/instructorCosts', 'f1', {
      SectionId: sectionId,
      UserId: 'bob',
      amount: 2000,
    });
    expect([bob.statusCode, bob.json().message]).toEqual([
      422,
      'This instructor does not teach this section.',
    ]);
    const noAmount = await send('POST', '/api/instructorCosts', 'f1', {
      SectionId: sectionId,
      UserId: 'ada',
    });
    expect([noAmount.statusCode, noAmount.json().message]).toEqual([
      422,
      'Enter the cost of this instructor here.',
    ]);
    const ada = await send('POST', '/api/instructorCosts', 'f1', {
      SectionId: sectionId,
      UserId: 'ada',
      amount: 2500,
      notes: 'Stipend',
    });
    expect(ada.statusCode).toBe(201);
    expect(
      (
        await send('POST', '/api/instructorCosts', 'admin', {
          SectionId: sectionId,
          UserId: 'ada',
          amount: 1,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a cost on a section that does not exist, and moving one to another section', async () => {
    const missing = await send('POST', '/api/instructorCosts', 'f1', {
      SectionId: 'no-such-section',
      InstructorTypeId: 'lecturer',
    });
    expect([missing.statusCode, missing.json().message]).toEqual([
      422,
      'This section does not exist.',
    ]);
  });

  it('keeps one placeholder per section when four ask at once', async () => {
    const answers = await Promise.all(
      ['f1', 'f2', 'f3', 'f4'].map((as) =>
        send('POST', '/api/instructorCosts', as, {
          SectionId: sectionId,
          InstructorTypeId: 'lecturer',
          RankId: 'assistant',
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
    const placeholder = answers.find((a) => a.statusCode === 201)?.json() as { id: string };
    const moved = await send('PUT', `/api/instructorCosts/${placeholder.id}`, 'f1', {
      SectionId: 'elsewhere',
    });
    expect([moved.statusCode, moved.json().message]).toEqual([
      422,
      'A cost stays with its section: remove it and add one to the other.',
    ]);
  });
});
