import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  EffortOverviewAnswer,
  academicPeriods,
  academicTerms,
  administrativeAssignmentTypes,
  administrativeAssignments,
  costCenterDescriptions,
  effortCategories,
  effortPayPeriods,
  effortPositions,
  progressSteps,
  users,
  workgroups,
  type AbilityContext,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { eventLog } from '../../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../../testing/routeHarness.js';
import { resourceProjection } from '../../resources/projection.js';
import { sectionsProjection } from '../../sections/projection.js';
import { effortImportsProjection } from '../imports/projection.js';
import { effortOverviewRoutes } from './routes.js';

/**
 * Effort Management's overview: per instructor of a period, planned points beside payroll's
 * effort per area, gaps and overlaps flagged, totals per workgroup; filtered, sorted and paged
 * on the server; read with Effort only.
 */
let harness: RouteHarness;
const { featureFlags } = demoContextFor('admin');
const aemOn = { ...featureFlags, aemEnabled: true };
const contexts: Record<string, AbilityContext> = {
  manager: { ...demoContextFor('effortManager'), userId: 'manager', featureFlags: aemOn },
  managerFlagOff: { ...demoContextFor('effortManager'), userId: 'managerFlagOff' },
  faculty: { ...demoContextFor('faculty'), userId: 'ada', featureFlags: aemOn },
};

const event = eventLog('manager');
const line = (n: number, user: string, period: string, category: string, percent: number) =>
  event('effortLines-A-0', 'EffortLineImported', {
    importId: 'A',
    line: n,
    UserId: user,
    positionNumber: `N-${user}`,
    EffortPositionId: `pos-${user}`,
    EffortPayPeriodId: period,
    effortPercent: percent,
    costCenter: null,
    earnCode: null,
    account: null,
    amount: percent * 10,
    hours: null,
    EffortCategoryId: category,
    EffortTypeId: null,
    EffortRuleId: null,
  });

beforeAll(async () => {
  harness = await openRouteHarness({
    projections: [
      effortImportsProjection,
      sectionsProjection,
      resourceProjection(users),
      resourceProjection(workgroups),
      resourceProjection(academicPeriods),
      resourceProjection(academicTerms),
      resourceProjection(administrativeAssignments),
      resourceProjection(administrativeAssignmentTypes),
      resourceProjection(progressSteps),
      resourceProjection(effortPayPeriods),
      resourceProjection(effortCategories),
      resourceProjection(effortPositions),
      resourceProjection(costCenterDescriptions),
    ],
    events: [
      ...[
        ['ada', 'Ada Lovelace'],
        ['grace', 'Grace Hopper'],
        ['linus', 'Linus Pauling'],
      ].map(([id, displayName]) =>
        event(`user-${String(id)}`, 'UserCreated', {
          id,
          firstName: String(displayName).split(' ')[0],
          lastName: String(displayName).split(' ')[1],
          displayName,
          email: `${String(id)}@example.edu`,
          username: id,
          isFaculty: true,
          FinancialData: { pointsRequired: 12 },
        }),
      ),
      event('workgroup-bio', 'WorkgroupCreated', { id: 'bio', name: 'Biology' }),
      event('academicPeriod-p1', 'AcademicPeriodCreated', {
        id: 'p1',
        name: '2026–2027',
        startDate: '2026-08-25',
        endDate: '2027-08-07',
      }),
      ...[
        ['S', '2026-09-01'],
        ['O', '2026-10-01'],
        ['J', '2026-07-01'],
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
      event('costCenterDescription-cc', 'CostCenterDescriptionCreated', {
        id: 'cc',
        code: '10-4410',
        description: 'Biology, instruction',
        WorkgroupId: 'bio',
      }),
      event('effortPosition-pos-ada', 'EffortPositionCreated', {
        id: 'pos-ada',
        positionNumber: 'N-ada',
        UserId: 'ada',
        startDate: '2026-07-01',
        fte: 1,
        costCenter: '10-4410',
      }),
      event('administrativeAssignmentType-chair', 'AdministrativeAssignmentTypeCreated', {
        id: 'chair',
        name: 'Chair',
        slug: 'chair',
      }),
      event('administrativeAssignment-aa1', 'AdministrativeAssignmentCreated', {
        id: 'aa1',
        UserId: 'linus',
        AcademicPeriodId: 'p1',
        AdministrativeAssignmentTypeId: 'chair',
        points: 3,
      }),
      event('effortImport-A', 'EffortImportStarted', {
        id: 'A',
        fileName: 'a.csv',
        size: 1,
        sha256: 'e'.repeat(64),
        mode: 'append',
        EffortPayPeriodId: null,
        rows: 6,
      }),
      line(2, 'ada', 'S', 'instruction', 60),
      line(3, 'ada', 'S', 'research', 40),
      line(4, 'ada', 'O', 'instruction', 100),
      line(5, 'grace', 'S', 'instruction', 70),
      line(6, 'grace', 'S', 'research', 50),
      // July is before the period: not counted in it.
      line(7, 'grace', 'J', 'instruction', 100),
      event('effortImport-A', 'EffortImportFinished', {
        id: 'A',
        status: 'done',
        imported: 6,
        refused: 0,
        positionsCreated: 0,
        notRun: 0,
        problems: [],
        problemCount: 0,
        reason: null,
      }),
    ],
    viewer: testViewers(contexts, 'p1'),
    routes: [effortOverviewRoutes],
  });
});

afterAll(async () => {
  await harness.close();
});

const get = (url: string, who = 'manager') =>
  harness.app.inject({ method: 'GET', url, headers: { 'x-test-user': who } });
const overview = async (query = '') => {
  const response = await get(`/api/effort/overview${query}`);
  expect(response.statusCode).toBe(200);
  return EffortOverviewAnswer.parse(response.json());
};

describe('the effort overview', () => {
  it('puts each instructor’s planned points beside payroll’s effort per area, flagged', async () => {
    const answer = await overview();
    expect(answer.period).toEqual({ id: 'p1', name: '2026–2027' });
    expect(answer.count).toBe(3);
    const byName = Object.fromEntries(answer.rows.map((r) => [r.instructor.name, r]));
    expect(byName['Ada Lovelace']).toMatchObject({
      workgroup: { id: 'bio', name: 'Biology' },
      payroll: { payPeriods: 2, expectedPayPeriods: 2, amount: 2000 },
      flags: [{ flag: 'paidNotPlanned', words: 'Teaching on payroll, none planned' }],
    });
    expect(byName['Ada Lovelace']!.payroll.byArea).toMatchObject({ teaching: 80, research: 20 });
    expect(byName['Grace Hopper']!.flags).toEqual([
      { flag: 'overPaid', words: 'Paid above full time in 1 pay period' },
      { flag: 'missingPayroll', words: '1 of 2 pay periods without payroll' },
      { flag: 'paidNotPlanned', words: 'Teaching on payroll, none planned' },
    ]);
    expect(byName['Linus Pauling']).toMatchObject({
      workgroup: null,
      planned: { required: 12, teaching: 0, administrative: 3 },
      payroll: { payPeriods: 0 },
      flags: [],
    });
    expect(
      answer.workgroups.map((w) => [w.workgroup?.name ?? null, w.instructors, w.flagged]),
    ).toEqual([
      ['Biology', 1, 1],
      [null, 2, 1],
    ]);
  });

  it('filters, sorts and pages on the server', async () => {
    const names = (a: EffortOverviewAnswer) => a.rows.map((r) => r.instructor.name);
    expect(names(await overview('?flag=overPaid'))).toEqual(['Grace Hopper']);
    expect(names(await overview('?flag=any'))).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(names(await overview('?WorkgroupId=bio'))).toEqual(['Ada Lovelace']);
    expect(names(await overview('?q=lin'))).toEqual(['Linus Pauling']);
    expect(names(await overview('?sort=amount&direction=DESC'))).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Linus Pauling',
    ]);
    const page = await overview('?take=1&skip=1');
    expect([page.count, names(page)]).toEqual([3, ['Grace Hopper']]);
    expect((await get('/api/effort/overview?sort=shoeSize')).statusCode).toBe(400);
    expect((await overview('?AcademicPeriodId=nope')).period).toBeNull();
  });

  it('is refused without read on Effort, with the flag off and signed out', async () => {
    expect((await get('/api/effort/overview', 'faculty')).statusCode).toBe(403);
    expect((await get('/api/effort/overview', 'managerFlagOff')).statusCode).toBe(403);
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/effort/overview' })).statusCode,
    ).toBe(401);
  });

  it('answered every request as its schema says', () => {
    expect(harness.contract.breaches).toEqual([]);
  });
});
