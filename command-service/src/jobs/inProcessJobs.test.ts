import { createInProcessJobs } from './inProcessJobs.js';
import { describeJobsContract } from './testing/jobsContract.js';

describeJobsContract('in-process', (recorder) =>
  createInProcessJobs({ onProgress: recorder.onProgress, concurrency: 2 }),
);

describe('in-process runner', () => {
  test('honours concurrency: a second job waits for the first', async () => {
    const jobs = createInProcessJobs({ concurrency: 1 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    jobs.define('hold', () => gate.then(() => 'held'));
    jobs.define('quick', () => Promise.resolve('quick'));
    const first = await jobs.enqueue('hold', {}, { ownerId: 'u' });
    const second = await jobs.enqueue('quick', {}, { ownerId: 'u' });
    await new Promise((r) => setTimeout(r, 20));
    expect((await jobs.status(first.id))?.state).toBe('running');
    expect((await jobs.status(second.id))?.state).toBe('queued');
    release();
    await jobs.close();
    expect(await jobs.status(first.id)).toMatchObject({ state: 'completed', result: 'held' });
  });

  test('a throwing onProgress listener never fails the job', async () => {
    const errors: unknown[] = [];
    const jobs = createInProcessJobs({
      onProgress: () => {
        throw new Error('socket gone');
      },
      onListenerError: (err) => errors.push(err),
    });
    jobs.define('ok', async ({ reportProgress }) => {
      await reportProgress(50);
      return 1;
    });
    const { id } = await jobs.enqueue('ok', {}, { ownerId: 'u' });
    await new Promise((r) => setTimeout(r, 20));
    await jobs.close();
    expect(await jobs.status(id)).toMatchObject({ state: 'completed', result: 1 });
    expect(errors.length).toBeGreaterThan(0);
  });
});
