import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  MyEffortAnswer,
  MyTeachingAnswer,
  academicPeriods,
  academicTerms,
  administrativeAssignmentTypes,
  administrativeAssignments,
  effortCategories,
  effortPayPeriods,
  effortPositions,
  progressSteps,
  users,
  type AbilityContext,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { eventLog } from '../../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../../testing/routeHarness.js';
import { resourceProjection } from '../../resources/projection.js';
import { sectionsProjection } from '../../sections/projection.js';
import { effortImportsProjection } from '../imports/projection.js';
import { effortPositionHistoryProjection } from '../timeline/projection.js';
import { myEffortRoutes } from './routes.js';

/**
 * A faculty member's own effort: their positions' effort per pay period, and their teaching per
 * period beside payroll's teaching share — only with both effort flags on, only their own.
 */
let harness: RouteHarness;
const { featureFlags } = demoContextFor('admin');
const both = { ...featureFlags, aemEnabled: true, aemEnabledFaculty: true };
const contexts: Record<string, AbilityContext> = {
  ada: { ...demoContextFor('faculty'), userId: 'ada', featureFlags: both },
  grace: { ...demoContextFor('faculty'), userId: 'grace', featureFlags: both },
  adaFacultyFlagOff: {
    ...demoContextFor('faculty'),
    userId: 'ada',
    featureFlags: { ...both, aemEnabledFaculty: false },
  },
  contributor: {
    ...demoContextFor('effortContributor'),
    userId: 'contributor',
    featureFlags: both,
  },
};

const event = eventLog('mgr');
const line = (n: number, period: string, category: string, percent: number) =>
  event('effortLines-A-0', 'EffortLineImported', {
    importId: 'A',
    line: n,
    UserId: 'ada',
    positionNumber: '00100',
    EffortPositionId: 'pos-ada',
    EffortPayPeriodId: period,
    effortPercent: percent,
    costCenter: null,
    earnCode: null,
    account: null,
    amount: null,
    hours: null,
    EffortCategoryId: category,
    EffortTypeId: null,
    EffortRuleId: null,
  });

beforeAll(async () => {
  harness = await openRouteHarness({
    projections: [
      effortImportsProjection,
      effortPositionHistoryProjection,
      sectionsProjection,
      resourceProjection(users),
      resourceProjection(academicPeriods),
      resourceProjection(academicTerms),
      resourceProjection(administrativeAssignments),
      resourceProjection(administrativeAssignmentTypes),
      resourceProjection(progressSteps),
      resourceProjection(effortPayPeriods),
      resourceProjection(effortCategories),
      resourceProjection(effortPositions),
    ],
    events: [
      ...['ada', 'grace'].map((id) =>
        event(`user-${id}`, 'UserCreated', {
          id,
          firstName: id,
          lastName: 'Instructor',
          displayName: `${id} Instructor`,
          email: `${id}@example.edu`,
          username: id,
          isFaculty: true,
          FinancialData: { pointsRequired: 12 },
        }),
      ),
      event('academicPeriod-p1', 'AcademicPeriodCreated', {
        id: 'p1',
        name: '2026–2027',
        startDate: '2026-07-01',
        endDate: '2027-06-30',
        isSystemActive: true,
      }),
      event('academicPeriod-p0', 'AcademicPeriodCreated', {
        id: 'p0',
        name: '2025–2026',
        startDate: '2025-07-01',
        endDate: '2026-06-30',
        publishedForFaculty: false,
      }),
      ...[
        ['P', '2026-09-01'],
        ['Q', '2026-10-01'],
      ].map(([id, start]) =>
        event(`effortPayPeriod-${String(id)}`, 'EffortPayPeriodCreated', {
          id,
          code: `C${String(id)}`,
          name: `Month ${String(id)}`,
          startDate: start,
          endDate: start,
        }),
      ),
      ...[
        ['instruction', 'teaching'],
        ['research', 'research'],
      ].map(([id, area]) =>
        event(`effortCategory-${String(id)}`, 'EffortCategoryCreated', {
          id,
          name: id,
          code: String(id).slice(0, 3),
          area,
        }),
      ),
      event('effortPosition-pos-ada', 'EffortPositionCreated', {
        id: 'pos-ada',
        positionNumber: '00100',
        UserId: 'ada',
        startDate: '2026-07-01',
        fte: 1,
      }),
      event('effortPosition-pos-grace', 'EffortPositionCreated', {
        id: 'pos-grace',
        positionNumber: '00200',
        UserId: 'grace',
        startDate: '2026-07-01',
        fte: 1,
      }),
      event('effortImport-A', 'EffortImportStarted', {
        id: 'A',
        fileName: 'a.csv',
        size: 1,
        sha256: 'd'.repeat(64),
        mode: 'append',
        EffortPayPeriodId: null,
        rows: 3,
      }),
      line(2, 'P', 'instruction', 60),
      line(3, 'P', 'research', 40),
      line(4, 'Q', 'instruction', 80),
      event('effortImport-A', 'EffortImportFinished', {
        id: 'A',
        status: 'done',
        imported: 3,
        refused: 0,
        positionsCreated: 0,
        notRun: 0,
        problems: [],
        problemCount: 0,
        reason: null,
      }),
    ],
    viewer: testViewers(contexts, 'p1'),
    routes: [myEffortRoutes],
  });
});

afterAll(async () => {
  await harness.close();
});

const get = (url: string, who: string) =>
  harness.app.inject({ method: 'GET', url, headers: { 'x-test-user': who } });

describe('a faculty member’s own effort', () => {
  it('shows their positions’ effort per pay period, and nobody else’s', async () => {
    const mine = MyEffortAnswer.parse((await get('/api/effort/myEffort', 'ada')).json());
    expect(mine.positions.map((p) => p.position.positionNumber)).toEqual(['00100']);
    expect(mine.positions[0]!.periods.map((p) => [p.payPeriod.code, p.effortPercent])).toEqual([
      ['CP', 100],
      ['CQ', 80],
    ]);
    const grace = MyEffortAnswer.parse((await get('/api/effort/myEffort', 'grace')).json());
    expect(grace.positions.map((p) => p.position.positionNumber)).toEqual(['00200']);
    expect(grace.positions[0]!.periods).toEqual([]);
  });

  it('shows their teaching per period shown to faculty, beside payroll’s teaching share', async () => {
    const teaching = MyTeachingAnswer.parse((await get('/api/effort/myTeaching', 'ada')).json());
    // 2025–2026 is neither published to faculty nor active.
    expect(teaching.periods.map((p) => p.period.name)).toEqual(['2026–2027']);
    expect(teaching.periods[0]).toMatchObject({
      payPeriods: 2,
      // (60 + 80) / 2 pay periods
      payrollTeachingPercent: 70,
      workload: { UserId: 'ada', required: 12, teaching: 0 },
    });
  });

  it('is refused without aemEnabledFaculty, to other roles and signed out', async () => {
    for (const url of ['/api/effort/myEffort', '/api/effort/myTeaching']) {
      expect((await get(url, 'adaFacultyFlagOff')).statusCode).toBe(403);
      expect((await get(url, 'contributor')).statusCode).toBe(403);
      expect((await harness.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('answered every request as its schema says', () => {
    expect(harness.contract.breaches).toEqual([]);
  });
});
