import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { NotificationsAnswer, type AbilityContext, type RecordedEvent } from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, testViewers, type RouteHarness } from '../testing/routeHarness.js';
import { notificationsProjection } from './projection.js';
import { sectionsProjection } from '../sections/projection.js';
import { notificationReadRoutes } from './routes.js';

/**
 * Notifications from the events that cause them: a failed run of a saved import tells whom it
 * names, once, in words; read marks by id and up to an instant; each person sees only their own,
 * and only what they may still read.
 */
let harness: RouteHarness;
const { featureFlags } = demoContextFor('admin');
const contexts: Record<string, AbilityContext> = {
  ops: { ...demoContextFor('academicOpsAdmin'), userId: 'ops' },
  other: { ...demoContextFor('academicOpsAdmin'), userId: 'other' },
  opsFlagOff: {
    ...demoContextFor('academicOpsAdmin'),
    userId: 'opsFlagOff',
    featureFlags: { ...featureFlags, dataServicesEnabled: false },
  },
};

let minute = 0;
const instant = (m: number) => new Date(Date.UTC(2026, 10, 27, 9, m)).toISOString();
const event = (streamId: string, type: string, data: unknown, revision: bigint) => {
  minute += 1;
  const at = new Date(instant(minute));
  return recorded(type, data, {
    streamId,
    revision,
    createdAt: at,
    metadata: { actorId: 'ops', occurredAt: at.toISOString() },
  });
};
const run = (
  id: string,
  notify: string | null,
  status: 'done' | 'failed',
  reason: string | null,
): RecordedEvent[] => [
  event(
    `importRun-${id}`,
    'ImportRunStarted',
    {
      id,
      kind: 'locations',
      fileName: 'rooms.csv',
      rows: 0,
      spec: { id: 'spec-1', name: 'Nightly rooms' },
      trigger: 'schedule',
      notify,
    },
    0n,
  ),
  event(
    `importRun-${id}`,
    'ImportRunFinished',
    {
      id,
      status,
      created: 0,
      updated: 0,
      unchanged: 0,
      refused: 0,
      notRun: 0,
      problems: [],
      problemCount: 0,
      reason,
    },
    1n,
  ),
];
const read = (userId: string, ids: string[], upTo: string | null, revision: bigint) =>
  event(`notifications-${userId}`, 'NotificationsRead', { userId, ids, upTo }, revision);

beforeAll(async () => {
  harness = await openRouteHarness({
    projections: [notificationsProjection, sectionsProjection],
    events: [
      ...run(
        'run-1',
        'ops',
        'failed',
        'The rooms file could not be read. The import folder has no file "rooms.csv".',
      ),
      ...run('run-2', 'ops', 'done', null),
      ...run('run-3', null, 'failed', 'Nobody is told of this one.'),
      ...run('run-4', 'ops', 'failed', 'The person this import runs as may no longer import.'),
      ...run('run-5', 'opsFlagOff', 'failed', 'Not for someone who may not use data services.'),
    ],
    viewer: testViewers(contexts, null),
    routes: [notificationReadRoutes],
  });
});

afterAll(async () => {
  await harness.close();
});

const get = async (who: string, query = '') => {
  const response = await harness.app.inject({
    method: 'GET',
    url: `/api/notifications/mine${query}`,
    headers: { 'x-test-user': who },
  });
  return { status: response.statusCode, body: response.json<NotificationsAnswer>() };
};

describe('notifications of failed imports', () => {
  it('tells the run’s owner of each failed run, newest first, in words, linked to the run', async () => {
    const { status, body } = await get('ops');
    expect(status).toBe(200);
    expect(NotificationsAnswer.parse(body)).toEqual({
      unread: 2,
      more: false,
      items: [
        {
          id: 'importRunFailed:run-4',
          kind: 'importRunFailed',
          at: instant(8),
          read: false,
          title: 'Scheduled import “Nightly rooms” failed',
          text: 'The person this import runs as may no longer import.',
          link: '/dataServices?view=imports&run=run-4',
        },
        expect.objectContaining({ id: 'importRunFailed:run-1', at: instant(2) }),
      ],
    });
    // Each told in their own room, after the read model has it.
    expect(harness.notifications.get('notifications')).toEqual([
      { event: 'notificationsChanged', rooms: ['user:ops'], payload: { userId: 'ops' } },
      {
        event: 'notificationsChanged',
        rooms: ['user:opsFlagOff'],
        payload: { userId: 'opsFlagOff' },
      },
    ]);
  });

  it('shows nobody else’s, and nothing of a kind its reader may no longer read', async () => {
    expect((await get('other')).body).toEqual({ unread: 0, items: [], more: false });
    expect((await get('opsFlagOff')).body).toEqual({ unread: 0, items: [], more: false });
  });

  it('pages before an instant', async () => {
    const first = (await get('ops', '?take=1')).body;
    expect(first.items.map((n) => n.id)).toEqual(['importRunFailed:run-4']);
    expect(first.more).toBe(true);
    const older = (await get('ops', `?take=1&before=${encodeURIComponent(first.items[0]!.at)}`))
      .body;
    expect(older.items.map((n) => n.id)).toEqual(['importRunFailed:run-1']);
    expect(older.more).toBe(false);
  });

  it('marks read by id and up to an instant, telling the reader’s other windows', async () => {
    const byId = await harness.apply([read('ops', ['importRunFailed:run-1'], null, 0n)]);
    expect(byId.get('notifications')).toEqual([
      { event: 'notificationsChanged', rooms: ['user:ops'], payload: { userId: 'ops' } },
    ]);
    let body = (await get('ops')).body;
    expect(body.unread).toBe(1);
    expect(body.items.map((n) => [n.id, n.read])).toEqual([
      ['importRunFailed:run-4', false],
      ['importRunFailed:run-1', true],
    ]);
    // Up to an instant before the newest: the newest stays unread; marking again tells nobody.
    const again = await harness.apply([read('ops', [], instant(3), 1n)]);
    expect(again.get('notifications') ?? []).toEqual([]);
    await harness.apply([read('ops', [], instant(8), 2n)]);
    body = (await get('ops')).body;
    expect(body.unread).toBe(0);
    expect(body.items.every((n) => n.read)).toBe(true);
  });

  it('refuses the signed-out and a bad query', async () => {
    const anonymous = await harness.app.inject({ method: 'GET', url: '/api/notifications/mine' });
    expect(anonymous.statusCode).toBe(401);
    expect((await get('ops', '?take=0')).status).toBe(400);
    expect((await get('ops', '?before=yesterday')).status).toBe(400);
    expect((await get('ops', '?unread=1')).status).toBe(400);
  });

  it('answered every request as its schema says', () => {
    expect(harness.contract.breaches).toEqual([]);
    expect([...harness.contract.checked]).toEqual(['GET /api/notifications/mine']);
  });
});
