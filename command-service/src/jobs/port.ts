/**
 * The jobs port (DESIGN §2, §8): long work runs as a job with progress shown to its owner. BullMQ
 * serves it when REDIS_URL is set, an in-process runner otherwise; both honour this contract.
 */

export type JobState = 'queued' | 'running' | 'completed' | 'failed';

/** A number (percent) or any JSON object the handler chooses (e.g. `{ done, total }`). */
export type JobProgress = number | object;

export interface JobContext<Data = unknown> {
  id: string;
  data: Data;
  ownerId: string;
  reportProgress(progress: JobProgress): Promise<void>;
  /**
   * Aborted when someone stops the job (`Jobs.stop`): a handler checks it between steps (or
   * passes it on) and ends by throwing; the job then fails with the signal's reason.
   */
  signal: AbortSignal;
}

export type JobHandler<Data = unknown> = (ctx: JobContext<Data>) => Promise<unknown>;

export interface JobStatus {
  name: string;
  /** Who started it: whoever may see or stop it is decided from this. */
  ownerId: string;
  state: JobState;
  progress: JobProgress;
  result?: unknown;
  error?: string;
}

/** What the owner's browser hears about a job (event `jobProgress` in room `user:<ownerId>`). */
export interface JobProgressReport {
  jobId: string;
  name: string;
  ownerId: string;
  progress: JobProgress;
  state: JobState;
  result?: unknown;
  error?: string;
}

export type OnJobProgress = (report: JobProgressReport) => void | Promise<void>;

export interface EnqueueOptions {
  /** The user who started the job; progress goes to this user's socket room. */
  ownerId: string;
  /**
   * The job's id, when the caller already has one (the record the job works on): enqueueing an
   * id that is still known enqueues nothing and answers it again. Default: a new UUID.
   */
  jobId?: string;
}

/** When a scheduled job runs: a cron pattern read on a time zone's clock. */
export interface JobSchedule {
  /** Five fields (minute hour day-of-month month day-of-week), or six with seconds first. */
  pattern: string;
  /** IANA time zone, e.g. Europe/Berlin. */
  timeZone: string;
}

export interface Jobs {
  /** Registers the handler of a job name; define every name before enqueueing it. */
  define<Data = unknown>(name: string, handler: JobHandler<Data>): void;
  enqueue(name: string, data: unknown, options: EnqueueOptions): Promise<{ id: string }>;
  /** Null when the id is unknown (or its record has expired). */
  status(id: string): Promise<JobStatus | null>;
  /**
   * Stops a job: a queued one never runs, a running one's `signal` is aborted with a
   * `JobStoppedError` (on whichever node runs it). False when it is unknown or already finished.
   */
  stop(id: string): Promise<boolean>;
  /**
   * From now on, enqueues job `name` with `data` at every instant the schedule names, owned by
   * `ownerId`; a schedule already under `key` is replaced. Kept across restarts on BullMQ; the
   * in-process runner holds it until it closes (the start sets its schedules again).
   */
  schedule(
    key: string,
    schedule: JobSchedule,
    name: string,
    data: unknown,
    options: { ownerId: string },
  ): Promise<void>;
  /** Ends the schedule under `key`; false when there was none. */
  unschedule(key: string): Promise<boolean>;
  /** The keys of the schedules held now. */
  scheduledKeys(): Promise<string[]>;
  /** Stops taking jobs, waits for running ones, releases connections. */
  close(): Promise<void>;
}

export class UnknownJobError extends Error {
  override readonly name = 'UnknownJobError';
  constructor(readonly jobName: string) {
    super(`No handler is defined for job ${jobName}`);
  }
}

/** The reason a stopped job's signal is aborted with, and the error it then fails with. */
export class JobStoppedError extends Error {
  override readonly name = 'JobStoppedError';
  constructor() {
    super('Stopped.');
  }
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
