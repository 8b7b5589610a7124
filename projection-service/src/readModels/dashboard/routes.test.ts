import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  administrativeAssignments,
  courses,
  progressSteps,
  users,
  type AbilityContext,
  type RecordedEvent,
  type RoleSlug,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { preferencesProjection } from '../preferences/projection.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { sectionReadRoutes } from '../sections/routes.js';
import { sectionsProjection } from '../sections/projection.js';
import { dashboardRoutes } from './routes.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let harness: RouteHarness;
let app: FastifyInstance;
let contract: AnswerContract;

const contexts: Record<string, AbilityContext> = {
  ops: demoContextFor('academicOpsAdmin'),
  affairs: demoContextFor('academicAffairsApprover'),
  ada: { ...demoContextFor('faculty'), userId: 'ada' },
  approver: {
    ...demoContextFor('faculty'),
    roles: [] as RoleSlug[],
    workgroupPermissions: [{ id: 'wg-b', permission: 1 }],
    progressStepId: 6,
  },
  reporting: demoContextFor('reportingUser'),
};
function stream(streamId: string) {
  let revision = 0n;
  return (type: string, data: unknown): RecordedEvent =>
    recorded(type, data, { streamId, revision: revision++ });
}
const person = (id: string, pointsRequired: number) => ({
  id,
  firstName: id,
  lastName: 'T',
  email: `${id}@example.edu`,
  username: id,
  isFaculty: true,
  isActive: true,
  FinancialData: { pointsRequired },
});
const section = (id: string, WorkgroupId: string) => ({
  id,
  CourseOfferingId: 'o-1',
  WorkgroupId,
  name: 'S',
  sectionNumber: id,
  enrollment: 10,
  defaultPoints: 3,
  points: null,
  notes: null,
  TermMode: null,
  allowOverlap: false,
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

beforeAll(async () => {
  const a = stream('section-a');
  const b = stream('section-b');
  const events = [
    stream('user-ada')('UserCreated', person('ada', 2)),
    stream('user-bob')('UserCreated', person('bob', 6)),
    stream('course-c')('CourseCreated', { id: 'c', courseNumber: 'MATH 101', name: 'Calc' }),
    stream('courseOffering-o-1')('CourseOfferingCreated', {
      id: 'o-1',
      CourseId: 'c',
      AcademicPeriodId: 'p-1',
    }),
    a('SectionCreated', section('a', 'wg-a')),
    a('TeachingAssignmentCreated', assigned('a', 'x1', 'ada')),
    b('SectionCreated', section('b', 'wg-b')),
    b('TeachingAssignmentCreated', assigned('b', 'x2', 'bob')),
    stream('section-c')('SectionCreated', section('c', 'wg-b')),
    stream('section-d')('SectionCreated', section('d', 'wg-a')),
    stream('preferences-ada-p-1')('TeachingPreferencesSubmitted', {
      UserId: 'ada',
      AcademicPeriodId: 'p-1',
      count: 0,
      notes: null,
    }),
  ];
  harness = await openRouteHarness({
    projections: [
      sectionsProjection,
      preferencesProjection,
      resourceProjection(users),
      resourceProjection(administrativeAssignments),
      resourceProjection(progressSteps),
      resourceProjection(courses),
    ],
    events,
    viewer: testViewers(contexts, 'p-1'),
    // The lists the dashboard links to, to check that each link lists what its count counts.
    routes: [dashboardRoutes, sectionReadRoutes],
  });
  ({ app, contract } = harness);
});

afterAll(() => harness.close());

interface Dashboard {
  items: { key: string; count: number; link: string }[];
  mine: Record<string, unknown> | null;
}
const get = async (who?: string) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/dashboard',
    headers: who ? { 'x-test-user': who } : {},
  });
  return { status: res.statusCode, body: res.json<Dashboard>() };
};
const counts = (d: Dashboard) => Object.fromEntries(d.items.map((i) => [i.key, i.count]));

describe('the dashboard answers what needs each role’s attention', () => {
  it('academic ops: open sections, pending approvals, unsubmitted preferences, over-loads', async () => {
    const { status, body } = await get('ops');
    expect(status).toBe(200);
    expect(counts(body)).toEqual({
      sectionsWithoutInstructors: 2,
      pendingApprovals: 2,
      awaitingFinal: 0,
      unsubmittedPreferences: 1,
      overloadedInstructors: 1,
    });
    expect(body.items.find((i) => i.key === 'overloadedInstructors')?.link).toBe(
      '/instructors?load=overloaded',
    );
    expect(body.mine).toBeNull();
  });

  it('a workgroup approver at step 6 counts their workgroup only', async () => {
    const { body } = await get('approver');
    expect(counts(body)).toEqual({ sectionsWithoutInstructors: 1, pendingApprovals: 1 });
  });

  it('links each assignment count to a list of exactly what it counts', async () => {
    for (const who of ['ops', 'approver']) {
      const { body } = await get(who);
      const pending = body.items.find((i) => i.key === 'pendingApprovals');
      expect(pending?.link).toBe('/sectionAssignments?status=proposed,reopened&approvable=true');
      const listed = await app.inject({
        method: 'GET',
        url: `/api/sectionAssignments?${pending!.link.split('?')[1]!}&AcademicPeriodId=p-1&take=1`,
        headers: { 'x-test-user': who },
      });
      expect([who, listed.statusCode, listed.json<{ count: number }>().count]).toEqual([
        who,
        200,
        pending!.count,
      ]);
    }
  });

  it('academic affairs also sees what awaits final approval', async () => {
    expect(counts((await get('affairs')).body)).toMatchObject({ awaitingFinal: 0 });
  });

  it('faculty see their own preferences and workload', async () => {
    const { body } = await get('ada');
    expect(body.items).toEqual([]);
    expect(body.mine).toMatchObject({
      preferenceStatus: 'submitted',
      workload: { UserId: 'ada', assigned: 3, remaining: -1 },
    });
  });

  it('a reporting user has nothing to act on; a stranger is refused', async () => {
    expect((await get('reporting')).body.items).toEqual([]);
    expect((await get()).status).toBe(401);
  });
});

describe('the read API contract', () => {
  it('answers each typed route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked]).toContain('GET /api/dashboard');
  });
});
