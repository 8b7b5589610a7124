import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type CommandResult,
  type EventStore,
  type RecordedEvent,
} from '@allot/shared-events';
import { randomUUID } from 'node:crypto';
import { deterministicId, SEED_ACTOR_ID } from '@allot/shared-events';
import { seedStreamId } from './seedEvents.js';
import type { SeedStep } from './seedStep.js';

/** The part of command-service's bus seeding uses; seeds go through the same commands as users. */
export interface SeedCommandBus {
  execute(
    commandName: string,
    payload: unknown,
    options?: { actorId?: string | null; correlationId?: string; causationId?: string; now?: Date },
  ): Promise<CommandResult>;
}

export interface RunSeedsOptions {
  store: EventStore;
  bus: SeedCommandBus;
  steps: readonly SeedStep[];
  /**
   * This start is the only one that can reach the store (the embedded data folder is locked):
   * a step claimed but never completed was left by a start that crashed, and is resumed at once.
   */
  exclusive?: boolean;
  /** A claim not renewed for this long is taken as a start that crashed, and the step is resumed. */
  claimTimeoutMs?: number;
  /** How often a running step renews its claim. */
  heartbeatMs?: number;
  now?: () => Date;
}

export interface SeedReport {
  applied: string[];
  /** Already applied, or applied meanwhile by another start that was waited for. */
  skipped: string[];
}

/** The actor recorded on seed events (shared-events, so the read side knows it too). */
export { SEED_ACTOR_ID };

const DEFAULT_CLAIM_TIMEOUT_MS = 20_000;
const DEFAULT_HEARTBEAT_MS = 4_000;
const WAIT_POLL_MS = 250;

/**
 * Runs each step once per database, in order. A step is claimed by appending `SeedStepStarted`
 * with the expected state the claimant saw, so of two concurrent starts only one runs it; the
 * other waits for it (later steps build on it) and finds `SeedStepCompleted`. A running step
 * renews its claim every few seconds; a claim left by a start that crashed is resumed at once
 * when this start is the only one (`exclusive`), else once it is no longer renewed. Steps are
 * idempotent (deterministic ids), so a resumed step adds only what the crash left out.
 */
export async function runSeeds(options: RunSeedsOptions): Promise<SeedReport> {
  const { store, bus, steps } = options;
  const now = options.now ?? (() => new Date());
  const claimTimeoutMs = options.claimTimeoutMs ?? DEFAULT_CLAIM_TIMEOUT_MS;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const owner = randomUUID();
  const report: SeedReport = { applied: [], skipped: [] };

  for (const step of steps) {
    const stream = seedStreamId(step.name);
    let claimRevision: bigint | null = null;
    while (claimRevision === null) {
      const last = (await readHistory(store, stream)).at(-1);
      if (last?.type === 'SeedStepCompleted') break;
      if (last && !options.exclusive && isLiveClaim(last, now(), claimTimeoutMs)) {
        // Another start is running it: wait, since the next steps build on it.
        await sleep(WAIT_POLL_MS);
        continue;
      }
      try {
        const claim = await store.appendToStream(
          stream,
          {
            type: 'SeedStepStarted',
            data: { step: step.name, startedAt: now().toISOString(), owner },
            metadata: { actorId: SEED_ACTOR_ID },
          },
          { expectedState: last ? last.revision : 'no_stream' },
        );
        claimRevision = claim.nextExpectedRevision;
      } catch (err) {
        // Another start claimed it in between: read again (and wait for it).
        if (!(err instanceof WrongExpectedVersionError)) throw err;
      }
    }
    if (claimRevision === null) {
      report.skipped.push(step.name);
      continue;
    }

    const heartbeat = keepClaimed(store, stream, step.name, owner, claimRevision, heartbeatMs, now);
    const correlationId = deterministicId(`seed/${step.name}`);
    try {
      await step.run({
        execute: (commandName, payload) =>
          bus.execute(commandName, payload, {
            actorId: SEED_ACTOR_ID,
            correlationId,
            causationId: correlationId,
            now: now(),
          }),
        executeAs: (userId, commandName, payload) =>
          bus.execute(commandName, payload, {
            actorId: userId,
            correlationId,
            causationId: correlationId,
            now: now(),
          }),
        id: (key) => deterministicId(`${step.name}/${key}`),
        read: (streamId) => readHistory(store, streamId),
      });
    } finally {
      await heartbeat.stop();
    }
    await store.appendToStream(
      stream,
      {
        type: 'SeedStepCompleted',
        data: { step: step.name, completedAt: now().toISOString() },
        metadata: { actorId: SEED_ACTOR_ID, correlationId },
      },
      // A start that judged this one dead may have resumed the step beside it (idempotent): the
      // step is complete either way.
      { expectedState: 'any' },
    );
    report.applied.push(step.name);
  }
  return report;
}

/** Renews the claim every `heartbeatMs` while the step runs. */
function keepClaimed(
  store: EventStore,
  stream: string,
  step: string,
  owner: string,
  claimRevision: bigint,
  heartbeatMs: number,
  now: () => Date,
): { stop(): Promise<void> } {
  let revision = claimRevision;
  let pending: Promise<void> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    pending = pending.then(async () => {
      if (stopped) return;
      try {
        const renewed = await store.appendToStream(
          stream,
          {
            type: 'SeedStepStillRunning',
            data: { step, owner, at: now().toISOString() },
            metadata: { actorId: SEED_ACTOR_ID },
          },
          { expectedState: revision },
        );
        revision = renewed.nextExpectedRevision;
      } catch {
        // Taken over by another start, or the store is away: the step goes on; it is idempotent.
        stopped = true;
      }
    });
  }, heartbeatMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pending;
    },
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function readHistory(store: EventStore, stream: string): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(stream);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  }
}

/** Whether a claim (or its last renewal) is recent enough that its start is taken as alive. */
function isLiveClaim(event: RecordedEvent, now: Date, timeoutMs: number): boolean {
  const data = event.data as { startedAt?: unknown; at?: unknown };
  const at =
    event.type === 'SeedStepStarted'
      ? data.startedAt
      : event.type === 'SeedStepStillRunning'
        ? data.at
        : undefined;
  const time = typeof at === 'string' ? Date.parse(at) : NaN;
  return Number.isFinite(time) && now.getTime() - time < timeoutMs;
}
