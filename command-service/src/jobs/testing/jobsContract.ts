import type { JobProgressReport, Jobs } from '../port.js';

/** Collects onProgress reports and lets a test wait for a job's final one. */
export function progressRecorder() {
  const reports: JobProgressReport[] = [];
  const waiters: Array<{ jobId: string; resolve: () => void }> = [];
  function onProgress(report: JobProgressReport): void {
    reports.push(report);
    if (report.state === 'completed' || report.state === 'failed') {
      for (const w of waiters.filter((x) => x.jobId === report.jobId)) w.resolve();
    }
  }
  function finished(jobId: string): Promise<void> {
    if (
      reports.some((r) => r.jobId === jobId && (r.state === 'completed' || r.state === 'failed'))
    ) {
      return Promise.resolve();
    }
    return new Promise((resolve) => waiters.push({ jobId, resolve }));
  }
  const of = (jobId: string) => reports.filter((r) => r.jobId === jobId);
  return { onProgress, finished, of };
}

export type Recorder = ReturnType<typeof progressRecorder>;

/** The behaviour every Jobs implementation must show; `make` builds one wired to the recorder. */
export function describeJobsContract(
  label: string,
  make: (recorder: Recorder) => Promise<Jobs> | Jobs,
): void {
  describe(`Jobs contract: ${label}`, () => {
    let jobs: Jobs;
    let recorder: Recorder;

    beforeAll(async () => {
      recorder = progressRecorder();
      jobs = await make(recorder);
      jobs.define<{ steps: number }>('count', async ({ data, reportProgress, ownerId }) => {
        for (let i = 1; i <= data.steps; i++)
          await reportProgress(Math.round((i / data.steps) * 100));
        return { counted: data.steps, ownerId };
      });
      jobs.define('explode', async ({ reportProgress }) => {
        await reportProgress({ phase: 'reading' });
        throw new Error('import file is empty');
      });
      jobs.define<{ key: string }>('tick', ({ data, ownerId }) => {
        ticks.push(`${data.key}:${ownerId}`);
        return Promise.resolve(null);
      });
      // Works until it is stopped, as a long export does: a step, then a look at the signal.
      jobs.define<{ tag: string }>('untilStopped', async ({ data, signal, reportProgress }) => {
        started.push(data.tag);
        for (let step = 1; ; step++) {
          signal.throwIfAborted();
          if (step === 1) await reportProgress({ step });
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      });
    });
    const started: string[] = [];
    const ticks: string[] = [];
    const until = async (check: () => boolean) => {
      while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const runningReported = async (id: string) => {
      while (!recorder.of(id).some((r) => r.state === 'running' && r.progress !== 0)) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };

    afterAll(async () => {
      await jobs.close();
    });

    test('runs a job, reports its progress in order and its result', async () => {
      const { id } = await jobs.enqueue('count', { steps: 4 }, { ownerId: 'user-1' });
      await recorder.finished(id);
      const reports = recorder.of(id);
      expect(reports.every((r) => r.name === 'count' && r.ownerId === 'user-1')).toBe(true);
      expect(
        reports.filter((r) => r.state === 'running' && r.progress !== 0).map((r) => r.progress),
      ).toEqual([25, 50, 75, 100]);
      expect(reports.at(-1)).toMatchObject({
        state: 'completed',
        progress: 100,
        result: { counted: 4, ownerId: 'user-1' },
      });
      expect(await jobs.status(id)).toEqual({
        name: 'count',
        ownerId: 'user-1',
        state: 'completed',
        progress: 100,
        result: { counted: 4, ownerId: 'user-1' },
      });
    });

    test('a failing job is reported failed with its message', async () => {
      const { id } = await jobs.enqueue('explode', {}, { ownerId: 'user-2' });
      await recorder.finished(id);
      expect(recorder.of(id).at(-1)).toMatchObject({
        state: 'failed',
        ownerId: 'user-2',
        progress: { phase: 'reading' },
        error: 'import file is empty',
      });
      expect(await jobs.status(id)).toMatchObject({
        state: 'failed',
        error: 'import file is empty',
      });
    });

    test('stop: a running job is aborted, a queued one never runs; both end failed "Stopped."', async () => {
      // The contract's runners take two jobs at once: the third waits.
      const first = await jobs.enqueue('untilStopped', { tag: 'first' }, { ownerId: 'user-3' });
      const second = await jobs.enqueue('untilStopped', { tag: 'second' }, { ownerId: 'user-3' });
      const third = await jobs.enqueue('untilStopped', { tag: 'third' }, { ownerId: 'user-3' });
      await runningReported(first.id);
      await runningReported(second.id);
      expect(await jobs.stop(third.id)).toBe(true);
      expect(await jobs.stop(first.id)).toBe(true);
      expect(await jobs.stop(second.id)).toBe(true);
      for (const { id } of [first, second, third]) {
        await recorder.finished(id);
        expect(recorder.of(id).at(-1)).toMatchObject({ state: 'failed', error: 'Stopped.' });
        expect(await jobs.status(id)).toMatchObject({
          name: 'untilStopped',
          ownerId: 'user-3',
          state: 'failed',
          error: 'Stopped.',
        });
      }
      expect(started.sort()).toEqual(['first', 'second']);
      // Finished or unknown: nothing to stop.
      expect(await jobs.stop(first.id)).toBe(false);
      expect(await jobs.stop('00000000-0000-4000-8000-000000000001')).toBe(false);
    });

    test('a job enqueued under an id it already has runs once', async () => {
      const jobId = `job-${String(Date.now())}`;
      const first = await jobs.enqueue('count', { steps: 1 }, { ownerId: 'user-1', jobId });
      const again = await jobs.enqueue('count', { steps: 1 }, { ownerId: 'user-1', jobId });
      expect([first.id, again.id]).toEqual([jobId, jobId]);
      await recorder.finished(jobId);
      expect(recorder.of(jobId).filter((r) => r.state === 'completed')).toHaveLength(1);
    });

    test('a schedule enqueues its job at every instant it names, until it is ended', async () => {
      const key = `every-second-${String(Date.now())}`;
      // Every second: set twice, the second replaces the first (one schedule, its owner).
      await jobs.schedule(
        key,
        { pattern: '* * * * * *', timeZone: 'UTC' },
        'tick',
        { key },
        {
          ownerId: 'first-owner',
        },
      );
      await jobs.schedule(
        key,
        { pattern: '* * * * * *', timeZone: 'Europe/Berlin' },
        'tick',
        { key },
        {
          ownerId: 'user-4',
        },
      );
      expect((await jobs.scheduledKeys()).filter((k) => k === key)).toEqual([key]);
      await until(() => ticks.filter((t) => t === `${key}:user-4`).length >= 2);
      expect(await jobs.unschedule(key)).toBe(true);
      expect(await jobs.scheduledKeys()).not.toContain(key);
      expect(await jobs.unschedule(key)).toBe(false);
      // A run already under way when it ended may still finish; none starts two seconds later.
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const after = ticks.length;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(ticks.length).toBe(after);
      await expect(
        jobs.schedule(key, { pattern: '* * * * *', timeZone: 'UTC' }, 'nope', {}, { ownerId: 'u' }),
      ).rejects.toThrow('No handler is defined for job nope');
    });

    test('unknown names are refused and unknown ids answer null', async () => {
      await expect(jobs.enqueue('nope', {}, { ownerId: 'user-1' })).rejects.toThrow(
        'No handler is defined for job nope',
      );
      expect(await jobs.status('00000000-0000-4000-8000-000000000000')).toBeNull();
    });
  });
}
