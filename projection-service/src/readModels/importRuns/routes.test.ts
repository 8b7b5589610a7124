import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ImportRunDetailAnswer,
  ImportRunsAnswer,
  users,
  type AbilityContext,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { importRunsProjection } from './projection.js';
import { importRunReadRoutes } from './routes.js';

/** The history of imports, from the runs' events: newest first, paged, one with its problems. */
let harness: RouteHarness;
const { featureFlags } = demoContextFor('admin');
const contexts: Record<string, AbilityContext> = {
  ops: { ...demoContextFor('academicOpsAdmin'), userId: 'ops' },
  rep: { ...demoContextFor('reportingUser'), userId: 'rep' },
  opsFlagOff: {
    ...demoContextFor('academicOpsAdmin'),
    userId: 'opsFlagOff',
    featureFlags: { ...featureFlags, dataServicesEnabled: false },
  },
};

let minute = 0;
const event = (streamId: string, type: string, data: unknown, revision: bigint) => {
  minute += 1;
  const at = new Date(Date.UTC(2026, 10, 27, 9, minute));
  return recorded(type, data, {
    streamId,
    revision,
    createdAt: at,
    metadata: { actorId: 'ops', occurredAt: at.toISOString() },
  });
};
const started = (id: string, fileName: string): RecordedEvent =>
  event(`importRun-${id}`, 'ImportRunStarted', { id, kind: 'sections', fileName, rows: 40 }, 0n);

beforeAll(async () => {
  harness = await openRouteHarness({
    projections: [importRunsProjection, resourceProjection(users)],
    events: [
      event(
        'user-ops',
        'UserCreated',
        {
          id: 'ops',
          firstName: 'Oscar',
          lastName: 'Operations',
          displayName: 'Oscar Operations',
          email: 'ops@example.edu',
          username: 'ops',
        },
        0n,
      ),
      started('run-1', 'fall.xlsx'),
      event(
        'importRun-run-1',
        'ImportRunFinished',
        {
          id: 'run-1',
          status: 'done',
          created: 30,
          updated: 2,
          unchanged: 0,
          refused: 1,
          notRun: 0,
          problems: [{ row: 7, column: 'Room', message: 'No room is called "SCI 999".' }],
          problemCount: 1,
          reason: null,
        },
        1n,
      ),
      started('run-2', 'spring.csv'),
    ],
    viewer: testViewers(contexts, null),
    routes: [importRunReadRoutes],
  });
});

afterAll(async () => {
  await harness.close();
});

const get = (url: string, who: string) =>
  harness.app.inject({ method: 'GET', url, headers: { 'x-test-user': who } });

describe('the history of imports', () => {
  it('lists runs newest first, running ones without counts, with who started them', async () => {
    const response = await get('/api/imports/runs', 'ops');
    expect(response.statusCode).toBe(200);
    const answer = ImportRunsAnswer.parse(response.json());
    expect(answer.count).toBe(2);
    expect(answer.rows.map((r) => [r.fileName, r.status, r.created, r.startedBy?.name])).toEqual([
      ['spring.csv', 'running', 0, 'Oscar Operations'],
      ['fall.xlsx', 'done', 30, 'Oscar Operations'],
    ]);
    const second = ImportRunsAnswer.parse(
      (await get('/api/imports/runs?take=1&skip=1', 'ops')).json(),
    );
    expect(second.rows.map((r) => r.id)).toEqual(['run-1']);
  });

  it('shows one run with the problems it kept', async () => {
    const answer = ImportRunDetailAnswer.parse(
      (await get('/api/imports/runs/run-1', 'ops')).json(),
    );
    expect(answer).toMatchObject({ refused: 1, problemCount: 1 });
    expect(answer.problems).toEqual([
      { row: 7, column: 'Room', message: 'No room is called "SCI 999".' },
    ]);
    expect((await get('/api/imports/runs/nope', 'ops')).statusCode).toBe(404);
  });

  it('refuses who may not use data services, a bad page and the signed-out', async () => {
    expect((await get('/api/imports/runs', 'rep')).statusCode).toBe(403);
    expect((await get('/api/imports/runs/run-1', 'opsFlagOff')).statusCode).toBe(403);
    expect((await get('/api/imports/runs?take=0', 'ops')).statusCode).toBe(400);
    expect((await harness.app.inject({ method: 'GET', url: '/api/imports/runs' })).statusCode).toBe(
      401,
    );
  });

  it('answered every request as its schema says', () => {
    expect(harness.contract.breaches).toEqual([]);
    expect([...harness.contract.checked].sort()).toEqual([
      'GET /api/imports/runs',
      'GET /api/imports/runs/:id',
    ]);
  });
});
