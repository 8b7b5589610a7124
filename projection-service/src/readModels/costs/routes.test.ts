import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CostLinesAnswer,
  CostRatesAnswer,
  CostTotalsAnswer,
  academicPeriods,
  instructorCosts,
  instructorRates,
  instructorTypes,
  ranks,
  users,
  workgroups,
  type AbilityContext,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { sectionsProjection } from '../sections/projection.js';
import { costReadRoutes } from './routes.js';

/**
 * The Instructor Cost Matrix's reads: a cost set by hand, else the instructor's own rate, else
 * their type and rank's, else their type's, times the points; a section's uncovered points at its
 * placeholder's rate; totals per workgroup and period; the rate grid; read FinancialData only.
 */
let harness: RouteHarness;
const contexts: Record<string, AbilityContext> = {
  finance: { ...demoContextFor('financialReportingUser'), userId: 'finance' },
  admin: { ...demoContextFor('admin'), userId: 'admin' },
  ops: demoContextFor('academicOpsAdmin'),
  faculty: { ...demoContextFor('faculty'), userId: 'ada' },
};

function stream(streamId: string) {
  let revision = 0n;
  return (type: string, data: unknown): RecordedEvent =>
    recorded(type, data, { streamId, revision: revision++ });
}
const person = (id: string, name: string, InstructorTypeId: string | null, RankId: string | null) =>
  stream(`user-${id}`)('UserCreated', {
    id,
    firstName: name,
    lastName: 'Teacher',
    displayName: `${name} Teacher`,
    email: `${id}@example.edu`,
    username: id,
    isFaculty: true,
    FacultyProfile: { InstructorTypeId, RankId },
  });
const named = (kind: string, id: string, name: string) =>
  stream(`${kind}-${id}`)(`${kind.charAt(0).toUpperCase()}${kind.slice(1)}Created`, {
    id,
    name,
    slug: id,
  });
const section = (id: string, points: number, WorkgroupId = 'bio') => ({
  id,
  CourseOfferingId: 'o-1',
  WorkgroupId,
  name: 'Section',
  sectionNumber: id,
  enrollment: 10,
  defaultPoints: null,
  points,
  notes: null,
  TermMode: null,
  allowOverlap: false,
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
const rate = (id: string, data: Record<string, unknown>) =>
  stream(`instructorRate-${id}`)('InstructorRateCreated', {
    id,
    AcademicPeriodId: 'p-1',
    InstructorTypeId: null,
    RankId: null,
    UserId: null,
    ...data,
  });
const cost = (id: string, data: Record<string, unknown>) =>
  stream(`instructorCost-${id}`)('InstructorCostCreated', {
    id,
    UserId: null,
    InstructorTypeId: null,
    RankId: null,
    amount: null,
    notes: null,
    ...data,
  });

beforeAll(async () => {
  const s = (id: string) => stream(`section-${id}`);
  const s1 = s('s1');
  const s2 = s('s2');
  const s3 = s('s3');
  const s6 = s('s6');
  const s7 = s('s7');
  const events = [
    named('instructorType', 'lecturer', 'Lecturer'),
    named('instructorType', 'adjunct', 'Adjunct'),
    named('rank', 'assistant', 'Assistant'),
    named('rank', 'senior', 'Senior'),
    named('workgroup', 'bio', 'Biology'),
    named('workgroup', 'chem', 'Chemistry'),
    stream('academicPeriod-p-1')('AcademicPeriodCreated', {
      id: 'p-1',
      name: '2026–2027',
      startDate: '2026-08-25',
      endDate: '2027-08-07',
    }),
    person('ada', 'Ada', 'lecturer', 'assistant'),
    person('bob', 'Bob', 'lecturer', null),
    person('cy', 'Cy', 'adjunct', 'senior'),
    person('dee', 'Dee', null, null),
    stream('course-c')('CourseCreated', { id: 'c', courseNumber: 'MATH 101', name: 'Calculus' }),
    stream('courseOffering-o-1')('CourseOfferingCreated', {
      id: 'o-1',
      CourseId: 'c',
      AcademicPeriodId: 'p-1',
    }),
    s1('SectionCreated', section('s1', 3)),
    s1('TeachingAssignmentCreated', assigned('s1', 'a1', 'ada')),
    s2('SectionCreated', section('s2', 4)),
    s2('TeachingAssignmentCreated', assigned('s2', 'a2', 'ada')),
    s2('TeachingAssignmentCreated', assigned('s2', 'a3', 'bob')),
    s3('SectionCreated', section('s3', 3)),
    s3('TeachingAssignmentCreated', assigned('s3', 'a4', 'cy')),
    s('s4')('SectionCreated', section('s4', 3)),
    s('s5')('SectionCreated', section('s5', 3, 'chem')),
    s6('SectionCreated', section('s6', 3, 'chem')),
    s6('TeachingAssignmentCreated', assigned('s6', 'a6', 'dee')),
    // Withdrawn: costs nothing, and its section counts as uncovered.
    s7('SectionCreated', section('s7', 2, 'chem')),
    s7('TeachingAssignmentCreated', assigned('s7', 'a7', 'bob')),
    s7('TeachingAssignmentChanged', {
      SectionId: 's7',
      id: 'a7',
      status: 'withdrawn',
      previousStatus: 'proposed',
    }),
    rate('r1', { InstructorTypeId: 'lecturer', RankId: 'assistant', ratePerPoint: 1000 }),
    rate('r2', { InstructorTypeId: 'lecturer', ratePerPoint: 800 }),
    rate('r3', { InstructorTypeId: 'adjunct', RankId: 'senior', ratePerPoint: 900 }),
    rate('r4', { UserId: 'cy', ratePerPoint: 1200 }),
    cost('k1', { SectionId: 's2', UserId: 'ada', amount: 2500, notes: 'Stipend' }),
    cost('k2', { SectionId: 's4', InstructorTypeId: 'adjunct', RankId: 'senior' }),
    cost('k3', { SectionId: 's7', InstructorTypeId: 'lecturer', amount: 1500 }),
  ];
  harness = await openRouteHarness({
    projections: [
      sectionsProjection,
      ...[users, workgroups, academicPeriods, instructorTypes, ranks].map(resourceProjection),
      resourceProjection(instructorRates),
      resourceProjection(instructorCosts),
    ],
    events,
    viewer: testViewers(contexts, 'p-1'),
    routes: [costReadRoutes],
  });
});

afterAll(() => harness.close());

const get = (url: string, who: string | null = 'finance') =>
  harness.app.inject({ method: 'GET', url, headers: who ? { 'x-test-user': who } : {} });
const lines = async (query = '') => {
  const response = await get(`/api/costs/lines${query}`);
  expect(response.statusCode).toBe(200);
  return CostLinesAnswer.parse(response.json());
};
const brief = (answer: CostLinesAnswer) =>
  answer.rows.map((l) => [
    l.section.id,
    l.instructor?.id ?? l.kind,
    l.points,
    l.ratePerPoint,
    l.cost,
    l.source,
  ]);

describe('instructor cost lines', () => {
  it('prices each assignment and each uncovered section by the rule’s precedence', async () => {
    const answer = await lines();
    expect(answer.period).toEqual({ id: 'p-1', name: '2026–2027' });
    expect(brief(answer)).toEqual([
      // Type and rank rate.
      ['s1', 'ada', 3, 1000, 3000, 'typeRank'],
      // Set by hand beats the rate; Bob has no rank: the type's any-rank rate.
      ['s2', 'ada', 2, null, 2500, 'set'],
      ['s2', 'bob', 2, 800, 1600, 'type'],
      // The instructor's own rate beats the type and rank's.
      ['s3', 'cy', 3, 1200, 3600, 'personal'],
      // A placeholder at its type and rank's rate.
      ['s4', 'placeholder', 3, 900, 2700, 'typeRank'],
      // Nobody and no placeholder: not priced.
      ['s5', 'unstaffed', 3, null, null, 'none'],
      // No instructor type: no rate.
      ['s6', 'dee', 3, null, null, 'none'],
      // A withdrawn assignment leaves the section to its placeholder (a fixed amount).
      ['s7', 'placeholder', 2, null, 1500, 'set'],
    ]);
    expect(answer.total).toEqual({ points: 21, cost: 14900, unpriced: 2 });
    const s2 = answer.rows.find((l) => l.id === 'a2');
    expect(s2?.entry).toEqual({ id: 'k1', revision: 0, amount: 2500, notes: 'Stipend' });
    expect(answer.rows.find((l) => l.section.id === 's4')).toMatchObject({
      instructorType: { id: 'adjunct', name: 'Adjunct' },
      rank: { id: 'senior', name: 'Senior' },
      workgroup: { id: 'bio', name: 'Biology' },
      section: { name: 'MATH 101-s4', title: 'Calculus' },
    });
  });

  it('filters, sorts and pages on the server, totals over all that match', async () => {
    const ids = (a: CostLinesAnswer) => a.rows.map((l) => l.id);
    expect(ids(await lines('?WorkgroupId=chem'))).toEqual(['open-s5', 'a6', 'open-s7']);
    expect(ids(await lines('?kind=placeholder'))).toEqual(['open-s4', 'open-s7']);
    expect(ids(await lines('?source=none'))).toEqual(['open-s5', 'a6']);
    expect(ids(await lines('?q=cy'))).toEqual(['a4']);
    // The section as the page names it.
    expect(ids(await lines('?q=math%20101-s3'))).toEqual(['a4']);
    expect(ids(await lines('?sort=cost&direction=DESC&take=2'))).toEqual(['a4', 'a1']);
    const page = await lines('?take=2&skip=2');
    expect([page.count, ids(page), page.total.cost]).toEqual([8, ['a3', 'a4'], 14900]);
    const past = await lines('?skip=100');
    expect([past.count, past.rows, past.total.cost]).toEqual([8, [], 14900]);
    expect((await lines('?WorkgroupId=chem')).total).toEqual({
      points: 8,
      cost: 1500,
      unpriced: 2,
    });
    expect((await get('/api/costs/lines?sort=salary')).statusCode).toBe(400);
    expect((await lines('?AcademicPeriodId=nope')).period).toBeNull();
  });
});

describe('totals and rates', () => {
  it('totals each workgroup and period, with what nothing prices', async () => {
    const response = await get('/api/costs/totals');
    expect(response.statusCode).toBe(200);
    const totals = CostTotalsAnswer.parse(response.json());
    expect(totals.periods).toEqual([{ id: 'p-1', name: '2026–2027' }]);
    expect(totals.workgroups.map((w) => w.name)).toEqual(['Biology', 'Chemistry']);
    const cell = (w: string) => totals.cells.find((c) => c.WorkgroupId === w);
    expect(cell('bio')).toEqual({
      AcademicPeriodId: 'p-1',
      WorkgroupId: 'bio',
      assigned: 10700,
      placeholders: 2700,
      total: 13400,
      unpriced: 0,
    });
    expect(cell('chem')).toMatchObject({
      assigned: 0,
      placeholders: 1500,
      total: 1500,
      unpriced: 2,
    });
  });

  it('answers the period’s rate grid: types by ranks, and single instructors', async () => {
    const response = await get('/api/costs/rates');
    expect(response.statusCode).toBe(200);
    const grid = CostRatesAnswer.parse(response.json());
    expect(grid.types.map((t) => t.name)).toEqual(['Adjunct', 'Lecturer']);
    expect(grid.ranks.map((r) => r.name)).toEqual(['Assistant', 'Senior']);
    expect(grid.cells).toEqual(
      expect.arrayContaining([
        {
          id: 'r1',
          revision: 0,
          InstructorTypeId: 'lecturer',
          RankId: 'assistant',
          ratePerPoint: 1000,
        },
        { id: 'r2', revision: 0, InstructorTypeId: 'lecturer', RankId: null, ratePerPoint: 800 },
      ]),
    );
    expect(grid.people).toEqual([
      { id: 'r4', revision: 0, instructor: { id: 'cy', name: 'Cy Teacher' }, ratePerPoint: 1200 },
    ]);
  });

  it('is refused to everyone but the financial reporting users, and signed out', async () => {
    for (const url of ['/api/costs/lines', '/api/costs/totals', '/api/costs/rates']) {
      expect((await get(url, 'admin')).statusCode).toBe(403);
      expect((await get(url, 'ops')).statusCode).toBe(403);
      expect((await get(url, 'faculty')).statusCode).toBe(403);
      expect((await get(url, null)).statusCode).toBe(401);
    }
  });

  it('answered every request as its schema says', () => {
    expect(harness.contract.breaches).toEqual([]);
  });
});
