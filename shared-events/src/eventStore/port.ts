/**
 * The event-store port. It mirrors the EventStoreDB client (appendToStream, readStream, readAll,
 * subscribeToAll, expected states, errors) so that the PostgreSQL and EventStoreDB adapters are
 * interchangeable and one contract-test suite checks both.
 */

/** Expected state of a stream before an append, exactly as in EventStoreDB. */
export type ExpectedState = 'any' | 'no_stream' | 'stream_exists' | bigint;

/**
 * A position in the global log. Opaque to callers: compare with `comparePositions`, serialise with
 * `positionToToken`. For PostgreSQL `commit` is the transaction id (xid8) and `prepare` the global
 * sequence position; for EventStoreDB they are its commit and prepare positions. Both order as the
 * pair (commit, prepare), never as one number.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

/**
 * The actor recorded on the demo seeds' events, so the audit trail tells demo data from people's
 * work (and notifications leave the starting state untold).
 */
export const SEED_ACTOR_ID = 'seed';
/** The actor of what Allot does by itself (a job no person started, a digest). */
export const SYSTEM_ACTOR_ID = 'system';

export interface EventMetadata {
  actorId?: string | null;
  /** The authenticated user when `actorId` is a masqueraded working user. */
  onBehalfOfId?: string | null;
  /**
   * The API key a Bearer request came with (`actorId` is then the key's user). Optional: events
   * written before keys were recorded, and every event not written through a key, have none.
   */
  apiKeyId?: string | null;
  /** Who made that API key: a write through a key names both the key and its maker. */
  apiKeyCreatorId?: string | null;
  correlationId?: string;
  causationId?: string;
  occurredAt?: string;
  schemaVersion?: number;
  [key: string]: unknown;
}

export interface EventToAppend<Type extends string = string, Data = unknown> {
  /** Unique id; a retried append carrying the same ids is idempotent. Generated when absent. */
  id?: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  streamId: string;
  /** 0-based revision of this event within its stream. */
  revision: bigint;
  position: Position;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  createdAt: Date;
}

export interface AppendOptions {
  expectedState?: ExpectedState;
  /** Stored with a new stream (e.g. `section`); derived from the id's prefix when absent. */
  streamType?: string;
}

/** One stream's part of an append to several streams at once (`appendToStreams`). */
export interface StreamAppend {
  streamId: string;
  events: readonly EventToAppend[];
  options?: AppendOptions;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: bigint;
  /** Position of the last appended event. */
  position: Position;
}

export interface ReadStreamOptions {
  fromRevision?: bigint | 'start' | 'end';
  direction?: 'forwards' | 'backwards';
  maxCount?: number;
}

export interface AllFilter {
  eventTypes?: readonly string[];
  streamPrefixes?: readonly string[];
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. 'start' reads from the beginning. */
  fromPosition?: Position | 'start';
  maxCount?: number;
  filter?: AllFilter;
}

export interface SubscribeToAllOptions {
  /** Exclusive start position; 'end' delivers only events appended after subscribing. */
  fromPosition?: Position | 'start' | 'end';
  filter?: AllFilter;
  /** How many events one catch-up read fetches. */
  batchSize?: number;
}

/** Catch-up then live subscription; iterate it, or stop it with `unsubscribe`. */
export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  unsubscribe(): Promise<void>;
}

export interface EventStore {
  appendToStream(
    streamId: string,
    events: EventToAppend | readonly EventToAppend[],
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /**
   * Appends to several streams in one transaction: all of them or none, each checked against its
   * own expected state (a WrongExpectedVersionError names the stream that failed). One round trip
   * and one commit where each stream alone costs its own: for a writer of many small streams at
   * once (a clone's sections, their numbers, their calendars). Offered only by an engine that can
   * (PostgreSQL); EventStoreDB appends to one stream at a time, and a caller then appends to each.
   */
  appendToStreams?(appends: readonly StreamAppend[]): Promise<AppendResult[]>;
  /** Throws StreamNotFoundError when the stream has no events. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(options?: SubscribeToAllOptions): AllSubscription;
  /** Position of the newest event visible to readers, or null for an empty store. */
  headPosition(): Promise<Position | null>;
  /**
   * Position of the newest committed event, which readers may not see yet (PostgreSQL shows an
   * event once every older transaction in the cluster has ended). Waiting for a projection to pass
   * it waits for everything written before the call; the visible head may still stop short of it.
   */
  committedHeadPosition(): Promise<Position | null>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expectedState: ExpectedState,
    /** Current revision, or 'no_stream' when the stream does not exist. */
    readonly actualState: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected ${String(expectedState)}, actual ${String(actualState)}`);
  }
}

export class StreamNotFoundError extends Error {
  override readonly name = 'StreamNotFoundError';
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} not found`);
  }
}
