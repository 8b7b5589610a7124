import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  academicPeriods,
  academicTerms,
  assignmentTypes,
  courses,
  teachingModes,
  users,
  type AbilityContext,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { preferenceReadRoutes } from './routes.js';
import { preferencesProjection } from './projection.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let harness: RouteHarness;
let app: FastifyInstance;
let contract: AnswerContract;

const contexts: Record<string, AbilityContext> = {
  ada: { ...demoContextFor('faculty'), userId: 'ada' },
  bob: { ...demoContextFor('faculty'), userId: 'bob' },
  ops: demoContextFor('academicOpsAdmin'),
  business: demoContextFor('businessOfficeAdmin'),
  reporting: demoContextFor('reportingUser'),
  scheduler: demoContextFor('sectionScheduler'),
};

function stream(streamId: string) {
  let revision = 0n;
  return (type: string, data: unknown, occurredAt = '2026-11-22T02:00:00.000Z'): RecordedEvent =>
    recorded(type, data, {
      streamId,
      revision: revision++,
      metadata: { actorId: 'x', occurredAt },
    });
}
const person = (id: string, firstName: string, lastName: string, isFaculty = true) => ({
  id,
  firstName,
  lastName,
  email: `${id}@example.edu`,
  username: id,
  isFaculty,
  isActive: true,
});
const preference = (id: string, CourseId: string | null, level = 'preferred') => ({
  UserId: 'ada',
  AcademicPeriodId: 'p-1',
  id,
  level,
  weight: null,
  CourseId,
  AssignmentTypeId: null,
  AcademicTermId: null,
  TeachingModeId: null,
  notes: null,
});

beforeAll(async () => {
  const events = [
    stream('user-ada')('UserCreated', person('ada', 'Ada', 'Lovelace')),
    stream('user-bob')('UserCreated', person('bob', 'Bob', 'Babbage')),
    stream('user-cy')('UserCreated', person('cy', 'Cy', 'Clerk', false)),
    stream('course-calc')('CourseCreated', {
      id: 'calc',
      courseNumber: 'MATH 101',
      name: 'Calculus I',
    }),
    stream('academicPeriod-p-1')('AcademicPeriodCreated', {
      id: 'p-1',
      name: '2026-27',
      startDate: '2026-08-01',
      endDate: '2027-07-31',
      preferencesDueDate: '2026-12-01',
    }),
  ];
  events.push(
    stream('course-old')('CourseCreated', {
      id: 'old',
      courseNumber: 'MATH 001',
      name: 'Retired',
      isActive: false,
    }),
    stream('academicTerm-fall')('AcademicTermCreated', {
      id: 'fall',
      name: 'Fall',
      AcademicPeriodId: 'p-1',
      startDate: '2026-08-20',
      endDate: '2026-12-20',
    }),
    stream('academicTerm-old')('AcademicTermCreated', {
      id: 'old-fall',
      name: 'Fall 2020',
      AcademicPeriodId: 'p-0',
      startDate: '2020-08-20',
      endDate: '2020-12-20',
    }),
    stream('assignmentType-lab')('AssignmentTypeCreated', { id: 'lab', name: 'Lab', slug: 'lab' }),
    stream('teachingMode-online')('TeachingModeCreated', {
      id: 'online',
      name: 'Online',
      slug: 'online',
    }),
  );
  const ada = stream('preferences-ada-p-1');
  events.push(
    ada('TeachingPreferenceAdded', preference('a1', 'calc', 'stronglyPreferred')),
    ada('TeachingPreferenceAdded', { ...preference('a2', null), AssignmentTypeId: 'lab' }),
    ada('TeachingPreferenceUpdated', {
      UserId: 'ada',
      AcademicPeriodId: 'p-1',
      id: 'a2',
      weight: 0.5,
      AcademicTermId: 'fall',
      TeachingModeId: 'online',
    }),
    ada('UnavailableTimesSet', {
      UserId: 'ada',
      AcademicPeriodId: 'p-1',
      unavailable: [{ day: 'FR', startTime: '13:00', endTime: '17:00' }],
    }),
    ada(
      'TeachingPreferencesSubmitted',
      { UserId: 'ada', AcademicPeriodId: 'p-1', count: 2, notes: null },
      '2026-11-20T10:00:00.000Z',
    ),
  );
  harness = await openRouteHarness({
    projections: [
      preferencesProjection,
      resourceProjection(users),
      resourceProjection(courses),
      resourceProjection(academicPeriods),
      resourceProjection(academicTerms),
      resourceProjection(assignmentTypes),
      resourceProjection(teachingModes),
    ],
    events,
    viewer: testViewers(contexts, 'p-1'),
    routes: [preferenceReadRoutes],
  });
  ({ app, contract } = harness);
});

afterAll(() => harness.close());

type Rows = { rows: { UserId: string }[] };

const get = (url: string, who?: string) =>
  app.inject({ method: 'GET', url, headers: who ? { 'x-test-user': who } : {} });

describe('a faculty member reads their own preferences', () => {
  it('answers the status, due date, availability and each preference with its course', async () => {
    const res = await get('/api/teachingPreferences/mine', 'ada');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      UserId: 'ada',
      AcademicPeriodId: 'p-1',
      periodName: '2026-27',
      dueDate: '2026-12-01',
      status: 'submitted',
      submittedAt: '2026-11-20T10:00:00.000Z',
      unavailable: [{ day: 'FR', startTime: '13:00', endTime: '17:00' }],
    });
    expect(body.preferences).toEqual([
      expect.objectContaining({
        id: 'a1',
        level: 'stronglyPreferred',
        courseNumber: 'MATH 101',
        courseName: 'Calculus I',
      }),
      expect.objectContaining({
        id: 'a2',
        AssignmentTypeId: 'lab',
        weight: 0.5,
        courseNumber: null,
      }),
    ]);
  });

  it('another faculty member sees only their own (not started), whatever the query', async () => {
    const res = await get('/api/teachingPreferences/mine/p-1', 'bob');
    expect(res.json()).toMatchObject({ UserId: 'bob', status: 'notStarted', preferences: [] });
    expect((await get('/api/teachingPreferences/mine?UserId=ada', 'bob')).statusCode).toBe(400);
  });

  it('refuses staff (403), strangers (401) and unknown periods (404)', async () => {
    expect((await get('/api/teachingPreferences/mine', 'ops')).statusCode).toBe(403);
    expect((await get('/api/teachingPreferences/mine')).statusCode).toBe(401);
    expect((await get('/api/teachingPreferences/mine/nope', 'ada')).statusCode).toBe(404);
  });
});

describe('the choices of the preference form', () => {
  it('lists active courses, types, modes and the working period’s terms to faculty only', async () => {
    const res = await get('/api/teachingPreferences/choices', 'ada');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      AcademicPeriodId: 'p-1',
      courses: [{ id: 'calc', courseNumber: 'MATH 101', name: 'Calculus I' }],
      assignmentTypes: [{ id: 'lab', name: 'Lab' }],
      teachingModes: [{ id: 'online', name: 'Online' }],
      academicTerms: [{ id: 'fall', name: 'Fall' }],
    });
    expect((await get('/api/teachingPreferences/choices', 'ops')).statusCode).toBe(403);
    expect((await get('/api/teachingPreferences/choices?x=1', 'ada')).statusCode).toBe(400);
  });
});

describe('staff read preferences and submissions', () => {
  it('lists every preference of the period', async () => {
    const res = await get('/api/teachingPreferences?UserId=ada', 'business');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 2, rows: [{ id: 'a1' }, { id: 'a2' }] });
  });

  it('names each preference’s assignment type, term and mode for those who may not list them', async () => {
    const res = await get('/api/teachingPreferences?UserId=ada&AcademicPeriodId=p-1', 'business');
    expect(res.json<{ rows: unknown[] }>().rows).toEqual([
      expect.objectContaining({
        id: 'a1',
        courseNumber: 'MATH 101',
        assignmentTypeName: null,
        academicTermName: null,
        teachingModeName: null,
      }),
      expect.objectContaining({
        id: 'a2',
        AssignmentTypeId: 'lab',
        assignmentTypeName: 'Lab',
        AcademicTermId: 'fall',
        academicTermName: 'Fall',
        TeachingModeId: 'online',
        teachingModeName: 'Online',
      }),
    ]);
    expect((await get('/api/teachingPreferences?UserId=bob', 'business')).json()).toEqual({
      count: 0,
      rows: [],
    });
  });

  it('answers one instructor’s submission by UserId', async () => {
    const ada = (await get('/api/preferenceSubmissions?UserId=ada', 'business')).json();
    expect(ada).toMatchObject({
      AcademicPeriodId: 'p-1',
      count: 1,
      rows: [{ UserId: 'ada', status: 'submitted', count: 2 }],
    });
    const bob = (await get('/api/preferenceSubmissions?UserId=bob', 'business')).json<Rows>();
    expect(bob.rows).toEqual([expect.objectContaining({ UserId: 'bob', status: 'notStarted' })]);
    // Not faculty: no submission row at all.
    expect((await get('/api/preferenceSubmissions?UserId=cy', 'ops')).json()).toMatchObject({
      count: 0,
      rows: [],
    });
  });

  it('lists every faculty member with a status, not started included; filters and sorts', async () => {
    const all = (await get('/api/preferenceSubmissions?AcademicPeriodId=p-1', 'ops')).json();
    expect(all.count).toBe(2);
    expect(all.rows).toEqual([
      expect.objectContaining({
        UserId: 'bob',
        name: 'Bob Babbage',
        status: 'notStarted',
        count: 0,
      }),
      expect.objectContaining({ UserId: 'ada', status: 'submitted', count: 2 }),
    ]);
    const submitted = (
      await get('/api/preferenceSubmissions?status=submitted', 'ops')
    ).json<Rows>();
    expect(submitted.rows.map((r) => r.UserId)).toEqual(['ada']);
    const unsubmitted = (
      await get('/api/preferenceSubmissions?status=unsubmitted', 'ops')
    ).json<Rows>();
    expect(unsubmitted.rows.map((r) => r.UserId)).toEqual(['bob']);
    const searched = (await get('/api/preferenceSubmissions?q=babb', 'ops')).json<Rows>();
    expect(searched.rows.map((r) => r.UserId)).toEqual(['bob']);
    const byCount = (await get('/api/preferenceSubmissions?sort=count&order=DESC', 'ops')).json();
    expect(byCount.rows[0].UserId).toBe('ada');
  });

  it('refuses roles that do not read instructors, and bad queries', async () => {
    for (const who of ['reporting', 'scheduler', 'ada']) {
      expect((await get('/api/preferenceSubmissions', who)).statusCode).toBe(403);
      expect((await get('/api/teachingPreferences', who)).statusCode).toBe(403);
    }
    expect((await get('/api/preferenceSubmissions?status=lost', 'ops')).statusCode).toBe(400);
    expect((await get('/api/preferenceSubmissions?take=0', 'ops')).statusCode).toBe(400);
  });
});

describe('the read API contract', () => {
  it('answers each typed route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual([
      'GET /api/preferenceSubmissions',
      'GET /api/teachingPreferences',
      'GET /api/teachingPreferences/choices',
      'GET /api/teachingPreferences/mine',
      'GET /api/teachingPreferences/mine/:AcademicPeriodId',
    ]);
  });
});
