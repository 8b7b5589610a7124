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
    });

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

    test('unknown names are refused and unknown ids answer null', async () => {
      await expect(jobs.enqueue('nope', {}, { ownerId: 'user-1' })).rejects.toThrow(
        'No handler is defined for job nope',
      );
      expect(await jobs.status('00000000-0000-4000-8000-000000000000')).toBeNull();
    });
  });
}
