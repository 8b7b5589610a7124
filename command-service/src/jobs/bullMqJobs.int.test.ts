// @allot-needs redis — not collected on a machine without it unless CI=true (see jest.config.js).
import { Redis } from 'ioredis';
import { redisTestPrefix, redisTestUrl } from '@allot/shared-events/testing';
import { createBullMqJobs } from './bullMqJobs.js';
import { describeJobsContract } from './testing/jobsContract.js';

const redisUrl = redisTestUrl();
const prefix = redisTestPrefix();
const crossPrefix = redisTestPrefix();
const prefixes: string[] = [];

if (!redisUrl) throw new Error('This test needs Redis: set REDIS_URL.');

describeJobsContract('BullMQ', (recorder) =>
  createBullMqJobs({ redisUrl, prefix, onProgress: recorder.onProgress, concurrency: 2 }),
);

describe('BullMQ runner across processes', () => {
  test('progress made by a worker node reaches onProgress on a web node without a worker', async () => {
    const p = crossPrefix;
    const reports: string[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const web = createBullMqJobs({
      redisUrl,
      prefix: p,
      worker: false,
      onProgress: (r) => {
        reports.push(`${r.state}:${JSON.stringify(r.progress)}`);
        if (r.state === 'completed') done();
      },
    });
    const workerNode = createBullMqJobs({ redisUrl, prefix: p });
    for (const node of [web, workerNode]) {
      node.define('twoSteps', async ({ reportProgress }) => {
        await reportProgress(10);
        await reportProgress(90);
        return 'ok';
      });
    }
    const { id } = await web.enqueue('twoSteps', {}, { ownerId: 'u' });
    await finished;
    expect(reports.filter((r) => r !== 'running:0')).toEqual([
      'running:10',
      'running:90',
      'completed:90',
    ]);
    expect(await web.status(id)).toMatchObject({ state: 'completed', result: 'ok' });
    await Promise.all([web.close(), workerNode.close()]);
  });

  test('a web node without a worker stops a job a worker node runs', async () => {
    const p = `${crossPrefix}-stop`;
    prefixes.push(p);
    let failed!: (error: string | undefined) => void;
    const ended = new Promise<string | undefined>((resolve) => (failed = resolve));
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    const web = createBullMqJobs({
      redisUrl,
      prefix: p,
      worker: false,
      onProgress: (r) => {
        if (r.state === 'failed') failed(r.error);
      },
    });
    const workerNode = createBullMqJobs({ redisUrl, prefix: p });
    for (const node of [web, workerNode]) {
      node.define('long', async ({ signal }) => {
        running();
        while (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
        signal.throwIfAborted();
      });
    }
    const { id } = await web.enqueue('long', {}, { ownerId: 'u' });
    await started;
    expect(await web.stop(id)).toBe(true);
    expect(await ended).toBe('Stopped.');
    expect(await web.status(id)).toMatchObject({ state: 'failed', ownerId: 'u', name: 'long' });
    await Promise.all([web.close(), workerNode.close()]);
  });
});

afterAll(async () => {
  // Leave nothing of this file's queues behind in the shared Redis.
  const redis = new Redis(redisUrl);
  for (const p of [prefix, crossPrefix, ...prefixes]) {
    const keys = await redis.keys(`${p}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
  redis.disconnect();
});
