// @allot-needs redis — not collected on a machine without it unless CI=true (see jest.config.js).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io as connectClient, type Socket } from 'socket.io-client';
import { SESSION_COOKIE_NAME, createSessionCodec } from '@allot/shared-events';
import { redisTestPrefix, redisTestUrl } from '@allot/shared-events/testing';
import { REALTIME_PATH, attachRealtime } from '@allot/projection-service';
import { createBullMqJobs } from './bullMqJobs.js';
import { createInProcessJobs } from './inProcessJobs.js';
import { jobProgressNotification } from './jobProgressNotification.js';
import type { Jobs, OnJobProgress } from './port.js';

const redisUrl = redisTestUrl();
if (!redisUrl) throw new Error('This test needs Redis: set REDIS_URL.');
const bullPrefix = redisTestPrefix();
const codec = createSessionCodec({
  secrets: ['jobs-realtime-test-secret-0123456789-abcdefghij'],
  ttlMs: 60_000,
});

function connectAs(url: string, userId: string): Promise<Socket> {
  const socket = connectClient(url, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: {
      cookie: `${SESSION_COOKIE_NAME}=${codec.encode({ userId, workingUserId: userId })}`,
    },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

afterAll(async () => {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${bullPrefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe.each([
  ['in-process', (onProgress: OnJobProgress): Jobs => createInProcessJobs({ onProgress })],
  [
    'BullMQ',
    (onProgress: OnJobProgress): Jobs =>
      createBullMqJobs({ redisUrl, prefix: bullPrefix, onProgress }),
  ],
])('job progress over socket.io (%s)', (_label, makeJobs) => {
  test("reaches the owner's sockets in order, and no other user's", async () => {
    const http = createServer();
    const realtime = attachRealtime(http, { sessionCodec: codec, mode: 'test' });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    // The wiring the embedded start does: every report goes to the owner's room after it happens.
    const jobs = makeJobs((report) => realtime.emit([jobProgressNotification(report)]));
    jobs.define('importSections', async ({ reportProgress }) => {
      for (const done of [1, 2, 3]) await reportProgress({ done, total: 3 });
      return { imported: 3 };
    });
    const owner = await connectAs(url, 'owner-1');
    const other = await connectAs(url, 'other-2');
    const ownerGot: Array<{ state: string; progress: unknown; result?: unknown }> = [];
    const otherGot: unknown[] = [];
    other.on('jobProgress', (m: unknown) => otherGot.push(m));
    const completed = new Promise<void>((resolve) => {
      owner.on(
        'jobProgress',
        ({ payload }: { payload: { state: string; progress: unknown; result?: unknown } }) => {
          ownerGot.push({
            state: payload.state,
            progress: payload.progress,
            result: payload.result,
          });
          if (payload.state === 'completed') resolve();
        },
      );
    });
    try {
      const { id } = await jobs.enqueue(
        'importSections',
        { file: 'sections.csv' },
        { ownerId: 'owner-1' },
      );
      await completed;
      expect(ownerGot.filter((m) => m.state === 'running' && m.progress !== 0)).toEqual([
        { state: 'running', progress: { done: 1, total: 3 } },
        { state: 'running', progress: { done: 2, total: 3 } },
        { state: 'running', progress: { done: 3, total: 3 } },
      ]);
      expect(ownerGot.at(-1)).toEqual({
        state: 'completed',
        progress: { done: 3, total: 3 },
        result: { imported: 3 },
      });
      // A broadcast that reaches `other` after completion shows it had every chance to get the job's messages.
      const marker = new Promise((resolve) => other.once('settingsChanged', resolve));
      realtime.emit([{ event: 'settingsChanged', rooms: ['all'] }]);
      await marker;
      expect(otherGot).toEqual([]);
      expect((await jobs.status(id))?.state).toBe('completed');
    } finally {
      owner.close();
      other.close();
      await jobs.close();
      await realtime.close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });
});
