import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  academicPeriods,
  academicTerms,
  courseOfferings,
  courses,
  teachingModes,
  workgroups,
  type AbilityContext,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { sectionsProjection } from '../sections/projection.js';
import { offeringOverviewRoutes } from './routes.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let harness: RouteHarness;
let app: FastifyInstance;
let contract: AnswerContract;

const contexts: Record<string, AbilityContext> = {
  admin: demoContextFor('admin'),
  ops: demoContextFor('academicOpsAdmin'),
  faculty: demoContextFor('faculty'),
  scheduler: demoContextFor('sectionScheduler'),
};

function stream(streamId: string) {
  let revision = 0n;
  return (type: string, data: unknown, occurredAt = '2026-11-22T02:00:00.000Z'): RecordedEvent =>
    recorded(type, data, {
      streamId,
      revision: revision++,
      metadata: { actorId: 'user-ops', occurredAt },
    });
}
const section = (id: string, CourseOfferingId: string, sectionNumber: string) => ({
  id,
  CourseOfferingId,
  WorkgroupId: 'wg-math',
  name: 'Section',
  sectionNumber,
  enrollment: 10,
  defaultPoints: 3,
  points: null,
  notes: null,
  TermMode: null,
  allowOverlap: false,
});
const course = (id: string, courseNumber: string, name: string, WorkgroupId: string) =>
  stream(`course-${id}`)('CourseCreated', { id, courseNumber, name, WorkgroupId });
const termMode = (AcademicTermId: string, TeachingModeId: string) => ({
  AcademicTermId,
  TeachingModeId,
});

beforeAll(async () => {
  const offering = (id: string) => stream(`courseOffering-${id}`);
  const oCalc = offering('o-calc');
  const oStats = offering('o-stats');
  const oGone = offering('o-gone');
  const s4 = stream('section-s4');
  const events = [
    stream('workgroup-wg-math')('WorkgroupCreated', { id: 'wg-math', name: 'Mathematics' }),
    stream('workgroup-wg-phys')('WorkgroupCreated', { id: 'wg-phys', name: 'Physics' }),
    stream('academicPeriod-p-26')('AcademicPeriodCreated', {
      id: 'p-26',
      name: '2026–2027',
      startDate: '2026-08-01',
      endDate: '2027-07-31',
    }),
    stream('academicPeriod-p-25')('AcademicPeriodCreated', {
      id: 'p-25',
      name: '2025–2026',
      startDate: '2025-08-01',
      endDate: '2026-07-31',
    }),
    stream('academicTerm-fall')('AcademicTermCreated', {
      id: 'fall',
      name: 'Fall 2026',
      AcademicPeriodId: 'p-26',
      startDate: '2026-09-01',
      endDate: '2026-12-20',
    }),
    stream('academicTerm-spring')('AcademicTermCreated', {
      id: 'spring',
      name: 'Spring 2027',
      AcademicPeriodId: 'p-26',
      startDate: '2027-01-10',
      endDate: '2027-05-20',
    }),
    stream('teachingMode-inperson')('TeachingModeCreated', { id: 'inperson', name: 'In Person' }),
    stream('teachingMode-online')('TeachingModeCreated', { id: 'online', name: 'Online' }),
    course('calc', 'MATH 101', 'Calculus I', 'wg-math'),
    course('stats', 'MATH 210', 'Statistics_Lab 100%', 'wg-math'),
    course('mech', 'PHYS 201', 'mechanics', 'wg-phys'),
    // Term modes as the grid stored them: spring first; the answer puts terms in time order.
    oCalc(
      'CourseOfferingCreated',
      {
        id: 'o-calc',
        CourseId: 'calc',
        AcademicPeriodId: 'p-26',
        termModes: [
          termMode('spring', 'online'),
          termMode('fall', 'online'),
          termMode('fall', 'inperson'),
        ],
      },
      '2026-08-01T10:00:00.000Z',
    ),
    oStats(
      'CourseOfferingCreated',
      { id: 'o-stats', CourseId: 'stats', AcademicPeriodId: 'p-26', termModes: [] },
      '2026-08-02T10:00:00.000Z',
    ),
    offering('o-mech')(
      'CourseOfferingCreated',
      {
        id: 'o-mech',
        CourseId: 'mech',
        AcademicPeriodId: 'p-26',
        termModes: [termMode('fall', 'inperson')],
      },
      '2026-08-03T10:00:00.000Z',
    ),
    offering('o-calc-25')(
      'CourseOfferingCreated',
      { id: 'o-calc-25', CourseId: 'calc', AcademicPeriodId: 'p-25', termModes: [] },
      '2025-08-01T10:00:00.000Z',
    ),
    oGone('CourseOfferingCreated', {
      id: 'o-gone',
      CourseId: 'mech',
      AcademicPeriodId: 'p-25',
      termModes: [],
    }),
    oGone('CourseOfferingDeleted', { id: 'o-gone' }),
    // The statistics offering was changed last.
    oStats('CourseOfferingUpdated', { id: 'o-stats', termModes: [termMode('fall', 'online')] }),
    stream('section-s1')('SectionCreated', section('s1', 'o-calc', '001')),
    stream('section-s2')('SectionCreated', section('s2', 'o-calc', '002')),
    stream('section-s3')('SectionCreated', section('s3', 'o-mech', '001')),
    s4('SectionCreated', section('s4', 'o-calc', '003')),
    s4('SectionDeleted', { id: 's4' }),
    stream('section-s5')('SectionCreated', section('s5', 'o-calc-25', '001')),
  ];
  harness = await openRouteHarness({
    projections: [
      sectionsProjection,
      ...[courseOfferings, courses, workgroups, academicPeriods, academicTerms, teachingModes].map(
        resourceProjection,
      ),
    ],
    events,
    viewer: testViewers(contexts, 'p-26'),
    routes: [offeringOverviewRoutes],
  });
  ({ app, contract } = harness);
  await app.ready();
});

afterAll(() => harness.close());

interface Answer {
  count: number;
  rows: Record<string, unknown>[];
  fields: { field: string }[];
}
async function get(query: string, as: string | null) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/courseOfferingOverview${query ? `?${query}` : ''}`,
    headers: as ? { 'x-test-user': as } : {},
  });
  return { status: response.statusCode, body: response.json<Answer>() };
}
const ids = (answer: { body: Answer }) => answer.body.rows.map((r) => r.id);
const sort = (...items: [string, string][]) => `sort=${encodeURIComponent(JSON.stringify(items))}`;

describe('GET /api/courseOfferingOverview', () => {
  it('answers each live offering with its course, workgroup, period, term modes and live sections', async () => {
    const { status, body } = await get('', 'ops');
    expect(status).toBe(200);
    expect(body.count).toBe(4);
    // By course number, then the period in time; the deleted offering is left out.
    expect(body.rows.map((r) => r.id)).toEqual(['o-calc-25', 'o-calc', 'o-stats', 'o-mech']);
    expect(body.rows[1]).toEqual({
      id: 'o-calc',
      revision: 0,
      CourseId: 'calc',
      courseNumber: 'MATH 101',
      courseName: 'Calculus I',
      WorkgroupId: 'wg-math',
      workgroupName: 'Mathematics',
      AcademicPeriodId: 'p-26',
      periodName: '2026–2027',
      termModes: [
        {
          AcademicTermId: 'fall',
          TeachingModeId: 'inperson',
          termName: 'Fall 2026',
          teachingModeName: 'In Person',
        },
        {
          AcademicTermId: 'fall',
          TeachingModeId: 'online',
          termName: 'Fall 2026',
          teachingModeName: 'Online',
        },
        {
          AcademicTermId: 'spring',
          TeachingModeId: 'online',
          termName: 'Spring 2027',
          teachingModeName: 'Online',
        },
      ],
      // s4 was deleted.
      sectionCount: 2,
      createdAt: '2026-08-01T10:00:00.000Z',
      updatedAt: '2026-08-01T10:00:00.000Z',
    });
    expect(body.rows.map((r) => r.sectionCount)).toEqual([1, 2, 0, 1]);
    expect(body.rows[2]).toMatchObject({ revision: 1, termModes: [{ termName: 'Fall 2026' }] });
  });

  it('admin reads the list as well (read without manage)', async () => {
    expect((await get('', 'admin')).body.count).toBe(4);
  });

  it('pages on the server, the count being the whole list’s', async () => {
    const first = await get('take=2', 'ops');
    expect([first.body.count, ids(first)]).toEqual([4, ['o-calc-25', 'o-calc']]);
    const second = await get('take=2&skip=2', 'ops');
    expect([second.body.count, ids(second)]).toEqual([4, ['o-stats', 'o-mech']]);
    const beyond = await get('take=2&skip=10', 'ops');
    expect([beyond.body.count, ids(beyond)]).toEqual([4, []]);
  });

  it('sorts by course name, period, sections and last change, either way, ties by course and period, then id', async () => {
    // Ties are read by course number, then period.
    expect(ids(await get(sort(['courseName', 'ASC']), 'ops'))).toEqual([
      'o-calc-25',
      'o-calc',
      'o-mech',
      'o-stats',
    ]);
    expect(ids(await get(sort(['courseNumber', 'DESC']), 'ops'))).toEqual([
      'o-mech',
      'o-stats',
      'o-calc-25',
      'o-calc',
    ]);
    expect(ids(await get(sort(['period', 'DESC'], ['courseNumber', 'ASC']), 'ops'))).toEqual([
      'o-calc',
      'o-stats',
      'o-mech',
      'o-calc-25',
    ]);
    expect(ids(await get(sort(['sections', 'DESC']), 'ops'))).toEqual([
      'o-calc',
      'o-calc-25',
      'o-mech',
      'o-stats',
    ]);
    expect(ids(await get(sort(['sections', 'ASC']), 'ops'))).toEqual([
      'o-stats',
      'o-calc-25',
      'o-mech',
      'o-calc',
    ]);
    // The update was recorded at the default time, after every create.
    expect(ids(await get(sort(['updatedAt', 'DESC']), 'ops'))[0]).toBe('o-stats');
    expect(ids(await get(sort(['updatedAt', 'ASC']), 'ops'))[0]).toBe('o-calc-25');
  });

  it('filters by period, by the course’s workgroup and by course number or name', async () => {
    expect(ids(await get('AcademicPeriodId=p-25', 'ops'))).toEqual(['o-calc-25']);
    const current = await get('AcademicPeriodId=p-26', 'ops');
    expect(ids(current)).toEqual(['o-calc', 'o-stats', 'o-mech']);
    expect(current.body.rows.map((r) => r.sectionCount)).toEqual([2, 0, 1]);
    expect(ids(await get('WorkgroupId=wg-phys', 'ops'))).toEqual(['o-mech']);
    expect(ids(await get('WorkgroupId=wg-math&AcademicPeriodId=p-25', 'ops'))).toEqual([
      'o-calc-25',
    ]);
    expect(ids(await get('q=MECH', 'ops'))).toEqual(['o-mech']);
    expect(ids(await get('q=math%202', 'ops'))).toEqual(['o-stats']);
    // `%` and `_` match themselves, not any text.
    expect(ids(await get(`q=${encodeURIComponent('100%')}`, 'ops'))).toEqual(['o-stats']);
    expect(ids(await get(`q=${encodeURIComponent('s_l')}`, 'ops'))).toEqual(['o-stats']);
    expect(ids(await get(`q=${encodeURIComponent('%')}`, 'ops'))).toEqual(['o-stats']);
    expect(ids(await get(`q=${encodeURIComponent('c_l')}`, 'ops'))).toEqual([]);
    const none = await get('q=chemistry', 'ops');
    expect([none.body.count, ids(none)]).toEqual([0, []]);
  });

  it('answers 400 naming an unknown key or a bad value', async () => {
    const bad = await get('take=0&sort=x&color=red&CourseId=calc', 'ops');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f) => f.field).sort()).toEqual([
      'CourseId',
      'color',
      'sort',
      'take',
    ]);
    for (const query of [
      'take=1001',
      'take=two',
      'skip=-1',
      sort(['CourseId', 'ASC']),
      sort(['courseName', 'UP']),
      sort(['period', 'ASC'], ['period', 'DESC']),
      'AcademicPeriodId=',
      `WorkgroupId=${'x'.repeat(101)}`,
      `q=${'x'.repeat(201)}`,
    ]) {
      expect([query, (await get(query, 'ops')).status]).toEqual([query, 400]);
    }
  });

  it('refuses roles without read on CourseOffering (403) and a caller without a session (401)', async () => {
    expect((await get('', 'faculty')).status).toBe(403);
    expect((await get('', 'scheduler')).status).toBe(403);
    expect((await get('', null)).status).toBe(401);
    // Refused before the query is read.
    expect((await get('color=red', 'faculty')).status).toBe(403);
  });
});

describe('the read API contract', () => {
  it('answers each typed route as its schema in shared-events says', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual(['GET /api/courseOfferingOverview']);
  });
});
