import type { Socket } from 'socket.io-client';
import { SESSION_COOKIE_NAME } from '@allot/shared-events';
import {
  codec,
  connect,
  inbox,
  nextEvent,
  sessionCookie,
  startNode,
  type Node,
} from './testing/realtimeHarness.js';

let node: Node;
const sockets: Socket[] = [];

async function connectAs(userId: string): Promise<Socket> {
  const socket = await connect(node.url, sessionCookie(userId));
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  node = await startNode({
    roomsFor: (session) => (session.workingUserId === 'carol' ? ['workgroup:7'] : []),
  });
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await node.stop();
});

describe('handshake', () => {
  test('refused without a session cookie', async () => {
    await expect(connect(node.url)).rejects.toThrow('unauthorized: no session cookie');
  });

  test('refused with a tampered session cookie', async () => {
    const value = codec.encode({ userId: 'alice', workingUserId: 'alice' });
    const flipped = `${value.slice(0, 20)}${value[20] === 'A' ? 'B' : 'A'}${value.slice(21)}`;
    await expect(connect(node.url, `${SESSION_COOKIE_NAME}=${flipped}`)).rejects.toThrow(
      'unauthorized: invalid or expired session',
    );
  });

  test('refused with an expired session cookie', async () => {
    const stale = codec.encode({ userId: 'alice', workingUserId: 'alice' }, Date.now() - 120_000);
    await expect(connect(node.url, `${SESSION_COOKIE_NAME}=${stale}`)).rejects.toThrow(
      'unauthorized',
    );
  });

  test('accepted with a valid cookie among others', async () => {
    const socket = await connect(node.url, `theme=dark; ${sessionCookie('dave')}`);
    sockets.push(socket);
    expect(socket.connected).toBe(true);
  });
});

describe('rooms', () => {
  test("a user receives its room's events and not another user's", async () => {
    const alice = await connectAs('alice');
    const bob = await connectAs('bob');
    const bobInbox = inbox(bob);
    const received = nextEvent(alice, 'jobProgress');
    node.realtime.emit([
      { event: 'jobProgress', rooms: ['user:alice'], payload: { progress: 50 }, actorId: 'alice' },
    ]);
    expect(await received).toEqual({ payload: { progress: 50 }, actorId: 'alice' });
    // A later broadcast reaching bob proves the earlier message had its chance to arrive.
    const marker = nextEvent(bob, 'settingsChanged');
    node.realtime.emit([
      { event: 'settingsChanged', rooms: ['all'], payload: { machineName: 'logo' } },
    ]);
    expect(await marker).toEqual({ payload: { machineName: 'logo' }, actorId: null });
    expect(bobInbox.map((m) => m.event)).toEqual(['settingsChanged']);
  });

  test('roomsFor adds workgroup rooms; a notification without rooms goes nowhere', async () => {
    const carol = await connectAs('carol');
    const erin = await connectAs('erin');
    const erinInbox = inbox(erin);
    const carolInbox = inbox(carol);
    node.realtime.emit([{ event: 'nobody', rooms: [] }]);
    const approvals = nextEvent(carol, 'approvalsChanged');
    node.realtime.emit([{ event: 'approvalsChanged', rooms: ['workgroup:7'], actorId: 'alice' }]);
    expect(await approvals).toEqual({ actorId: 'alice' });
    const marker = nextEvent(erin, 'settingsChanged');
    node.realtime.emit([{ event: 'settingsChanged', rooms: ['all'] }]);
    await marker;
    expect(erinInbox.map((m) => m.event)).toEqual(['settingsChanged']);
    expect(carolInbox.map((m) => m.event)).not.toContain('nobody');
  });
});

test('a socket is disconnected when its session expires', async () => {
  // Issued 59.7 s ago with a 60 s lifetime: about 300 ms left.
  const almostStale = codec.encode(
    { userId: 'frank', workingUserId: 'frank' },
    Date.now() - 59_700,
  );
  const socket = await connect(node.url, `${SESSION_COOKIE_NAME}=${almostStale}`);
  sockets.push(socket);
  const reason = await new Promise((resolve) => socket.once('disconnect', resolve));
  expect(reason).toBe('io server disconnect');
});

test('a failing roomsFor refuses the connection without revealing why', async () => {
  const errors: unknown[] = [];
  const failing = await startNode({
    roomsFor: () => Promise.reject(new Error('workgroups table missing')),
    onError: (err) => errors.push(err),
  });
  try {
    await expect(connect(failing.url, sessionCookie('gina'))).rejects.toThrow(
      /^realtime unavailable$/,
    );
    expect(errors).toHaveLength(1);
  } finally {
    await failing.stop();
  }
});

describe('origins', () => {
  test('a page of another site cannot open a socket with the user’s cookie', async () => {
    const guarded = await startNode({ allowedOrigins: ['https://allot.example.edu'] });
    const { io } = await import('socket.io-client');
    const attempt = (origin?: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(guarded.url, {
          path: '/api/socket.io',
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          extraHeaders: { cookie: sessionCookie('alice'), ...(origin ? { origin } : {}) },
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (err) => {
          socket.close();
          reject(err);
        });
      });
    try {
      await expect(attempt('https://evil.example')).rejects.toThrow();
      const allowed = await attempt('https://allot.example.edu');
      expect(allowed.connected).toBe(true);
      allowed.close();
      // No Origin at all: a same-origin request or a script outside a browser.
      const bare = await attempt();
      expect(bare.connected).toBe(true);
      bare.close();
    } finally {
      await guarded.stop();
    }
  });
});
