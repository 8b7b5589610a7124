import { useSyncExternalStore } from 'react';

/**
 * What the server says of one of the signed-in user's jobs (`jobProgress`, to their own room;
 * command-service jobs/port.ts): its progress as the job reports it, then its end.
 */
export interface JobProgressReport {
  jobId: string;
  name: string;
  state: 'queued' | 'running' | 'completed' | 'failed';
  progress: unknown;
  result?: unknown;
  error?: string;
}

const STATES = new Set(['queued', 'running', 'completed', 'failed']);
/** Reports kept, the latest per job; the oldest jobs are forgotten first. */
const KEPT = 200;

const latest = new Map<string, JobProgressReport>();
const listeners = new Set<() => void>();

function asReport(payload: unknown): JobProgressReport | null {
  if (!payload || typeof payload !== 'object') return null;
  const { jobId, name, state, progress, result, error } = payload as Record<string, unknown>;
  if (typeof jobId !== 'string' || typeof name !== 'string' || typeof state !== 'string') {
    return null;
  }
  if (!STATES.has(state)) return null;
  return {
    jobId,
    name,
    state: state as JobProgressReport['state'],
    progress,
    ...(result === undefined ? {} : { result }),
    ...(typeof error === 'string' ? { error } : {}),
  };
}

/** Keeps a `jobProgress` event's report (the realtime connection calls it) and tells watchers. */
export function publishJobProgress(payload: unknown): void {
  const report = asReport(payload);
  if (!report) return;
  latest.delete(report.jobId);
  latest.set(report.jobId, report);
  while (latest.size > KEPT) {
    const oldest = latest.keys().next().value;
    if (oldest === undefined) break;
    latest.delete(oldest);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The latest report of a job, or null before the first. */
export function latestJobProgress(jobId: string): JobProgressReport | null {
  return latest.get(jobId) ?? null;
}

/** The latest report of a job as it changes, or null before the first (or without a job). */
export function useJobProgress(jobId: string | null): JobProgressReport | null {
  return useSyncExternalStore(subscribe, () => (jobId ? latestJobProgress(jobId) : null));
}

/** For tests: forgets every report. */
export function forgetJobProgress(): void {
  latest.clear();
  for (const listener of listeners) listener();
}

/** What a job stopped before it ran fails with (the jobs port's JobStoppedError). */
const STOPPED = 'Stopped.';

/** Stopped while it still waited its turn: it never ran, which is no failure. */
export function stoppedBeforeItRan(report: JobProgressReport | null): boolean {
  return report?.state === 'failed' && report.error === STOPPED;
}
