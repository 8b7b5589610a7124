import type { FastifyInstance } from 'fastify';
import {
  administrativeAssignments,
  courses,
  defineAbilityFor,
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
import { readableWorkgroups } from '../../http/viewer.js';
import { sectionReadRoutes } from './routes.js';
import { sectionsProjection } from './projection.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let harness: RouteHarness;
let app: FastifyInstance;
let contract: AnswerContract;

const contexts: Record<string, AbilityContext> = {
  ops: demoContextFor('academicOpsAdmin'),
  approver: demoContextFor('academicAffairsApprover'),
  scheduler: demoContextFor('sectionScheduler'),
  faculty: demoContextFor('faculty'),
  reporting: demoContextFor('reportingUser'),
  member: {
    ...demoContextFor('faculty'),
    roles: [] as RoleSlug[],
    workgroupPermissions: [{ id: 'wg-math', permission: 0 }],
  },
};

function stream(streamId: string) {
  let revision = 0n;
  return (type: string, data: unknown): RecordedEvent =>
    recorded(type, data, { streamId, revision: revision++ });
}
const section = (
  id: string,
  WorkgroupId: string,
  sectionNumber: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  CourseOfferingId: 'o-calc',
  WorkgroupId,
  name: 'Section',
  sectionNumber,
  enrollment: 10,
  defaultPoints: 3,
  points: null,
  notes: null,
  TermMode: null,
  allowOverlap: false,
  ...extra,
});
const assigned = (SectionId: string, id: string, UserId: string, share: number | null = null) => ({
  SectionId,
  id,
  UserId,
  share,
  notes: null,
  status: 'proposed',
  overriddenConflicts: [],
  warnings: [],
});
const user = (id: string, firstName: string, lastName: string, isFaculty = true) => ({
  id,
  firstName,
  lastName,
  displayName: `${firstName} ${lastName}`,
  email: `${id}@example.edu`,
  username: id,
  isFaculty,
  isActive: true,
});

beforeAll(async () => {
  const calc = stream('course-calc');
  const mech = stream('course-mech');
  const oCalc = stream('courseOffering-o-calc');
  const oMech = stream('courseOffering-o-mech');
  const math = stream('section-math-1');
  const math2 = stream('section-math-2');
  const physics = stream('section-physics-1');
  const events = [
    stream('user-ada')('UserCreated', user('ada', 'Ada', 'Lovelace')),
    stream('user-bob')('UserCreated', user('bob', 'Bob', 'Babbage')),
    stream('user-sam')('UserCreated', user('sam', 'Sam', 'Staff', false)),
    calc('CourseCreated', { id: 'calc', courseNumber: 'MATH 101', name: 'Calculus I' }),
    stream('preferences-ada-p-2026')('TeachingPreferenceAdded', {
      UserId: 'ada',
      AcademicPeriodId: 'p-2026',
      id: 'pref-1',
      level: 'stronglyPreferred',
      weight: null,
      CourseId: 'calc',
      AssignmentTypeId: null,
      AcademicTermId: null,
      TeachingModeId: null,
      notes: null,
    }),
    mech('CourseCreated', {
      id: 'mech',
      courseNumber: 'PHYS 201',
      name: 'Mechanics',
      sectionCreditHours: 4,
    }),
    oCalc('CourseOfferingCreated', { id: 'o-calc', CourseId: 'calc', AcademicPeriodId: 'p-2026' }),
    oMech('CourseOfferingCreated', { id: 'o-mech', CourseId: 'mech', AcademicPeriodId: 'p-2025' }),
    math('SectionCreated', section('math-1', 'wg-math', '001', { enrollment: 40 })),
    math('TeachingAssignmentCreated', assigned('math-1', 'a1', 'ada')),
    math2(
      'SectionCreated',
      section('math-2', 'wg-math', '002', {
        name: 'Honors',
        TermMode: { AcademicTermId: 't-fall', TeachingModeId: 'm-online' },
      }),
    ),
    math2('TeachingAssignmentCreated', assigned('math-2', 'a2', 'bob', 50)),
    physics(
      'SectionCreated',
      section('physics-1', 'wg-physics', '001', {
        CourseOfferingId: 'o-mech',
        defaultPoints: null,
        enrollment: 5,
      }),
    ),
  ];
  harness = await openRouteHarness({
    // The assignments list computes each one's alignment from preferences, people and records.
    projections: [
      sectionsProjection,
      preferencesProjection,
      ...[users, courses, administrativeAssignments, progressSteps].map(resourceProjection),
    ],
    events,
    viewer: testViewers(contexts, null),
    routes: [sectionReadRoutes],
  });
  ({ app, contract } = harness);
  await app.ready();
});

afterAll(() => harness.close());

async function get(url: string, as: string | null) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: as ? { 'x-test-user': as } : {},
  });
  return { status: response.statusCode, body: response.json<Answer>() };
}
const ids = (answer: { body: Answer }) => answer.body.rows.map((r) => r.id);
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

interface Answer {
  count: number;
  rows: Record<string, unknown>[];
  fields: { field: string }[];
}

describe('GET /api/sections', () => {
  it('lists sections with their course, instructors’ names and coverage, by course then number', async () => {
    const { status, body } = await get('/api/sections', 'ops');
    expect(status).toBe(200);
    expect(body.count).toBe(3);
    expect(body.rows.map((r) => [r.courseNumber, r.sectionNumber])).toEqual([
      ['MATH 101', '001'],
      ['MATH 101', '002'],
      ['PHYS 201', '001'],
    ]);
    expect(body.rows[0]).toMatchObject({
      id: 'math-1',
      revision: 1,
      WorkgroupId: 'wg-math',
      CourseId: 'calc',
      AcademicPeriodId: 'p-2026',
      courseName: 'Calculus I',
      meetings: [],
      assignments: [
        { id: 'a1', UserId: 'ada', status: 'proposed', instructorName: 'Ada Lovelace' },
      ],
      coverage: { status: 'covered', variance: 0 },
      sectionPoints: 3,
    });
    // No points of its own: the course's credit hours count (DOMAIN.md).
    expect(body.rows[2]).toMatchObject({
      sectionPoints: 4,
      coverage: { status: 'uncovered', variance: -4 },
    });
  });

  it('answers each listed section exactly as its own GET does (the list builds rows in SQL)', async () => {
    const { body } = await get('/api/sections', 'ops');
    expect(body.rows.length).toBe(3);
    for (const row of body.rows) {
      const one = await get(`/api/sections/${String(row.id)}`, 'ops');
      expect(row).toEqual(one.body);
    }
  });

  it('filters by workgroup, offering, period, coverage, instructor and search text', async () => {
    expect(ids(await get('/api/sections?WorkgroupId=wg-physics&take=1', 'ops'))).toEqual([
      'physics-1',
    ]);
    expect(ids(await get('/api/sections?CourseOfferingId=o-calc', 'ops'))).toEqual([
      'math-1',
      'math-2',
    ]);
    expect(ids(await get('/api/sections?AcademicPeriodId=p-2025', 'ops'))).toEqual(['physics-1']);
    expect(ids(await get('/api/sections?coverageStatus=partial,uncovered', 'ops'))).toEqual([
      'math-2',
      'physics-1',
    ]);
    expect(ids(await get('/api/sections?UserId=bob', 'ops'))).toEqual(['math-2']);
    expect(ids(await get('/api/sections?q=mechan', 'ops'))).toEqual(['physics-1']);
    expect(ids(await get('/api/sections?q=honors', 'ops'))).toEqual(['math-2']);
    expect(ids(await get('/api/sections?q=math%20101', 'ops'))).toEqual(['math-1', 'math-2']);
    // % and _ match themselves.
    expect((await get('/api/sections?q=%25', 'ops')).body.count).toBe(0);
  });

  it('sorts by any listed field, either way, and pages', async () => {
    const sorted = (sort: unknown) => get(`/api/sections?sort=${q(sort)}`, 'ops').then(ids);
    expect(await sorted([['enrollment', 'DESC']])).toEqual(['math-1', 'math-2', 'physics-1']);
    expect(await sorted([['enrollment', 'ASC']])).toEqual(['physics-1', 'math-2', 'math-1']);
    expect(await sorted([['coverageStatus', 'ASC']])).toEqual(['physics-1', 'math-2', 'math-1']);
    expect(await sorted([['points', 'DESC']])).toEqual(['physics-1', 'math-1', 'math-2']);
    expect(
      await sorted([
        ['sectionNumber', 'DESC'],
        ['courseNumber', 'DESC'],
      ]),
    ).toEqual(['math-2', 'physics-1', 'math-1']);
    expect(await sorted([['name', 'ASC']])).toEqual(['math-2', 'math-1', 'physics-1']);
    const page = await get(`/api/sections?take=1&skip=1`, 'ops');
    expect(page.body.count).toBe(3);
    expect(ids(page)).toEqual(['math-2']);
    // A page past the end still tells how many there are.
    const beyond = await get(`/api/sections?take=2&skip=4`, 'ops');
    expect(beyond.body.count).toBe(3);
    expect(ids(beyond)).toEqual([]);
  });

  it('shows workgroup members only their workgroups’ sections', async () => {
    expect(ids(await get('/api/sections', 'member'))).toEqual(['math-1', 'math-2']);
    expect(ids(await get('/api/sections?WorkgroupId=wg-physics', 'member'))).toEqual([]);
    expect((await get('/api/sections/math-1', 'member')).status).toBe(200);
    expect((await get('/api/sections/physics-1', 'member')).status).toBe(403);
  });

  it('refuses faculty and reporting users (403), no session (401), a bad query (400); an unknown id is 404', async () => {
    expect((await get('/api/sections', 'faculty')).status).toBe(403);
    expect((await get('/api/sections', 'reporting')).status).toBe(403);
    expect((await get('/api/sections/math-1', 'faculty')).status).toBe(403);
    expect((await get('/api/sections', null)).status).toBe(401);
    const bad = await get('/api/sections?take=0&sort=x&color=red', 'ops');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f) => f.field).sort()).toEqual(['', 'sort', 'take']);
    for (const query of [
      `sort=${q([['state', 'ASC']])}`,
      `sort=${q([['name', 'UP']])}`,
      `sort=${q([
        ['name', 'ASC'],
        ['name', 'DESC'],
      ])}`,
      'coverageStatus=fine',
      `q=${'x'.repeat(201)}`,
      'skip=-1',
    ]) {
      expect([query, (await get(`/api/sections?${query}`, 'ops')).status]).toEqual([query, 400]);
    }
    expect((await get('/api/sections/nope', 'ops')).status).toBe(404);
  });

  it('answers the scheduler and the approver, who read every section', async () => {
    expect((await get('/api/sections', 'scheduler')).body.count).toBe(3);
    expect((await get('/api/sections/physics-1', 'approver')).status).toBe(200);
  });
});

describe('GET /api/sectionAssignments', () => {
  it('lists assignments with their section, course and instructor, filtered by user', async () => {
    const { status, body } = await get('/api/sectionAssignments?UserId=ada', 'approver');
    expect(status).toBe(200);
    expect(body.count).toBe(1);
    expect(body.rows[0]).toMatchObject({
      id: 'a1',
      SectionId: 'math-1',
      WorkgroupId: 'wg-math',
      UserId: 'ada',
      instructorName: 'Ada Lovelace',
      status: 'proposed',
      share: null,
      sharePercent: 100,
      points: 3,
      notes: null,
      CourseOfferingId: 'o-calc',
      AcademicPeriodId: 'p-2026',
      courseNumber: 'MATH 101',
      courseName: 'Calculus I',
      sectionNumber: '001',
      sectionName: 'Section',
      sectionRevision: 1,
    });
    // Ada strongly prefers Calculus: the alignment says so, with its reasons.
    expect(body.rows[0]!.preferenceAlignment).toMatchObject({
      blocked: false,
      score: expect.any(Number),
      reasons: expect.arrayContaining([expect.objectContaining({ code: 'coursePreference' })]),
    });
  });

  it("names each assignment's term, so rows of the same course and number can be told apart", async () => {
    const { body } = await get('/api/sectionAssignments', 'ops');
    expect(body.rows.map((r) => [r.id, r.AcademicTermId])).toEqual([
      ['a1', null],
      ['a2', 't-fall'],
    ]);
  });

  it('filters, searches and sorts', async () => {
    expect(ids(await get('/api/sectionAssignments', 'ops'))).toEqual(['a1', 'a2']);
    expect(ids(await get('/api/sectionAssignments?q=babb', 'ops'))).toEqual(['a2']);
    expect(ids(await get('/api/sectionAssignments?SectionId=math-2', 'ops'))).toEqual(['a2']);
    expect(ids(await get('/api/sectionAssignments?AcademicPeriodId=p-2025', 'ops'))).toEqual([]);
    expect(ids(await get('/api/sectionAssignments?status=approved', 'ops'))).toEqual([]);
    const sort = q([['instructor', 'ASC']]);
    expect(ids(await get(`/api/sectionAssignments?sort=${sort}`, 'ops'))).toEqual(['a1', 'a2']);
    const bySharePoints = q([['points', 'ASC']]);
    expect(ids(await get(`/api/sectionAssignments?sort=${bySharePoints}`, 'ops'))).toEqual([
      'a2',
      'a1',
    ]);
  });

  it('shows workgroup members their workgroups’ assignments only; refuses others', async () => {
    expect(ids(await get('/api/sectionAssignments', 'member'))).toEqual(['a1', 'a2']);
    expect((await get('/api/sectionAssignments', 'faculty')).status).toBe(403);
    expect((await get('/api/sectionAssignments', 'scheduler')).status).toBe(403);
    expect((await get('/api/sectionAssignments', null)).status).toBe(401);
    expect((await get('/api/sectionAssignments?status=gone', 'ops')).status).toBe(400);
    expect((await get('/api/sectionAssignments?Section=x', 'ops')).status).toBe(400);
  });
});

describe('GET /api/sectionInstructors', () => {
  it('lists active faculty by last name for those who read sections', async () => {
    const { status, body } = await get('/api/sectionInstructors', 'scheduler');
    expect(status).toBe(200);
    expect(body.rows).toEqual([
      { id: 'bob', displayName: 'Bob Babbage', isFaculty: true, isActive: true },
      { id: 'ada', displayName: 'Ada Lovelace', isFaculty: true, isActive: true },
    ]);
    expect(ids(await get('/api/sectionInstructors?facultyOnly=false&q=sta', 'ops'))).toEqual([
      'sam',
    ]);
    expect((await get('/api/sectionInstructors', 'faculty')).status).toBe(403);
    expect((await get('/api/sectionInstructors', null)).status).toBe(401);
    expect((await get('/api/sectionInstructors?facultyOnly=maybe', 'ops')).status).toBe(400);
  });
});

describe('readableWorkgroups', () => {
  it('is null for roles that read every section, else the member’s workgroups', () => {
    expect(readableWorkgroups(defineAbilityFor(contexts.ops as AbilityContext))).toBeNull();
    expect(readableWorkgroups(defineAbilityFor(contexts.member as AbilityContext))).toEqual([
      'wg-math',
    ]);
  });
});

describe('the read API contract', () => {
  it('answers each typed route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual([
      'GET /api/sectionAssignments',
      'GET /api/sectionInstructors',
      'GET /api/sections',
      'GET /api/sections/:id',
    ]);
  });
});
