import { randomUUID } from 'node:crypto';
import { nextCronRun } from '@allot/shared-events';
import {
  JobStoppedError,
  UnknownJobError,
  errorMessage,
  type EnqueueOptions,
  type JobHandler,
  type JobProgress,
  type JobProgressReport,
  type JobStatus,
  type Jobs,
  type OnJobProgress,
} from './port.js';

export interface InProcessJobsOptions {
  onProgress?: OnJobProgress;
  /** Jobs running at once; default 1. */
  concurrency?: number;
  /** Finished job records kept for `status`; the oldest go first. Default 1000. */
  retainFinished?: number;
  /** Where a failing `onProgress` is reported (it must never fail the job). */
  onListenerError?: (err: unknown) => void;
}

/** Data and results cross a JSON boundary, as in BullMQ, so both runners behave alike. */
function throughJson(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

interface Entry {
  id: string;
  name: string;
  ownerId: string;
  data: unknown;
  status: JobStatus;
  controller: AbortController;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

/** The embedded runner: jobs run in this process, queued in memory (lost on restart). */
export function createInProcessJobs(options: InProcessJobsOptions = {}): Jobs {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const retainFinished = options.retainFinished ?? 1000;
  const onListenerError =
    options.onListenerError ?? ((err) => console.error('jobs: onProgress failed', err));
  const handlers = new Map<string, JobHandler>();
  const entries = new Map<string, Entry>();
  const waiting: Entry[] = [];
  const finished: string[] = [];
  const running = new Set<Promise<void>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;

  async function report(entry: Entry, extra: Partial<JobProgressReport> = {}): Promise<void> {
    if (!options.onProgress) return;
    const { state, progress } = entry.status;
    try {
      await options.onProgress({
        jobId: entry.id,
        name: entry.name,
        ownerId: entry.ownerId,
        state,
        progress,
        ...extra,
      });
    } catch (err) {
      onListenerError(err);
    }
  }

  function retire(entry: Entry): void {
    finished.push(entry.id);
    while (finished.length > retainFinished) {
      const oldest = finished.shift();
      if (oldest !== undefined) entries.delete(oldest);
    }
  }

  async function run(entry: Entry): Promise<void> {
    const handler = handlers.get(entry.name);
    entry.status = { ...entry.status, state: 'running' };
    await report(entry);
    try {
      if (!handler) throw new UnknownJobError(entry.name);
      const result = throughJson(
        await handler({
          id: entry.id,
          data: entry.data,
          ownerId: entry.ownerId,
          signal: entry.controller.signal,
          reportProgress: async (progress: JobProgress) => {
            entry.status = { ...entry.status, progress };
            await report(entry);
          },
        }),
      );
      entry.status = { ...entry.status, state: 'completed', result };
      await report(entry, { result });
    } catch (err) {
      await fail(entry, errorMessage(err));
    }
    retire(entry);
  }

  async function fail(entry: Entry, error: string): Promise<void> {
    entry.status = { ...entry.status, state: 'failed', error };
    await report(entry, { error });
  }

  function pump(): void {
    while (!closed && running.size < concurrency) {
      const next = waiting.shift();
      if (!next) return;
      const task: Promise<void> = run(next).finally(() => {
        running.delete(task);
        pump();
      });
      running.add(task);
    }
  }

  const jobs: Jobs = {
    define(name, handler) {
      // The port is generic per call; the runner stores handlers untyped and passes data through.
      handlers.set(name, handler as JobHandler);
    },
    enqueue(name: string, data: unknown, { ownerId, jobId }: EnqueueOptions) {
      if (closed) return Promise.reject(new Error('Jobs runner is closed'));
      if (!handlers.has(name)) return Promise.reject(new UnknownJobError(name));
      if (jobId !== undefined && entries.has(jobId)) return Promise.resolve({ id: jobId });
      const entry: Entry = {
        id: jobId ?? randomUUID(),
        name,
        ownerId,
        data: throughJson(data),
        status: { name, ownerId, state: 'queued', progress: 0 },
        controller: new AbortController(),
      };
      entries.set(entry.id, entry);
      waiting.push(entry);
      // Start on the next tick so the caller holds the id before the first progress report.
      setImmediate(pump);
      return Promise.resolve({ id: entry.id });
    },
    status(id) {
      const entry = entries.get(id);
      return Promise.resolve(entry ? { ...entry.status } : null);
    },
    async stop(id) {
      const entry = entries.get(id);
      if (!entry) return false;
      const queued = waiting.indexOf(entry);
      if (queued >= 0) {
        waiting.splice(queued, 1);
        entry.controller.abort(new JobStoppedError());
        await fail(entry, new JobStoppedError().message);
        retire(entry);
        return true;
      }
      if (entry.status.state !== 'running' || entry.controller.signal.aborted) return false;
      entry.controller.abort(new JobStoppedError());
      return true;
    },
    schedule(key, schedule, name, data, { ownerId }) {
      if (closed) return Promise.reject(new Error('Jobs runner is closed'));
      if (!handlers.has(name)) return Promise.reject(new UnknownJobError(name));
      // Parsed now, so a pattern that names no instant fails the call, not a later timer.
      nextCronRun(schedule.pattern, schedule.timeZone);
      clearTimeout(timers.get(key));
      const arm = () => {
        const at = nextCronRun(schedule.pattern, schedule.timeZone);
        // A timer waits at most ~24.8 days: a later instant is reached in steps.
        const wait = Math.min(at.getTime() - Date.now(), MAX_TIMER_MS);
        const timer = setTimeout(
          () => {
            if (closed || timers.get(key) !== timer) return;
            // Woken early (a wait longer than a timer holds): only armed again for the rest.
            const due = Date.now() + 5 >= at.getTime();
            arm();
            if (due) void jobs.enqueue(name, data, { ownerId }).catch(onListenerError);
          },
          Math.max(0, wait),
        );
        timer.unref();
        timers.set(key, timer);
      };
      arm();
      return Promise.resolve();
    },
    unschedule(key) {
      const timer = timers.get(key);
      clearTimeout(timer);
      return Promise.resolve(timers.delete(key));
    },
    scheduledKeys() {
      return Promise.resolve([...timers.keys()]);
    },
    async close() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
  return jobs;
}
