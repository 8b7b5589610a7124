import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  EffortImportDetailAnswer,
  EffortImportsAnswer,
  EffortLinesAnswer,
  effortCategories,
  effortPayPeriods,
  effortTypes,
  users,
  type AbilityContext,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { eventLog } from '../../testing/readModelDb.js';
import { createUploadStore, migrateUploads, uploadTables } from '../../uploads/index.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../../testing/routeHarness.js';
import { resourceProjection } from '../../resources/projection.js';
import { effortImportsProjection } from './projection.js';
import { effortImportReadRoutes } from './routes.js';

/**
 * Effort imports and their lines, from the imports' events: which lines count now — a later
 * replacement of their pay period sets them aside, an undone or failed import's never count —
 * re-classified lines, and who may read them.
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
  reporting: { ...demoContextFor('reportingUser'), userId: 'reporting', featureFlags: aemOn },
  contributorFlagOff: { ...demoContextFor('effortContributor'), userId: 'contributorFlagOff' },
};

const event = eventLog('mgr');

const start = (id: string, mode: string, period: string | null): RecordedEvent =>
  event(`effortImport-${id}`, 'EffortImportStarted', {
    id,
    fileName: `${id}.csv`,
    size: 100,
    sha256: 'b'.repeat(64),
    mode,
    EffortPayPeriodId: period,
    rows: 2,
  });
const line = (importId: string, n: number, period: string, percent: number): RecordedEvent =>
  event(`effortLines-${importId}-0`, 'EffortLineImported', {
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
    amount: 1000,
    hours: null,
    EffortCategoryId: 'instruction',
    EffortTypeId: null,
    EffortRuleId: 'r1',
  });
const finish = (id: string, imported: number, status = 'done'): RecordedEvent =>
  event(`effortImport-${id}`, 'EffortImportFinished', {
    id,
    status,
    imported,
    refused: 0,
    positionsCreated: 0,
    notRun: 0,
    problems: status === 'failed' ? [] : [{ row: 9, column: null, message: 'A row was empty.' }],
    problemCount: status === 'failed' ? 0 : 1,
    reason: status === 'failed' ? 'The database went away.' : null,
  });

beforeAll(async () => {
  harness = await openRouteHarness({
    projections: [
      effortImportsProjection,
      resourceProjection(users),
      resourceProjection(effortPayPeriods),
      resourceProjection(effortCategories),
      resourceProjection(effortTypes),
    ],
    events: [
      event('user-mgr', 'UserCreated', {
        id: 'mgr',
        firstName: 'Erin',
        lastName: 'Effort',
        displayName: 'Erin Effort',
        email: 'erin@example.edu',
        username: 'mgr',
      }),
      event('user-ada', 'UserCreated', {
        id: 'ada',
        firstName: 'Ada',
        lastName: 'Lovelace',
        displayName: 'Ada Lovelace',
        email: 'ada@example.edu',
        username: 'ada',
      }),
      ...(['P', 'Q'] as const).map((p) =>
        event(`effortPayPeriod-${p}`, 'EffortPayPeriodCreated', {
          id: p,
          code: `2026-11${p}`,
          name: `Period ${p}`,
          startDate: '2026-11-01',
          endDate: '2026-11-15',
        }),
      ),
      ...['instruction', 'research'].map((id) =>
        event(`effortCategory-${id}`, 'EffortCategoryCreated', {
          id,
          name: id === 'instruction' ? 'Instruction' : 'Research',
          code: id.slice(0, 4).toUpperCase(),
          area: id === 'instruction' ? 'teaching' : 'research',
        }),
      ),
      // A adds two lines of P; B replaces P later; C replaces P after B but is undone.
      start('A', 'append', null),
      line('A', 2, 'P', 50),
      line('A', 3, 'P', 25),
      finish('A', 2),
      start('B', 'replacePayPeriod', 'P'),
      line('B', 2, 'P', 80),
      finish('B', 1),
      event('effortImport-B', 'EffortLinesReclassified', {
        id: 'B',
        changes: [
          { line: 2, EffortCategoryId: 'research', EffortTypeId: null, EffortRuleId: 'r2' },
        ],
      }),
      start('C', 'replacePayPeriod', 'P'),
      line('C', 2, 'P', 10),
      finish('C', 1),
      event('effortImport-C', 'EffortImportUndone', { id: 'C' }),
      // D wrote a line of Q and then failed: nothing of it counts.
      start('D', 'append', null),
      line('D', 2, 'Q', 100),
      finish('D', 0, 'failed'),
    ],
    viewer: testViewers(contexts, null),
    routes: [effortImportReadRoutes],
  });
  // The payroll file of A as its sender sent it (the write route keeps it on import).
  await migrateUploads(harness.knex, uploadTables());
  await createUploadStore(harness.knex, uploadTables()).keep({
    id: 'A',
    kind: 'effortImport',
    fileName: 'Gehälter März.csv',
    contentType: 'text/csv',
    bytes: Buffer.from('position,percent\nP100,50\n'),
    sha256: 'e'.repeat(64),
    senderId: 'mgr',
    createdAt: new Date('2026-11-20T10:00:00Z'),
  });
});

afterAll(async () => {
  await harness.close();
});

const get = (url: string, who: string) =>
  harness.app.inject({ method: 'GET', url, headers: { 'x-test-user': who } });

describe('effort imports', () => {
  it('are listed newest first with the lines of each that count now', async () => {
    const response = await get('/api/effort/imports', 'contributor');
    expect(response.statusCode).toBe(200);
    const answer = EffortImportsAnswer.parse(response.json());
    expect(answer.count).toBe(4);
    expect(answer.rows.map((r) => [r.id, r.mode, r.status, r.imported, r.current])).toEqual([
      ['D', 'append', 'failed', 0, 0],
      ['C', 'replacePayPeriod', 'undone', 1, 0],
      ['B', 'replacePayPeriod', 'done', 1, 1],
      ['A', 'append', 'done', 2, 0],
    ]);
    expect(answer.rows[1]).toMatchObject({
      payPeriod: { id: 'P', name: 'Period P' },
      startedBy: { id: 'mgr', name: 'Erin Effort' },
      undoneBy: { id: 'mgr', name: 'Erin Effort' },
    });
    const paged = EffortImportsAnswer.parse(
      (await get('/api/effort/imports?take=1&skip=3', 'contributor')).json(),
    );
    expect(paged.rows.map((r) => r.id)).toEqual(['A']);
  });

  it('show one import with the problems it kept, and its lines in words', async () => {
    const detail = EffortImportDetailAnswer.parse(
      (await get('/api/effort/imports/A', 'contributor')).json(),
    );
    expect(detail.problems).toEqual([{ row: 9, column: null, message: 'A row was empty.' }]);
    const lines = EffortLinesAnswer.parse(
      (await get('/api/effort/imports/A/lines', 'contributor')).json(),
    );
    expect(lines.count).toBe(2);
    expect(lines.rows[0]).toMatchObject({
      line: 2,
      instructor: { id: 'ada', name: 'Ada Lovelace' },
      payPeriod: { id: 'P', name: 'Period P' },
      effortPercent: 50,
      category: { id: 'instruction', name: 'Instruction' },
      current: false,
    });
    const replacing = EffortLinesAnswer.parse(
      (await get('/api/effort/imports/B/lines', 'contributor')).json(),
    );
    expect(replacing.rows.map((r) => [r.current, r.category?.name])).toEqual([[true, 'Research']]);
  });

  it('are refused to roles outside §6, with the flag off, signed out; bad queries are 400', async () => {
    expect((await get('/api/effort/imports', 'reporting')).statusCode).toBe(403);
    expect((await get('/api/effort/imports/A/lines', 'contributorFlagOff')).statusCode).toBe(403);
    expect((await get('/api/effort/imports?take=0', 'contributor')).statusCode).toBe(400);
    expect((await get('/api/effort/imports/nope', 'contributor')).statusCode).toBe(404);
    expect((await get('/api/effort/imports/nope/lines', 'contributor')).statusCode).toBe(404);
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/effort/imports' })).statusCode,
    ).toBe(401);
  });

  it('hand back the file an import read, as it was sent, to those who read imports', async () => {
    const listed = EffortImportsAnswer.parse(
      (await get('/api/effort/imports', 'contributor')).json(),
    );
    expect(listed.rows.map((r) => [r.id, r.fileKept])).toEqual([
      ['D', false],
      ['C', false],
      ['B', false],
      ['A', true],
    ]);
    const file = await get('/api/effort/imports/A/file', 'contributor');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('position,percent\nP100,50\n');
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Geh_lter M_rz.csv"; filename*=UTF-8''Geh%C3%A4lter%20M%C3%A4rz.csv`,
    );
    const missing = await get('/api/effort/imports/B/file', 'contributor');
    expect([missing.statusCode, missing.json().message]).toEqual([
      404,
      'The file of this import was not kept.',
    ]);
    expect((await get('/api/effort/imports/A/file', 'reporting')).statusCode).toBe(403);
  });

  it('answered every request as its schema says', () => {
    expect(harness.contract.breaches).toEqual([]);
  });
});
