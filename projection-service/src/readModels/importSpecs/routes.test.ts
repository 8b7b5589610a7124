import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ImportSpecsAnswer, users, type AbilityContext } from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from '../resources/projection.js';
import { importSpecsProjection } from './projection.js';
import { importSpecReadRoutes } from './routes.js';

/** The saved imports, from their events: by name, changed ones as they are, deleted ones gone. */
let harness: RouteHarness;
const contexts: Record<string, AbilityContext> = {
  ops: { ...demoContextFor('academicOpsAdmin'), userId: 'ops' },
  rep: { ...demoContextFor('reportingUser'), userId: 'rep' },
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
const definition = (id: string, name: string) => ({
  id,
  name,
  description: null,
  kind: 'sections',
  mapping: { sectionNumber: 'Sect' },
  valueMappings: { teachingMode: { LEC: 'In Person' } },
});

beforeAll(async () => {
  harness = await openRouteHarness({
    projections: [importSpecsProjection, resourceProjection(users)],
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
      event('importSpec-b', 'ImportSpecCreated', definition('b', 'sections nightly'), 0n),
      event('importSpec-a', 'ImportSpecCreated', definition('a', 'Rooms'), 0n),
      event('importSpec-b', 'ImportSpecUpdated', definition('b', 'Sections nightly'), 1n),
      event('importSpec-c', 'ImportSpecCreated', definition('c', 'Gone'), 0n),
      event('importSpec-c', 'ImportSpecDeleted', { id: 'c' }, 1n),
    ],
    viewer: testViewers(contexts, null),
    routes: [importSpecReadRoutes],
  });
});

afterAll(async () => {
  await harness.close();
});

const get = (who?: string) =>
  harness.app.inject({
    method: 'GET',
    url: '/api/importSpecs',
    headers: who ? { 'x-test-user': who } : {},
  });

describe('the saved imports', () => {
  it('are listed by name as they are now, with who saved them last', async () => {
    const answer = ImportSpecsAnswer.parse((await get('ops')).json());
    expect(answer.rows.map((r) => [r.name, r.owner.name, r.revision])).toEqual([
      ['Rooms', 'Oscar Operations', '0'],
      ['Sections nightly', 'Oscar Operations', '1'],
    ]);
    expect(answer.rows[1]?.valueMappings).toEqual({ teachingMode: { LEC: 'In Person' } });
  });

  it('are refused to who may not use data services and to the signed-out', async () => {
    expect((await get('rep')).statusCode).toBe(403);
    expect((await get()).statusCode).toBe(401);
    expect(harness.contract.breaches).toEqual([]);
  });
});
