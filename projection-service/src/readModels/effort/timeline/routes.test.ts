import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  EffortTimelineAnswer,
  effortCategories,
  effortPayPeriods,
  effortPositions,
  users,
  type AbilityContext,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { eventLog } from '../../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../../testing/routeHarness.js';
import { resourceProjection } from '../../resources/projection.js';
import { effortImportsProjection } from '../imports/projection.js';
import { effortPositionHistoryProjection } from './projection.js';
import { effortTimelineRoutes } from './routes.js';

/**
 * A position's effort timeline from its events: its payroll effort per pay period and category,
 * its own changes and the imports that brought or took back its lines, in words, by whom and
 * when — now and as of earlier instants — and who may read it (their own, for faculty).
 */
let harness: RouteHarness;
const { featureFlags } = demoContextFor('admin');
const aemOn = { ...featureFlags, aemEnabled: true };
const contexts: Record<string, AbilityContext> = {
  contributor: {
    ...demoContextFor('effortContributor'),
    userId: 'contributor',
    featureFlags: aemOn,
  },
  ada: { ...demoContextFor('faculty'), userId: 'ada', featureFlags: aemOn },
  grace: { ...demoContextFor('faculty'), userId: 'grace', featureFlags: aemOn },
  reporting: { ...demoContextFor('reportingUser'), userId: 'reporting', featureFlags: aemOn },
  contributorFlagOff: { ...demoContextFor('effortContributor'), userId: 'contributorFlagOff' },
};

const at = (hhmm: string) => new Date(`2026-11-27T${hhmm}:00.000Z`);
const log = eventLog('mgr');
const event = (hhmm: string, streamId: string, type: string, data: unknown) =>
  log(streamId, type, data, at(hhmm));
const person = (id: string, displayName: string) =>
  event('08:00', `user-${id}`, 'UserCreated', {
    id,
    firstName: displayName.split(' ')[0],
    lastName: displayName.split(' ')[1],
    displayName,
    email: `${id}@example.edu`,
    username: id,
  });
const start = (hhmm: string, id: string, mode: string, period: string | null) =>
  event(hhmm, `effortImport-${id}`, 'EffortImportStarted', {
    id,
    fileName: `${id}.csv`,
    size: 10,
    sha256: 'c'.repeat(64),
    mode,
    EffortPayPeriodId: period,
    rows: 3,
  });
const line = (
  hhmm: string,
  importId: string,
  n: number,
  period: string,
  category: string,
  percent: number,
) =>
  event(hhmm, `effortLines-${importId}-0`, 'EffortLineImported', {
    importId,
    line: n,
    UserId: 'ada',
    positionNumber: '00100',
    EffortPositionId: 'pos-ada',
    EffortPayPeriodId: period,
    effortPercent: percent,
    costCenter: '10-4410',
    earnCode: 'REG',
    account: null,
    amount: percent * 10,
    hours: null,
    EffortCategoryId: category,
    EffortTypeId: null,
    EffortRuleId: null,
  });
const finish = (hhmm: string, id: string, imported: number) =>
  event(hhmm, `effortImport-${id}`, 'EffortImportFinished', {
    id,
    status: 'done',
    imported,
    refused: 0,
    positionsCreated: 0,
    notRun: 0,
    problems: [],
    problemCount: 0,
    reason: null,
  });

beforeAll(async () => {
  harness = await openRouteHarness({
    projections: [
      effortImportsProjection,
      effortPositionHistoryProjection,
      resourceProjection(users),
      resourceProjection(effortPayPeriods),
      resourceProjection(effortCategories),
      resourceProjection(effortPositions),
    ],
    events: [
      person('mgr', 'Erin Effort'),
      person('ada', 'Ada Lovelace'),
      ...[
        ['P', '2026-09', '2026-09-01', '2026-09-30'],
        ['Q', '2026-10', '2026-10-01', '2026-10-31'],
      ].map(([id, code, startDate, endDate]) =>
        event('08:00', `effortPayPeriod-${id}`, 'EffortPayPeriodCreated', {
          id,
          code,
          name: `Month ${code}`,
          startDate,
          endDate,
        }),
      ),
      ...[
        ['instruction', 'Instruction', 'teaching'],
        ['research', 'Research', 'research'],
      ].map(([id, name, area]) =>
        event('08:00', `effortCategory-${id}`, 'EffortCategoryCreated', {
          id,
          name,
          code: String(id).slice(0, 3),
          area,
        }),
      ),
      event('09:01', 'effortPosition-pos-ada', 'EffortPositionCreated', {
        id: 'pos-ada',
        positionNumber: '00100',
        UserId: 'ada',
        startDate: '2026-07-01',
        fte: 1,
        costCenter: '10-4410',
      }),
      start('09:05', 'A', 'append', null),
      line('09:05', 'A', 2, 'P', 'instruction', 60),
      line('09:05', 'A', 3, 'P', 'research', 40),
      line('09:05', 'A', 4, 'Q', 'instruction', 100),
      finish('09:06', 'A', 3),
      event('09:10', 'effortPosition-pos-ada', 'EffortPositionUpdated', {
        id: 'pos-ada',
        fte: 0.5,
      }),
      start('09:20', 'B', 'replacePayPeriod', 'Q'),
      line('09:20', 'B', 2, 'Q', 'instruction', 50),
      finish('09:21', 'B', 1),
      event('09:30', 'effortImport-B', 'EffortImportUndone', { id: 'B' }),
    ],
    viewer: testViewers(contexts, null),
    routes: [effortTimelineRoutes],
  });
});

afterAll(async () => {
  await harness.close();
});

const get = (url: string, who: string) =>
  harness.app.inject({ method: 'GET', url, headers: { 'x-test-user': who } });
const timeline = async (who: string, asOf?: string) => {
  const response = await get(
    `/api/effort/timeline/position/pos-ada${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`,
    who,
  );
  expect(response.statusCode).toBe(200);
  return EffortTimelineAnswer.parse(response.json());
};
const perPeriod = (answer: EffortTimelineAnswer) =>
  answer.periods.map((p) => [
    p.payPeriod.code,
    p.effortPercent,
    p.byCategory.map((c) => [answer.categories[c.category]?.name, c.effortPercent]),
  ]);

describe('a position’s effort timeline', () => {
  it('shows its effort per pay period and category now, and what changed it, newest first', async () => {
    const now = await timeline('contributor');
    expect(now.position).toMatchObject({
      positionNumber: '00100',
      instructor: { id: 'ada', name: 'Ada Lovelace' },
      fte: 0.5,
    });
    // B replaced October, then was undone: A's October counts again.
    expect(perPeriod(now)).toEqual([
      [
        '2026-09',
        100,
        [
          ['Instruction', 60],
          ['Research', 40],
        ],
      ],
      ['2026-10', 100, [['Instruction', 100]]],
    ]);
    expect(now.changes.map((c) => [c.at.slice(11, 16), c.by?.name, c.what])).toEqual([
      ['09:30', 'Erin Effort', 'Undid the import of 1 payroll line from B.csv'],
      ['09:21', 'Erin Effort', 'Imported 1 payroll line from B.csv, replacing its pay period'],
      ['09:10', 'Erin Effort', 'Changed: FTE 0.5'],
      ['09:06', 'Erin Effort', 'Imported 3 payroll lines from A.csv'],
      [
        '09:01',
        'Erin Effort',
        'Created: position 00100 from 2026-07-01 at FTE 1 on cost centre 10-4410',
      ],
    ]);
  });

  it('as of an earlier instant: the position and lines as they stood, later changes left out', async () => {
    const replaced = await timeline('contributor', '2026-11-27T09:25:00Z');
    expect(replaced.asOf).toBe('2026-11-27T09:25:00.000Z');
    expect(perPeriod(replaced)).toEqual([
      [
        '2026-09',
        100,
        [
          ['Instruction', 60],
          ['Research', 40],
        ],
      ],
      ['2026-10', 50, [['Instruction', 50]]],
    ]);
    expect(replaced.changes).toHaveLength(4);
    const early = await timeline('contributor', '2026-11-27T09:07:00Z');
    expect(early.position.fte).toBe(1);
    expect(early.changes.map((c) => c.what.slice(0, 8))).toEqual(['Imported', 'Created:']);
    const before = await get(
      '/api/effort/timeline/position/pos-ada?asOf=2026-11-27T09:00:00Z',
      'contributor',
    );
    expect(before.statusCode).toBe(404);
    expect(before.json<{ message: string }>().message).toBe(
      'This position did not exist at that time.',
    );
  });

  it('is read by faculty for their own positions only; refused outside §6 and with the flag off', async () => {
    expect((await timeline('ada')).position.id).toBe('pos-ada');
    expect((await get('/api/effort/timeline/position/pos-ada', 'grace')).statusCode).toBe(403);
    expect((await get('/api/effort/timeline/position/pos-ada', 'reporting')).statusCode).toBe(403);
    expect(
      (await get('/api/effort/timeline/position/pos-ada', 'contributorFlagOff')).statusCode,
    ).toBe(403);
    expect((await get('/api/effort/timeline/position/nope', 'contributor')).statusCode).toBe(404);
    expect(
      (await get('/api/effort/timeline/position/pos-ada?asOf=yesterday', 'contributor')).statusCode,
    ).toBe(400);
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/effort/timeline/position/pos-ada' }))
        .statusCode,
    ).toBe(401);
  });

  it('answered every request as its schema says', () => {
    expect(harness.contract.breaches).toEqual([]);
  });
});
