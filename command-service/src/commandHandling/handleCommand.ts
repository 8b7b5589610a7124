import { randomUUID } from 'node:crypto';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  positionToToken,
  START_POSITION,
  type CommandResult,
  type EventStore,
  type Position,
} from '@allot/shared-events';
import { ConflictError } from '../errors/errors.js';
import {
  eventMetadataFor,
  type Command,
  type CommandMeta,
  type Decider,
  type DomainEvent,
} from './decider.js';

/** A stream's revision: the last event's 0-based revision, or 'no_stream'. */
export type StreamRevision = bigint | 'no_stream';

export interface LoadedAggregate<S> {
  state: S;
  revision: StreamRevision;
  /** Position of the stream's last event, null when the stream does not exist. */
  position: Position | null;
}

export interface HandleCommandOptions<S> {
  meta: CommandMeta;
  /** Id answered to the client (the entity the command is about). */
  entityId: string;
  /** The revision the client based its change on (If-Match). Absent: last write wins, retried. */
  expectedRevision?: StreamRevision;
  /** Throws ForbiddenError when the caller may not run this command on this state. */
  authorize?: (state: S) => void;
  /** Attempts when a concurrent write races us and no expected revision was given. */
  maxAttempts?: number;
  /**
   * Where the first attempt reads the aggregate from, instead of its stream (an in-memory index
   * kept current from the log). A stale answer only fails the append, and every retry reads the
   * stream itself.
   */
  loadFirst?: () => Promise<LoadedAggregate<S> | null>;
  /**
   * Runs on each attempt after the decision, before its events are appended, with the state they
   * leave and the stream's revision once written (a section claims its calendars here).
   */
  beforeAppend?: (after: S, revisionAfter: number) => Promise<void>;
}

// Under N racing writers the last one needs N attempts; seeding and jobs may run a few at once.
const DEFAULT_MAX_ATTEMPTS = 8;

export function revisionToNumber(revision: StreamRevision): number {
  return revision === 'no_stream' ? -1 : Number(revision);
}

export async function loadAggregate<S, E extends DomainEvent>(
  store: EventStore,
  decider: Pick<Decider<Command, S, E>, 'evolve' | 'initialState'>,
  streamId: string,
): Promise<LoadedAggregate<S>> {
  try {
    const events = await store.readStream(streamId);
    const last = events.at(-1);
    // Only this aggregate's decider writes to its stream, so its events have its event types.
    const state = events.reduce(
      (s, e) => decider.evolve(s, e as unknown as E),
      decider.initialState,
    );
    return {
      state,
      revision: last ? last.revision : 'no_stream',
      position: last?.position ?? null,
    };
  } catch (err) {
    if (err instanceof StreamNotFoundError) {
      return { state: decider.initialState, revision: 'no_stream', position: null };
    }
    throw err;
  }
}

/** Whether a stream's last revision is still `revision` (one backwards read of one event). */
async function isCurrent(
  store: EventStore,
  streamId: string,
  revision: StreamRevision,
): Promise<boolean> {
  try {
    const [last] = await store.readStream(streamId, {
      direction: 'backwards',
      fromRevision: 'end',
      maxCount: 1,
    });
    return (last?.revision ?? 'no_stream') === revision;
  } catch (err) {
    if (err instanceof StreamNotFoundError) return revision === 'no_stream';
    throw err;
  }
}

/**
 * Load → authorize → decide → append with the expected revision (DESIGN §4). A stale
 * `expectedRevision` answers ConflictError at once; without one a racing write is retried on the
 * fresh state a few times before answering ConflictError.
 */
export async function handleCommand<C extends Command, S, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<C, S, E>,
  streamId: string,
  command: C,
  options: HandleCommandOptions<S>,
): Promise<CommandResult> {
  const { meta, entityId, expectedRevision } = options;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  for (let attempt = 1; ; attempt++) {
    const cached = attempt === 1 ? await options.loadFirst?.() : null;
    const loaded = cached ?? (await loadAggregate(store, decider, streamId));
    let events: readonly E[];
    try {
      options.authorize?.(loaded.state);
      if (expectedRevision !== undefined && expectedRevision !== loaded.revision) {
        throw new ConflictError(revisionToNumber(loaded.revision));
      }
      events = decider.decide(command, loaded.state, meta);
    } catch (err) {
      // A refusal of the index's copy stands only if the copy is the stream as it is now: an
      // index reads the log only as far as every older transaction has ended, so on a busy
      // server a write committed a moment ago (this user's own) may not be in it yet. Then the
      // next attempt decides on the stream itself.
      if (cached && !(await isCurrent(store, streamId, cached.revision))) continue;
      throw err;
    }
    if (events.length === 0) {
      return {
        id: entityId,
        revision: revisionToNumber(loaded.revision),
        position: positionToToken(loaded.position ?? START_POSITION),
      };
    }
    const metadata = eventMetadataFor(meta);
    if (options.beforeAppend) {
      // Each event as it will be read back: with its metadata (the time it occurred).
      const after = events.reduce(
        (state, event) => decider.evolve(state, { ...event, metadata }),
        loaded.state,
      );
      await options.beforeAppend(after, revisionToNumber(loaded.revision) + events.length);
    }
    try {
      const appended = await store.appendToStream(
        streamId,
        events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })),
        { expectedState: loaded.revision },
      );
      return {
        id: entityId,
        revision: Number(appended.nextExpectedRevision),
        position: positionToToken(appended.position),
      };
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError)) throw err;
      if (expectedRevision !== undefined || attempt >= maxAttempts) {
        throw new ConflictError(revisionToNumber(err.actualState));
      }
    }
  }
}
