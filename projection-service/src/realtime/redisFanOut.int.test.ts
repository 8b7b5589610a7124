// @allot-needs redis — not collected on a machine without it unless CI=true (see jest.config.js).
import { Redis } from 'ioredis';
import { redisTestPrefix, redisTestUrl } from '@allot/shared-events/testing';
import { connect, nextEvent, sessionCookie, startNode } from './testing/realtimeHarness.js';

const redisUrl = redisTestUrl();
if (!redisUrl) throw new Error('This test needs Redis: set REDIS_URL.');
const keyPrefix = `${redisTestPrefix()}:`;

afterAll(async () => {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${keyPrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

test('with the Redis streams adapter, an emit on node A reaches a client on node B', async () => {
  const redis = { url: redisUrl, keyPrefix, blockTimeMs: 200 };
  const a = await startNode({ redis });
  const b = await startNode({ redis });
  const aliceOnB = await connect(b.url, sessionCookie('alice'));
  const bobOnB = await connect(b.url, sessionCookie('bob'));
  const bobGot: string[] = [];
  bobOnB.onAny((event: string) => bobGot.push(event));
  try {
    const received = nextEvent(aliceOnB, 'teachingAssignmentCreated', 10_000);
    // B's stream reader starts shortly after B does; repeat until it is listening.
    const retry = setInterval(() => {
      a.realtime.emit([
        { event: 'teachingAssignmentCreated', rooms: ['user:alice'], payload: { id: 's1' } },
      ]);
    }, 100);
    try {
      expect(await received).toEqual({ payload: { id: 's1' }, actorId: null });
    } finally {
      clearInterval(retry);
    }
    const marker = nextEvent(bobOnB, 'settingsChanged');
    a.realtime.emit([{ event: 'settingsChanged', rooms: ['all'] }]);
    await marker;
    expect(bobGot).toEqual(['settingsChanged']);
  } finally {
    aliceOnB.close();
    bobOnB.close();
    await Promise.all([a.stop(), b.stop()]);
  }
});

test('two deployments on one Redis, with their own prefixes, never hear each other', async () => {
  const north = await startNode({
    redis: { url: redisUrl, keyPrefix: `${keyPrefix}north:`, blockTimeMs: 200 },
  });
  const northToo = await startNode({
    redis: { url: redisUrl, keyPrefix: `${keyPrefix}north:`, blockTimeMs: 200 },
  });
  const south = await startNode({
    redis: { url: redisUrl, keyPrefix: `${keyPrefix}south:`, blockTimeMs: 200 },
  });
  const onNorth = await connect(northToo.url, sessionCookie('alice'));
  const onSouth = await connect(south.url, sessionCookie('alice'));
  const southGot: string[] = [];
  onSouth.onAny((event: string) => southGot.push(event));
  try {
    const received = nextEvent(onNorth, 'settingsChanged', 10_000);
    const retry = setInterval(
      () => north.realtime.emit([{ event: 'settingsChanged', rooms: ['all'] }]),
      100,
    );
    try {
      await received;
    } finally {
      clearInterval(retry);
    }
    // South's reader ran all along: had the keys been shared, it would have heard them too.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(southGot).toEqual([]);
  } finally {
    onNorth.close();
    onSouth.close();
    await Promise.all([north.stop(), northToo.stop(), south.stop()]);
  }
});
