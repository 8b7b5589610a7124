import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import {
  JobStoppedError,
  UnknownJobError,
  type EnqueueOptions,
  type JobHandler,
  type JobProgress,
  type JobProgressReport,
  type JobState,
  type JobStatus,
  type Jobs,
  type OnJobProgress,
} from './port.js';

export interface BullMqJobsOptions {
  redisUrl: string;
  /** BullMQ key prefix; every key of this runner starts with it. Default `allot`. */
  prefix?: string;
  queueName?: string;
  /** Called in this process for every job's progress, whichever node's worker runs it. */
  onProgress?: OnJobProgress;
  /** Jobs this node's worker runs at once; default 1. */
  concurrency?: number;
  /** Run a worker here (default true); a web node with separate workers passes false. */
  worker?: boolean;
  /** Connection and listener errors (Redis down, a failing onProgress). */
  onError?: (err: unknown) => void;
}

/** What is stored in Redis: the owner travels with the job so any node can report to them. */
interface Envelope {
  ownerId: string;
  data: unknown;
}

interface Meta {
  name: string;
  ownerId: string;
  progress: JobProgress;
}

const DAY_S = 24 * 3600;

/** One attempt (a job that fails says why; nobody wants a report written twice); kept a while. */
const JOB_RETENTION = {
  attempts: 1,
  removeOnComplete: { age: DAY_S, count: 1000 },
  removeOnFail: { age: 7 * DAY_S, count: 1000 },
};

function asProgress(value: unknown): JobProgress {
  return typeof value === 'number' || (typeof value === 'object' && value !== null) ? value : 0;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' && value !== null && typeof (value as Envelope).ownerId === 'string'
  );
}

function toState(state: string): JobState {
  switch (state) {
    case 'active':
      return 'running';
    case 'completed':
      return 'completed';
    case 'failed':
      return 'failed';
    default:
      return 'queued';
  }
}

/**
 * Jobs on BullMQ (REDIS_URL set): any node enqueues, any worker runs, and progress read from the
 * queue's event stream (QueueEvents) reaches `onProgress` in every listening web process.
 */
export function createBullMqJobs(options: BullMqJobsOptions): Jobs {
  const prefix = options.prefix ?? 'allot';
  const queueName = options.queueName ?? 'allot-jobs';
  const onError = options.onError ?? ((err) => console.error('jobs:', err));
  // Blocking connections (worker, events) must retry forever instead of failing a command.
  const connection = { url: options.redisUrl, maxRetriesPerRequest: null };
  const handlers = new Map<string, JobHandler>();
  // Enqueueing fails fast while Redis is away, so the request answers an error instead of hanging.
  const queue = new Queue<Envelope>(queueName, {
    connection: { url: options.redisUrl, enableOfflineQueue: false },
    prefix,
  });
  queue.on('error', onError);
  let worker: Worker<Envelope> | undefined;
  let events: QueueEvents | undefined;
  const metas = new Map<string, Meta>();
  // Events are handled one after another so the owner sees progress in the order it was made.
  let chain: Promise<void> = Promise.resolve();

  async function metaOf(jobId: string): Promise<Meta | undefined> {
    const known = metas.get(jobId);
    if (known) return known;
    const job = await queue.getJob(jobId);
    if (!job || !isEnvelope(job.data)) return undefined;
    const meta: Meta = { name: job.name, ownerId: job.data.ownerId, progress: 0 };
    metas.set(jobId, meta);
    return meta;
  }

  function relay(jobId: string, state: JobState, change: Partial<JobProgressReport>): void {
    const onProgress = options.onProgress;
    if (!onProgress) return;
    chain = chain.then(async () => {
      try {
        const meta = await metaOf(jobId);
        if (!meta) return;
        if (change.progress !== undefined) meta.progress = change.progress;
        if (state === 'completed' || state === 'failed') metas.delete(jobId);
        await onProgress({
          jobId,
          name: meta.name,
          ownerId: meta.ownerId,
          progress: meta.progress,
          state,
          ...change,
        });
      } catch (err) {
        onError(err);
      }
    });
  }

  async function listen(): Promise<QueueEvents> {
    // Start the event reader at the stream's current end, read before any enqueue of ours: a
    // reader starting at '$' would miss events written before its first blocking read.
    const probe = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    probe.on('error', onError);
    let lastEventId = '0-0';
    try {
      const last = await probe.xrevrange(queue.toKey('events'), '+', '-', 'COUNT', 1);
      lastEventId = last[0]?.[0] ?? '0-0';
    } finally {
      probe.disconnect();
    }
    const qe = new QueueEvents(queueName, { connection, prefix, lastEventId });
    qe.on('error', onError);
    qe.on('active', ({ jobId }) => relay(jobId, 'running', {}));
    qe.on('progress', ({ jobId, data }) => relay(jobId, 'running', { progress: asProgress(data) }));
    qe.on('completed', ({ jobId, returnvalue }) =>
      relay(jobId, 'completed', { result: returnvalue }),
    );
    qe.on('failed', ({ jobId, failedReason }) => relay(jobId, 'failed', { error: failedReason }));
    await qe.waitUntilReady();
    return qe;
  }

  // A stop is a key (read when a worker takes the job: it was stopped while queued) and a
  // message to every node's worker (one of them may be running it now).
  const stopKey = (id: string) => `${queue.toKey('stopped')}:${id}`;
  const stopChannel = queue.toKey('stop');
  // Fails fast while Redis is away, as enqueueing does.
  const control = new Redis(options.redisUrl, { enableOfflineQueue: false, lazyConnect: true });
  control.on('error', onError);

  // Three parameters: BullMQ passes the abort signal only to a processor that declares it.
  async function runJob(
    job: Job<Envelope>,
    _token: string | undefined,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const handler = handlers.get(job.name);
    if (!handler) throw new UnknownJobError(job.name);
    if (!isEnvelope(job.data) || job.id === undefined)
      throw new Error(`Job ${job.name} has no owner`);
    if ((await control.exists(stopKey(job.id))) === 1) throw new JobStoppedError();
    // BullMQ aborts with its own reason (a string); the handler sees the port's error.
    const stopped = new AbortController();
    if (signal?.aborted) stopped.abort(new JobStoppedError());
    signal?.addEventListener('abort', () => stopped.abort(new JobStoppedError()), { once: true });
    return handler({
      id: job.id,
      data: job.data.data,
      ownerId: job.data.ownerId,
      signal: stopped.signal,
      reportProgress: (progress) => job.updateProgress(progress),
    });
  }

  let stopListener: Redis | undefined;
  async function listenForStops(): Promise<Redis> {
    const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    subscriber.on('error', onError);
    subscriber.on('message', (_channel: string, id: string) => {
      worker?.cancelJob(id, 'stopped');
    });
    await subscriber.subscribe(stopChannel);
    return subscriber;
  }

  // Worker and listener start after this tick, so the synchronous `define` calls that follow
  // creation are in place before the first job is taken.
  const ready: Promise<void> = (async () => {
    await Promise.resolve();
    // Before the worker: it asks `control` whether a job was stopped as soon as it takes one, and
    // another node may have enqueued one already (a job taken first failed with "Stream isn't
    // writeable").
    await control.connect();
    if (options.onProgress) events = await listen();
    if (options.worker ?? true) {
      stopListener = await listenForStops();
      worker = new Worker<Envelope>(queueName, runJob, {
        connection,
        prefix,
        concurrency: Math.max(1, options.concurrency ?? 1),
      });
      worker.on('error', onError);
      await worker.waitUntilReady();
    }
    await queue.waitUntilReady();
  })();
  // A start failure surfaces on the first enqueue/status call; this keeps it from being unhandled.
  ready.catch(onError);

  return {
    define(name, handler) {
      // Handlers are stored untyped; the data a caller enqueues is passed through unchanged.
      handlers.set(name, handler as JobHandler);
    },
    async enqueue(name: string, data: unknown, { ownerId, jobId }: EnqueueOptions) {
      if (!handlers.has(name)) throw new UnknownJobError(name);
      await ready;
      // BullMQ adds nothing for an id it still holds.
      const id = jobId ?? randomUUID();
      await queue.add(name, { ownerId, data }, { jobId: id, ...JOB_RETENTION });
      return { id };
    },
    async status(id): Promise<JobStatus | null> {
      await ready;
      const job = await queue.getJob(id);
      if (!job || !isEnvelope(job.data)) return null;
      const state = toState(await job.getState());
      const status: JobStatus = {
        name: job.name,
        ownerId: job.data.ownerId,
        state,
        progress: asProgress(job.progress),
      };
      if (state === 'completed') status.result = job.returnvalue;
      if (state === 'failed') status.error = job.failedReason;
      return status;
    },
    async stop(id) {
      await ready;
      const job = await queue.getJob(id);
      if (!job) return false;
      const state = await job.getState();
      if (state === 'completed' || state === 'failed' || state === 'unknown') return false;
      await control.set(stopKey(id), '1', 'EX', 7 * DAY_S);
      await control.publish(stopChannel, id);
      return true;
    },
    async schedule(key, schedule, name, data, { ownerId }) {
      if (!handlers.has(name)) throw new UnknownJobError(name);
      await ready;
      // One scheduler per key in Redis, shared by every node: whichever worker is free runs it.
      await queue.upsertJobScheduler(
        key,
        { pattern: schedule.pattern, tz: schedule.timeZone },
        { name, data: { ownerId, data }, opts: JOB_RETENTION },
      );
    },
    async unschedule(key) {
      await ready;
      return queue.removeJobScheduler(key);
    },
    async scheduledKeys() {
      await ready;
      const schedulers = await queue.getJobSchedulers(0, -1);
      return schedulers.map((s) => s.key);
    },
    async close() {
      await ready.catch(() => undefined);
      await worker?.close();
      stopListener?.disconnect();
      control.disconnect();
      await events?.close();
      await queue.close();
      await chain;
    },
  };
}
