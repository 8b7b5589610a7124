/**
 * @jest-environment node
 */
// A real socket.io server as the projection-service attaches it (session cookie, user rooms).
import type { UnknownAction } from '@reduxjs/toolkit';
import type { Socket } from 'socket.io-client';
import {
  sessionCookie,
  startNode,
  type Node,
} from '../../../../projection-service/src/realtime/testing/realtimeHarness.js';
import { connectRealtime, REALTIME_OPTIONS, watchConnection } from './connectRealtime.js';
import { BURST_REFRESH_INTERVAL_MS, REALTIME_HANDLERS } from './realtimeEvents.js';
import { currentLogoSrc, logoChanged } from '../../lib/branding/logoRevision.js';
import { latestJobProgress } from '../../lib/jobs/jobProgress.js';

let node: Node;
let socket: Socket;
let actions: UnknownAction[];
let wentHome: number;

beforeAll(async () => {
  node = await startNode();
});

afterAll(async () => {
  await node.stop();
});

beforeEach(async () => {
  actions = [];
  wentHome = 0;
  socket = connectRealtime(
    {
      dispatch: (action) => {
        actions.push(action);
        return action;
      },
      me: () => 'u1',
      goHome: () => {
        wentHome += 1;
      },
    },
    { url: node.url, extraHeaders: { cookie: sessionCookie('u1') } },
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
});

afterEach(() => {
  socket.disconnect();
});

/**
 * Sends events, then a marker no handler takes to the same socket, so everything before it has
 * arrived (and been handled) when it does.
 */
async function deliverAll(events: { event: string; actorId: string | null; payload?: unknown }[]) {
  const marker = new Promise((resolve) => socket.once('testMarker', resolve));
  node.realtime.emit(events.map((e) => ({ ...e, rooms: ['all'] })));
  node.realtime.emit([{ event: 'testMarker', rooms: ['user:u1'], actorId: null }]);
  await marker;
  return actions;
}

async function deliver(event: string, rooms: string[], actorId: string | null, payload?: unknown) {
  const marker = new Promise((resolve) => socket.once('testMarker', resolve));
  node.realtime.emit([{ event, rooms, actorId, payload }]);
  node.realtime.emit([{ event: 'testMarker', rooms: ['user:u1'], actorId: null }]);
  await marker;
  return actions;
}

function invalidated(list: UnknownAction[]): unknown[] {
  return list.map((a) => (a as { payload?: unknown }).payload);
}

describe('realtime client', () => {
  it('connects at /api/socket.io with the spec’s reconnect settings', () => {
    expect(REALTIME_OPTIONS).toMatchObject({
      path: '/api/socket.io',
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
    });
    expect(socket.connected).toBe(true);
  });

  it('handles every spec §4 event', () => {
    expect(Object.keys(REALTIME_HANDLERS).sort()).toEqual([
      'activeAcademicPeriodUpdated',
      'activeStepsChanged',
      'approvalsChanged',
      'changesRecorded',
      'emailSendsChanged',
      'jobProgress',
      'notificationsChanged',
      'recordsChanged',
      'sectionsChanged',
      'settingsChanged',
      'teachingAssignmentChanged',
      'teachingAssignmentCreated',
      'teachingAssignmentDeleted',
      'workingAcademicPeriodUpdated',
    ]);
  });

  it('keeps the progress of one’s jobs for the pages that watch them, refreshing nothing', async () => {
    const report = {
      jobId: 'job-1',
      name: 'reportExport',
      ownerId: 'u1',
      state: 'running',
      progress: { exportId: 'job-1', written: 1000, total: 4000 },
    };
    expect(await deliver('jobProgress', ['user:u1'], 'u1', report)).toEqual([]);
    expect(latestJobProgress('job-1')).toEqual({
      jobId: 'job-1',
      name: 'reportExport',
      state: 'running',
      progress: { exportId: 'job-1', written: 1000, total: 4000 },
    });
    await deliver('jobProgress', ['user:u1'], 'u1', {
      ...report,
      state: 'failed',
      error: 'Stopped.',
    });
    expect(latestJobProgress('job-1')).toMatchObject({ state: 'failed', error: 'Stopped.' });
  });

  it('refreshes progress steps and actions when another user changes them, not for one’s own', async () => {
    // The active step also moves the auth context's progressStepId (the step-6 abilities).
    expect(invalidated(await deliver('activeStepsChanged', ['all'], 'u2'))).toEqual([
      ['ProgressSteps', 'ProgressActions', 'Auth'],
    ]);
    actions = [];
    expect(invalidated(await deliver('approvalsChanged', ['all'], 'u2'))).toEqual([
      ['ProgressSteps', 'ProgressActions'],
    ]);
    actions = [];
    expect(await deliver('activeStepsChanged', ['all'], 'u1')).toEqual([]);
  });

  it('another user’s move of the active period refreshes period data and goes home', async () => {
    const done = await deliver('activeAcademicPeriodUpdated', ['all'], 'u2', { id: 'p2' });
    expect(invalidated(done)).toEqual([
      ['Auth', 'AcademicPeriods', 'TeachingAssignments', 'ProgressSteps', 'ProgressActions'],
    ]);
    expect(wentHome).toBe(1);
    actions = [];
    expect(await deliver('activeAcademicPeriodUpdated', ['all'], 'u1', { id: 'p3' })).toEqual([]);
    expect(wentHome).toBe(1);
  });

  it('the user’s own working period change goes home; another user’s never arrives', async () => {
    const own = await deliver('workingAcademicPeriodUpdated', ['user:u1'], 'u1', {
      userId: 'u1',
      WorkingAcademicPeriodId: 'p2',
    });
    expect(invalidated(own)).toEqual([
      ['Auth', 'AcademicPeriods', 'TeachingAssignments', 'ProgressSteps', 'ProgressActions'],
    ]);
    expect(wentHome).toBe(1);
    actions = [];
    const other = await deliver('workingAcademicPeriodUpdated', ['user:u2'], 'u2', {
      userId: 'u2',
      WorkingAcademicPeriodId: 'p2',
    });
    expect(other).toEqual([]);
    expect(wentHome).toBe(1);
  });

  it('the user’s own notifications changing refreshes their bell, whoever caused it', async () => {
    const own = await deliver('notificationsChanged', ['user:u1'], null, { userId: 'u1' });
    expect(invalidated(own)).toEqual([[{ type: 'ResourceList', id: 'notifications' }]]);
    actions = [];
    // A stale socket of someone since masquerading hears the other person's: ignored.
    expect(await deliver('notificationsChanged', ['user:u1'], null, { userId: 'u2' })).toEqual([]);
  });

  it('teaching assignment events refresh teaching assignments, a burst at once and then once more', async () => {
    expect(invalidated(await deliver('teachingAssignmentCreated', ['all'], 'u1'))).toEqual([
      ['TeachingAssignments'],
    ]);
    // A bulk approval: hundreds of events within the interval refresh once more, after it.
    actions = [];
    const burst = ['teachingAssignmentChanged', 'teachingAssignmentDeleted'].flatMap((event) =>
      Array.from({ length: 100 }, () => ({ event, actorId: 'u2' })),
    );
    expect(await deliverAll(burst)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, BURST_REFRESH_INTERVAL_MS + 100));
    expect(invalidated(actions)).toEqual([['TeachingAssignments']]);
    // An event after a quiet interval refreshes at once again.
    await new Promise((resolve) => setTimeout(resolve, BURST_REFRESH_INTERVAL_MS + 50));
    actions = [];
    expect(invalidated(await deliver('teachingAssignmentChanged', ['all'], 'u2'))).toEqual([
      ['TeachingAssignments'],
    ]);
  });

  it('a settings change refreshes settings and the auth context, and reloads a new logo', async () => {
    const before = currentLogoSrc();
    const colour = await deliver('settingsChanged', ['all'], 'u2', {
      machineName: 'primary_color',
    });
    expect(invalidated(colour)).toEqual([['Settings', 'Status', 'AppInfo', 'Auth']]);
    expect(currentLogoSrc()).toBe(before);
    actions = [];
    await deliver('settingsChanged', ['all'], 'u2', { machineName: 'logo', position: '7:3' });
    expect(currentLogoSrc()).not.toBe(before);
    expect(currentLogoSrc()).toBe('/api/logo.png?v=7%3A3');
    // The echo of the same upload (one's own, already shown) leaves the image alone.
    expect(logoChanged('7:3')).toBeUndefined();
    expect(currentLogoSrc()).toBe('/api/logo.png?v=7%3A3');
  });

  it('another user’s section change refreshes sections, schedules, offerings and their histories', async () => {
    const moved = await deliver('sectionsChanged', ['all'], 'u2', {
      SectionIds: ['s1', 's2'],
      AcademicPeriodId: 'p1',
      WorkgroupId: 'wg1',
    });
    const lists = [
      { type: 'ResourceList', id: 'sections' },
      { type: 'TeachingAssignments', id: 'SCHEDULE' },
      { type: 'ResourceList', id: 'courseOfferings' },
    ];
    expect(invalidated(moved)).toEqual([
      [...lists, { type: 'SectionHistory', id: 's1' }, { type: 'SectionHistory', id: 's2' }],
    ]);
    actions = [];
    // A large import names no section: every history is refreshed.
    const many = await deliver('sectionsChanged', ['all'], 'u2', { SectionIds: null });
    expect(invalidated(many)).toEqual([[...lists, 'SectionHistory']]);
    actions = [];
    expect(await deliver('sectionsChanged', ['all'], 'u1', { SectionIds: ['s1'] })).toEqual([]);
  });

  it('another user’s change of a list’s records refreshes that list and the records’ histories', async () => {
    const changed = await deliver('recordsChanged', ['all'], 'u2', {
      path: 'locations',
      ids: ['l1'],
    });
    expect(invalidated(changed)).toEqual([
      [{ type: 'ResourceList', id: 'locations' }],
      [{ type: 'ResourceHistory', id: 'locations/l1' }],
    ]);
    actions = [];
    // Users: spec §7's related lists, but the auth context only when it is the viewer's record.
    const other = await deliver('recordsChanged', ['all'], 'u2', { path: 'users', ids: ['u3'] });
    expect(invalidated(other)).toEqual([
      [
        { type: 'ResourceList', id: 'users' },
        'Users',
        { type: 'ResourceList', id: 'suggestedAssignees' },
      ],
      [{ type: 'ResourceHistory', id: 'users/u3' }],
    ]);
    actions = [];
    await new Promise((resolve) => setTimeout(resolve, BURST_REFRESH_INTERVAL_MS + 50));
    const me = await deliver('recordsChanged', ['all'], 'u2', { path: 'users', ids: ['u1'] });
    expect(invalidated(me).at(-1)).toEqual(['Auth']);
    actions = [];
    expect(
      await deliver('recordsChanged', ['all'], 'u1', { path: 'locations', ids: ['l2'] }),
    ).toEqual([]);
  });

  it('reconnects with polling, then websocket', async () => {
    expect(socket.io.opts.transports).toBeUndefined();
    const back = new Promise((resolve) => socket.io.once('reconnect', resolve));
    // The connection drops under the socket (transport close); the manager reconnects after 1–5 s.
    socket.io.engine.close();
    await back;
    expect(socket.io.opts.transports).toEqual(['polling', 'websocket']);
  });
});

describe('a lost connection', () => {
  it('is announced once it lasts, and every reconnection asks the page to read again', async () => {
    const seen: string[] = [];
    const stop = watchConnection(
      socket,
      { onLost: () => seen.push('lost'), onBack: () => seen.push('back') },
      50,
    );
    const back = () => new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    try {
      // The server's end of the transport goes away (a restart, a proxy): the socket retries.
      let reconnected = back();
      for (const serverSocket of node.realtime.io.sockets.sockets.values()) {
        serverSocket.conn.close();
      }
      await reconnected;
      expect(seen).toEqual(['lost', 'back']);

      // The server ends the socket on purpose: socket.io would stay away; the page reconnects.
      reconnected = back();
      node.realtime.io.disconnectSockets();
      await reconnected;
      expect(seen.at(-1)).toBe('back');

      // The page closing its own socket (sign-out) is no loss.
      seen.length = 0;
      socket.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(seen).toEqual([]);
    } finally {
      stop();
    }
  });
});
