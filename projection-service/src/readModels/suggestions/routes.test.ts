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
import { sectionsProjection } from '../sections/projection.js';
import { suggestionRoutes } from './routes.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let harness: RouteHarness;
let app: FastifyInstance;
let contract: AnswerContract;

const member = (
  WorkgroupId: string,
  permission: number,
  progressStepId: number,
): AbilityContext => ({
  ...demoContextFor('faculty'),
  roles: [] as RoleSlug[],
  workgroupPermissions: [{ id: WorkgroupId, permission }],
  progressStepId,
});
const contexts: Record<string, AbilityContext> = {
  ops: demoContextFor('academicOpsAdmin'),
  scheduler: demoContextFor('sectionScheduler'),
  assigner: member('wg', 2, 6),
  early: member('wg', 2, 5),
  other: member('wg-other', 2, 6),
};

function stream(streamId: string) {
  let revision = 0n;
  return (type: string, data: unknown): RecordedEvent =>
    recorded(type, data, { streamId, revision: revision++ });
}
const person = (id: string, profile: Record<string, unknown> = {}) => ({
  id,
  firstName: id.toUpperCase(),
  lastName: 'Teacher',
  displayName: `${id.toUpperCase()} Teacher`,
  email: `${id}@example.edu`,
  username: id,
  isFaculty: true,
  isActive: true,
  FacultyProfile: profile,
  FinancialData: { pointsRequired: 6 },
});
const meeting = (id: string, startTime: string, endTime: string) => ({
  id,
  days: ['MO', 'WE'],
  startTime,
  endTime,
  startDate: '2026-09-07',
  until: '2026-12-11',
  frequency: 'weekly',
  exceptions: [],
  LocationId: null,
  description: null,
});
const section = (id: string, points: number) => ({
  id,
  CourseOfferingId: 'o-1',
  WorkgroupId: 'wg',
  name: 'Calculus',
  sectionNumber: id,
  enrollment: 10,
  defaultPoints: null,
  points,
  notes: null,
  TermMode: { AcademicTermId: 'fall', TeachingModeId: 'inPerson' },
  allowOverlap: false,
});
const preference = (UserId: string, id: string, level: string) => ({
  UserId,
  AcademicPeriodId: 'p-1',
  id,
  level,
  weight: null,
  CourseId: 'calc',
  AssignmentTypeId: null,
  AcademicTermId: 'fall',
  TeachingModeId: null,
  notes: null,
});

beforeAll(async () => {
  const s1 = stream('section-s1');
  const s2 = stream('section-s2');
  const events = [
    ...['ada', 'bob', 'cy', 'dee', 'fay'].map((u) => stream(`user-${u}`)('UserCreated', person(u))),
    stream('user-eve')('UserCreated', person('eve', { receiveAssignments: false })),
    stream('course-calc')('CourseCreated', {
      id: 'calc',
      courseNumber: 'MATH 101',
      name: 'Calculus',
    }),
    stream('courseOffering-o-1')('CourseOfferingCreated', {
      id: 'o-1',
      CourseId: 'calc',
      AcademicPeriodId: 'p-1',
    }),
    s1('SectionCreated', section('s1', 3)),
    s1('SectionMeetingsSet', {
      id: 's1',
      meetings: [meeting('m1', '10:00', '11:00')],
      overriddenConflicts: [],
      warnings: [],
    }),
    s2('SectionCreated', section('s2', 3)),
    s2('SectionMeetingsSet', {
      id: 's2',
      meetings: [meeting('m2', '10:30', '11:30')],
      overriddenConflicts: [],
      warnings: [],
    }),
    s2('TeachingAssignmentCreated', {
      SectionId: 's2',
      id: 'a-dee',
      UserId: 'dee',
      share: null,
      notes: null,
      status: 'proposed',
      overriddenConflicts: [],
      warnings: [],
    }),
    stream('preferences-ada-p-1')(
      'TeachingPreferenceAdded',
      preference('ada', 'pa', 'stronglyPreferred'),
    ),
    stream('preferences-cy-p-1')('TeachingPreferenceAdded', preference('cy', 'pc', 'prohibited')),
    stream('administrativeAssignment-leave')('AdministrativeAssignmentCreated', {
      id: 'leave',
      UserId: 'fay',
      AcademicPeriodId: 'p-1',
      AdministrativeAssignmentTypeId: 'sabbatical',
      AcademicTermId: 'fall',
      points: 3,
      takesWholeTerm: true,
      notes: null,
    }),
  ];
  harness = await openRouteHarness({
    projections: [
      sectionsProjection,
      preferencesProjection,
      resourceProjection(users),
      resourceProjection(courses),
      resourceProjection(administrativeAssignments),
      resourceProjection(progressSteps),
    ],
    events,
    viewer: testViewers(contexts, 'p-1'),
    routes: [suggestionRoutes],
  });
  ({ app, contract } = harness);
});

afterAll(() => harness.close());

interface Suggestion {
  UserId: string;
  name: string;
  alignment: { score: number; blocked: boolean; reasons: { code: string; message: string }[] };
}
const get = async (url: string, who?: string) => {
  const res = await app.inject({ method: 'GET', url, headers: who ? { 'x-test-user': who } : {} });
  return {
    status: res.statusCode,
    body: res.json<{ suggested: Suggestion[]; blocked: Suggestion[]; candidates: number }>(),
  };
};

describe('suggested assignees of a section', () => {
  it('ranks by alignment and sets apart the blocked with their reasons', async () => {
    const { status, body } = await get('/api/sections/s1/suggestedAssignees', 'ops');
    expect(status).toBe(200);
    // eve does not receive assignments; everyone else is a candidate.
    expect(body.candidates).toBe(5);
    expect(body.suggested.map((s) => s.UserId)).toEqual(['ada', 'bob']);
    expect(body.suggested[0]!.alignment.score).toBeGreaterThan(body.suggested[1]!.alignment.score);
    expect(body.suggested[0]!.name).toBe('ADA Teacher');
    expect(body.suggested[0]!.alignment.reasons.map((r) => r.code)).toContain('coursePreference');
    const blocked = Object.fromEntries(
      body.blocked.map((b) => [b.UserId, b.alignment.reasons.map((r) => r.code)]),
    );
    expect(blocked).toEqual({
      cy: expect.arrayContaining(['prohibited']),
      dee: expect.arrayContaining(['meetingConflict']),
      fay: expect.arrayContaining(['wholeTermLeave']),
    });
  });

  it('is for those who may assign on the section’s workgroup (bit 2 at step 6)', async () => {
    expect((await get('/api/sections/s1/suggestedAssignees', 'assigner')).status).toBe(200);
    expect((await get('/api/sections/s1/suggestedAssignees', 'early')).status).toBe(403);
    expect((await get('/api/sections/s1/suggestedAssignees', 'other')).status).toBe(403);
    expect((await get('/api/sections/s1/suggestedAssignees', 'scheduler')).status).toBe(403);
    expect((await get('/api/sections/s1/suggestedAssignees')).status).toBe(401);
  });

  it('answers 404 for an unknown section and 400 for a bad query', async () => {
    expect((await get('/api/sections/nope/suggestedAssignees', 'ops')).status).toBe(404);
    expect((await get('/api/sections/s1/suggestedAssignees?take=0', 'ops')).status).toBe(400);
    expect((await get('/api/sections/s1/suggestedAssignees?who=me', 'ops')).status).toBe(400);
  });
});

describe('the read API contract', () => {
  it('answers each typed route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked]).toEqual(['GET /api/sections/:id/suggestedAssignees']);
  });
});
