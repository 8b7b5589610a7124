import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type CommandResult,
  type EventStore,
  type ExpectedState,
  type RecordedEvent,
} from '@allot/shared-events';
import { deterministicId } from './deterministicId.js';
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
  /** A claim older than this is taken as a start that crashed, and the step is run again. */
  claimTimeoutMs?: number;
  now?: () => Date;
}

export interface SeedReport {
  applied: string[];
  /** Already applied, or being applied right now by another start. */
  skipped: string[];
}

/** The actor recorded on seed events, so the audit trail tells demo data from people's work. */
export const SEED_ACTOR_ID = 'seed';

const DEFAULT_CLAIM_TIMEOUT_MS = 5 * 60_000;

/**
 * Runs each step once per database. A step is claimed by appending `SeedStepStarted` with the
 * expected state the claimant saw, so of two concurrent starts only one runs it; a second start
 * finds `SeedStepCompleted` and adds nothing.
 */
export async function runSeeds(options: RunSeedsOptions): Promise<SeedReport> {
  const { store, bus, steps } = options;
  const now = options.now ?? (() => new Date());
  const claimTimeoutMs = options.claimTimeoutMs ?? DEFAULT_CLAIM_TIMEOUT_MS;
  const report: SeedReport = { applied: [], skipped: [] };

  for (const step of steps) {
    const stream = seedStreamId(step.name);
    const history = await readHistory(store, stream);
    const last = history.at(-1);
    if (last?.type === 'SeedStepCompleted' || (last && isFreshClaim(last, now(), claimTimeoutMs))) {
      report.skipped.push(step.name);
      continue;
    }
    const expectedState: ExpectedState = last ? last.revision : 'no_stream';
    let claimRevision: bigint;
    try {
      const claim = await store.appendToStream(
        stream,
        {
          type: 'SeedStepStarted',
          data: { step: step.name, startedAt: now().toISOString() },
          metadata: { actorId: SEED_ACTOR_ID },
        },
        { expectedState },
      );
      claimRevision = claim.nextExpectedRevision;
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) {
        report.skipped.push(step.name);
        continue;
      }
      throw err;
    }

    const correlationId = deterministicId(`seed/${step.name}`);
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
    await store.appendToStream(
      stream,
      {
        type: 'SeedStepCompleted',
        data: { step: step.name, completedAt: now().toISOString() },
        metadata: { actorId: SEED_ACTOR_ID, correlationId },
      },
      { expectedState: claimRevision },
    );
    report.applied.push(step.name);
  }
  return report;
}

async function readHistory(store: EventStore, stream: string): Promise<RecordedEvent[]> {
  try {
    return await store.readStream(stream);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  }
}

function isFreshClaim(event: RecordedEvent, now: Date, timeoutMs: number): boolean {
  if (event.type !== 'SeedStepStarted') return false;
  const data = event.data as { startedAt?: unknown };
  const startedAt = typeof data.startedAt === 'string' ? Date.parse(data.startedAt) : NaN;
  return Number.isFinite(startedAt) && now.getTime() - startedAt < timeoutMs;
}
