import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  administrativeAssignments,
  courses,
  progressSteps,
  users,
  workgroups,
  type AbilityContext,
  type RecordedEvent,
  type RoleSlug,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { preferencesProjection } from '../preferences/projection.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { sectionsProjection } from '../sections/projection.js';
import { alignmentMetricsRoutes } from './routes.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let harness: RouteHarness;
let app: FastifyInstance;
let contract: AnswerContract;

const contexts: Record<string, AbilityContext> = {
  ops: demoContextFor('academicOpsAdmin'),
  member: {
    ...demoContextFor('faculty'),
    roles: [] as RoleSlug[],
    workgroupPermissions: [{ id: 'wg-b', permission: 0 }],
  },
  faculty: demoContextFor('faculty'),
  reporter: demoContextFor('reportingUser'),
};
function stream(streamId: string) {
  let revision = 0n;
  return (type: string, data: unknown): RecordedEvent =>
    recorded(type, data, { streamId, revision: revision++ });
}
const person = (id: string) => ({
  id,
  firstName: id,
  lastName: 'T',
  email: `${id}@example.edu`,
  username: id,
  isFaculty: true,
  isActive: true,
  FinancialData: { pointsRequired: 6 },
});
const section = (id: string, WorkgroupId: string) => ({
  id,
  CourseOfferingId: 'o',
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
const preference = (UserId: string, level: string) => ({
  UserId,
  AcademicPeriodId: 'p',
  id: `pref-${UserId}`,
  level,
  weight: null,
  CourseId: 'c',
  AssignmentTypeId: null,
  AcademicTermId: null,
  TeachingModeId: null,
  notes: null,
});

beforeAll(async () => {
  const s1 = stream('section-s1');
  const s2 = stream('section-s2');
  const s3 = stream('section-s3');
  const events = [
    ...['ada', 'bob', 'cy'].map((u) => stream(`user-${u}`)('UserCreated', person(u))),
    stream('workgroup-wg-a')('WorkgroupCreated', { id: 'wg-a', name: 'Algebra', members: [] }),
    stream('workgroup-wg-b')('WorkgroupCreated', { id: 'wg-b', name: 'Biology', members: [] }),
    stream('course-c')('CourseCreated', { id: 'c', courseNumber: 'MATH 101', name: 'Calc' }),
    stream('courseOffering-o')('CourseOfferingCreated', {
      id: 'o',
      CourseId: 'c',
      AcademicPeriodId: 'p',
    }),
    stream('preferences-ada-p')('TeachingPreferenceAdded', preference('ada', 'stronglyPreferred')),
    stream('preferences-cy-p')('TeachingPreferenceAdded', preference('cy', 'prohibited')),
    s1('SectionCreated', section('s1', 'wg-a')),
    s1('TeachingAssignmentCreated', assigned('s1', 'x1', 'ada')),
    s2('SectionCreated', section('s2', 'wg-a')),
    s2('TeachingAssignmentCreated', assigned('s2', 'x2', 'cy')),
    s3('SectionCreated', section('s3', 'wg-b')),
    s3('TeachingAssignmentCreated', assigned('s3', 'x3', 'bob')),
  ];
  harness = await openRouteHarness({
    projections: [
      sectionsProjection,
      preferencesProjection,
      ...[users, courses, administrativeAssignments, progressSteps, workgroups].map(
        resourceProjection,
      ),
    ],
    events,
    viewer: testViewers(contexts, 'p'),
    routes: [alignmentMetricsRoutes],
  });
  ({ app, contract } = harness);
});

afterAll(() => harness.close());

interface Metrics {
  overall: { assignments: number; aligned: number; blocked: number; meanScore: number };
  rows: {
    WorkgroupId: string;
    name: string;
    assignments: number;
    aligned: number;
    blocked: number;
  }[];
}
const get = async (who?: string, query = '', path = '/api/preferenceAlignment/metrics') => {
  const res = await app.inject({
    method: 'GET',
    url: `${path}${query}`,
    headers: who ? { 'x-test-user': who } : {},
  });
  return { status: res.statusCode, body: res.json<Metrics>() };
};

describe('alignment metrics per workgroup and period', () => {
  it('counts assignments, aligned and blocked ones per workgroup', async () => {
    const { status, body } = await get('ops');
    expect(status).toBe(200);
    expect(body.overall).toMatchObject({ assignments: 3, aligned: 1, blocked: 1 });
    expect(body.rows).toEqual([
      expect.objectContaining({
        WorkgroupId: 'wg-a',
        name: 'Algebra',
        assignments: 2,
        aligned: 1,
        blocked: 1,
      }),
      expect.objectContaining({ WorkgroupId: 'wg-b', name: 'Biology', assignments: 1, blocked: 0 }),
    ]);
  });

  it('a workgroup member sees their workgroup only; others are refused', async () => {
    const { body } = await get('member');
    expect(body.rows.map((r) => r.WorkgroupId)).toEqual(['wg-b']);
    expect((await get('faculty')).status).toBe(403);
    expect((await get()).status).toBe(401);
    expect((await get('ops', '?period=p')).status).toBe(400);
  });
});

describe('alignment metrics for the reports', () => {
  const REPORTS = '/api/reports/alignment/metrics';

  it('a report reader gets every workgroup, though they read no section assignment', async () => {
    expect((await get('reporter')).status).toBe(403);
    const { status, body } = await get('reporter', '', REPORTS);
    expect(status).toBe(200);
    expect(body.overall).toMatchObject({ assignments: 3, aligned: 1, blocked: 1 });
    expect(body.rows.map((r) => [r.name, r.assignments, r.aligned, r.blocked])).toEqual([
      ['Algebra', 2, 1, 1],
      ['Biology', 1, 0, 0],
    ]);
    expect((await get('ops', '?AcademicPeriodId=other', REPORTS)).body.rows).toEqual([]);
  });

  it('refuses whoever may not read reports', async () => {
    expect((await get('member', '', REPORTS)).status).toBe(403);
    expect((await get('faculty', '', REPORTS)).status).toBe(403);
    expect((await get(undefined, '', REPORTS)).status).toBe(401);
    expect((await get('ops', '?period=p', REPORTS)).status).toBe(400);
  });
});

describe('the read API contract', () => {
  it('answers each typed route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual([
      'GET /api/preferenceAlignment/metrics',
      'GET /api/reports/alignment/metrics',
    ]);
  });
});
