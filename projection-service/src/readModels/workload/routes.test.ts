import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  academicTerms,
  administrativeAssignmentTypes,
  administrativeAssignments,
  progressSteps,
  users,
  type AbilityContext,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { sectionsProjection } from '../sections/projection.js';
import { workloadReadRoutes } from './routes.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let harness: RouteHarness;
let app: FastifyInstance;
let contract: AnswerContract;

const contexts: Record<string, AbilityContext> = {
  ada: { ...demoContextFor('faculty'), userId: 'ada' },
  ops: demoContextFor('academicOpsAdmin'),
  business: demoContextFor('businessOfficeAdmin'),
  reporting: demoContextFor('reportingUser'),
};

function stream(streamId: string) {
  let revision = 0n;
  return (type: string, data: unknown): RecordedEvent =>
    recorded(type, data, { streamId, revision: revision++ });
}
const person = (id: string, name: string, pointsRequired: number | null, isFaculty = true) => ({
  id,
  firstName: name,
  lastName: 'Teacher',
  displayName: `${name} Teacher`,
  email: `${id}@example.edu`,
  username: id,
  isFaculty,
  isActive: true,
  FinancialData: pointsRequired === null ? null : { pointsRequired },
});
const section = (id: string, extra: Record<string, unknown>) => ({
  id,
  CourseOfferingId: 'o-1',
  WorkgroupId: 'wg',
  name: 'Section',
  sectionNumber: id,
  enrollment: 10,
  defaultPoints: null,
  points: null,
  notes: null,
  TermMode: null,
  allowOverlap: false,
  ...extra,
});
const assigned = (SectionId: string, id: string, UserId: string) => ({
  SectionId,
  id,
  UserId,
  share: null,
  notes: null,
  status: 'proposed',
  overriddenConflicts: [],
  warnings: [],
});

let stepStream: ReturnType<typeof stream>;

beforeAll(async () => {
  const s1 = stream('section-s1');
  const s2 = stream('section-s2');
  stepStream = stream('progressStep-6');
  const events = [
    stream('user-ada')('UserCreated', person('ada', 'Ada', 6)),
    stream('user-bob')('UserCreated', person('bob', 'Bob', 3)),
    stream('user-cy')('UserCreated', person('cy', 'Cy', null, false)),
    stream('course-c')('CourseCreated', { id: 'c', courseNumber: 'MATH 101', name: 'Calculus' }),
    stream('courseOffering-o-1')('CourseOfferingCreated', {
      id: 'o-1',
      CourseId: 'c',
      AcademicPeriodId: 'p-1',
    }),
    s1('SectionCreated', section('s1', { defaultPoints: 3 })),
    s1('TeachingAssignmentCreated', assigned('s1', 'a1', 'ada')),
    s2('SectionCreated', section('s2', { points: 4 })),
    s2('TeachingAssignmentCreated', assigned('s2', 'a2', 'ada')),
    s2('TeachingAssignmentCreated', assigned('s2', 'a3', 'bob')),
    stream('administrativeAssignmentType-chair')('AdministrativeAssignmentTypeCreated', {
      id: 'chair',
      name: 'Department Chair',
      slug: 'department-chair',
    }),
    stream('administrativeAssignment-x')('AdministrativeAssignmentCreated', {
      id: 'x',
      UserId: 'ada',
      AcademicPeriodId: 'p-1',
      AdministrativeAssignmentTypeId: 'chair',
      AcademicTermId: null,
      points: 2,
      takesWholeTerm: false,
      notes: null,
    }),
  ];
  harness = await openRouteHarness({
    projections: [
      sectionsProjection,
      resourceProjection(users),
      resourceProjection(administrativeAssignments),
      resourceProjection(administrativeAssignmentTypes),
      resourceProjection(academicTerms),
      resourceProjection(progressSteps),
    ],
    events,
    viewer: testViewers(contexts, 'p-1'),
    routes: [workloadReadRoutes],
  });
  ({ app, contract } = harness);
});

afterAll(() => harness.close());

interface Row {
  UserId: string;
  required: number;
  teaching: number;
  administrative: number;
  assigned: number;
  remaining: number;
  sections: number;
  overloaded: boolean;
  underloaded: boolean;
}
const get = async (url: string, who?: string) => {
  const res = await app.inject({ method: 'GET', url, headers: who ? { 'x-test-user': who } : {} });
  return {
    status: res.statusCode,
    body: res.json<{ count: number; rows: Row[] } & Row>(),
  };
};

describe('instructor workload', () => {
  it('sums shared section points and administrative points against the requirement', async () => {
    const { status, body } = await get('/api/instructorWorkloads', 'ops');
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(body.rows).toEqual([
      expect.objectContaining({
        UserId: 'ada',
        required: 6,
        teaching: 5,
        administrative: 2,
        assigned: 7,
        remaining: -1,
        sections: 2,
        overloaded: true,
        underloaded: false,
      }),
      expect.objectContaining({ UserId: 'bob', teaching: 2, remaining: 1, underloaded: false }),
    ]);
  });

  it('filters over-loaded instructors, searches and sorts on the server', async () => {
    const over = await get('/api/instructorWorkloads?load=overloaded', 'ops');
    expect(over.body.rows.map((r) => r.UserId)).toEqual(['ada']);
    const bob = await get('/api/instructorWorkloads?q=bob', 'business');
    expect(bob.body.rows.map((r) => r.UserId)).toEqual(['bob']);
    const sorted = await get(
      `/api/instructorWorkloads?sort=${encodeURIComponent('[["remaining","DESC"]]')}`,
      'ops',
    );
    expect(sorted.body.rows.map((r) => r.UserId)).toEqual(['bob', 'ada']);
  });

  it('flags under-loaded instructors once a step after the assignment step is active', async () => {
    await harness.apply([
      stepStream('ProgressStepCreated', {
        id: '6',
        AcademicPeriodId: 'p-1',
        stepId: 6,
        name: 'Department review',
        isActive: true,
      }),
    ]);
    const under = await get('/api/instructorWorkloads?load=underloaded', 'ops');
    expect(under.body.rows).toEqual([
      expect.objectContaining({ UserId: 'bob', underloaded: true }),
    ]);
  });

  it('answers one instructor with their sections and administrative assignments', async () => {
    const { status, body } = await get('/api/instructorWorkloads/ada', 'ops');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      UserId: 'ada',
      assigned: 7,
      sections: 2,
      sectionAssignments: [
        expect.objectContaining({
          SectionId: 's1',
          points: 3,
          share: 100,
          courseNumber: 'MATH 101',
        }),
        expect.objectContaining({ SectionId: 's2', points: 2, share: 50 }),
      ],
      administrative: 2,
      // With the names of their type and term (none: the whole period).
      administrativeAssignments: [
        expect.objectContaining({
          id: 'x',
          points: 2,
          typeName: 'Department Chair',
          termName: null,
        }),
      ],
    });
    expect((await get('/api/instructorWorkloads/nobody', 'ops')).status).toBe(404);
  });

  it('My Workload is the session user’s, whatever the query', async () => {
    const mine = await get('/api/instructorWorkloads/mine', 'ada');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ UserId: 'ada', assigned: 7 });
    expect((await get('/api/instructorWorkloads/mine?UserId=bob', 'ada')).status).toBe(400);
  });

  it('refuses roles without the ability, and bad queries', async () => {
    expect((await get('/api/instructorWorkloads', 'reporting')).status).toBe(403);
    expect((await get('/api/instructorWorkloads', 'ada')).status).toBe(403);
    expect((await get('/api/instructorWorkloads/ada', 'ada')).status).toBe(403);
    expect((await get('/api/instructorWorkloads/mine', 'ops')).status).toBe(403);
    expect((await get('/api/instructorWorkloads')).status).toBe(401);
    expect((await get('/api/instructorWorkloads?load=heavy', 'ops')).status).toBe(400);
    expect((await get('/api/instructorWorkloads?sort=name', 'ops')).status).toBe(400);
  });
});

describe('the read API contract', () => {
  it('answers each typed route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual([
      'GET /api/instructorWorkloads',
      'GET /api/instructorWorkloads/:UserId',
      'GET /api/instructorWorkloads/mine',
    ]);
  });
});
