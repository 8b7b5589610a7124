/**
 * Pure translations between our event-store port and `@eventstore/db-client`, kept apart from the
 * adapter so each rule is unit-tested without a server.
 */
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamDeletedError as EsdbStreamDeletedError,
  StreamNotFoundError as EsdbStreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
} from '@eventstore/db-client';
import type {
  AppendExpectedRevision,
  Filter,
  JSONEventData,
  JSONType,
  Position as EsdbPosition,
  ReadPosition,
  ReadRevision,
  ReadStreamOptions as EsdbReadStreamOptions,
  RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { randomUUID } from 'node:crypto';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllFilter,
  type EventMetadata,
  type EventToAppend,
  type ExpectedState,
  type Position,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../port.js';
import { comparePositions } from '../position.js';

export function toEsdbExpectedRevision(state: ExpectedState): AppendExpectedRevision {
  switch (state) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return state;
  }
}

export function fromEsdbExpectedRevision(revision: AppendExpectedRevision): ExpectedState {
  switch (revision) {
    case ANY:
      return 'any';
    case NO_STREAM:
      return 'no_stream';
    case STREAM_EXISTS:
      return 'stream_exists';
    default:
      return revision;
  }
}

export function fromEsdbPosition(position: EsdbPosition): Position {
  return { commit: position.commit, prepare: position.prepare };
}

export function toEsdbReadPosition(from: Position | 'start' | 'end' | undefined): ReadPosition {
  if (from === undefined || from === 'start') return START;
  if (from === 'end') return END;
  return { commit: from.commit, prepare: from.prepare };
}

/** `from` is exclusive in our port while the client reads inclusively: true when `p` is past it. */
export function isAfter(p: Position, from: Position | 'start' | 'end' | undefined): boolean {
  return typeof from !== 'object' || comparePositions(p, from) > 0;
}

export function toEsdbReadStreamOptions(options: ReadStreamOptions = {}): EsdbReadStreamOptions {
  const direction = options.direction === 'backwards' ? BACKWARDS : FORWARDS;
  let fromRevision: ReadRevision;
  if (options.fromRevision === undefined) fromRevision = direction === BACKWARDS ? END : START;
  else if (options.fromRevision === 'start') fromRevision = START;
  else if (options.fromRevision === 'end') fromRevision = END;
  else fromRevision = options.fromRevision;
  const mapped: EsdbReadStreamOptions = { direction, fromRevision };
  if (options.maxCount !== undefined) mapped.maxCount = options.maxCount;
  return mapped;
}

export function toEsdbEventData(event: EventToAppend): JSONEventData {
  return {
    id: event.id ?? randomUUID(),
    contentType: 'application/json',
    type: event.type,
    // The client stringifies any JSON value; its JSONType only leaves out numbers, booleans and null.
    data: (event.data === undefined ? null : event.data) as JSONType,
    metadata: event.metadata ?? {},
  };
}

/** EventStoreDB's own events (`$>` links, `$metadata`, `$statsCollected`, …) never reach callers. */
export function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

function toMetadata(raw: unknown): EventMetadata {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || raw instanceof Uint8Array) {
    return {};
  }
  return raw as EventMetadata;
}

/**
 * A client event as ours, or null for system events and unresolved links. Stream reads carry the
 * event's position only from server 22.6 on; `commitPosition` is the older servers' fallback.
 */
export function fromEsdbEvent(resolved: {
  event?: EsdbRecordedEvent | undefined;
  commitPosition?: bigint | undefined;
}): RecordedEvent | null {
  const event = resolved.event;
  if (!event || isSystemEventType(event.type)) return null;
  let position: Position;
  if (event.position) position = fromEsdbPosition(event.position);
  else if (resolved.commitPosition !== undefined)
    position = { commit: resolved.commitPosition, prepare: resolved.commitPosition };
  else
    throw new Error(
      `EventStoreDB returned event ${event.id} without a position (server 22.6+ needed)`,
    );
  return {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position,
    type: event.type,
    data: event.data,
    metadata: toMetadata(event.metadata),
    createdAt: event.created,
  };
}

/** Exact client-side check; the server-side filter below only narrows what is sent. */
export function matchesFilter(
  event: Pick<RecordedEvent, 'type' | 'streamId'>,
  filter?: AllFilter,
): boolean {
  if (!filter) return true;
  if (filter.eventTypes && !filter.eventTypes.includes(event.type)) return false;
  if (filter.streamPrefixes && !filter.streamPrefixes.some((p) => event.streamId.startsWith(p))) {
    return false;
  }
  return true;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * The server-side filter for a subscription. The server takes one filter, on event type or on
 * stream name, so event types win (usually narrower) and `matchesFilter` applies the rest.
 */
export function toEsdbFilter(filter?: AllFilter): Filter {
  if (filter?.eventTypes && filter.eventTypes.length > 0) {
    return eventTypeFilter({ regex: `^(?:${filter.eventTypes.map(escapeRegex).join('|')})$` });
  }
  if (filter?.streamPrefixes && filter.streamPrefixes.length > 0) {
    return streamNameFilter({ prefixes: [...filter.streamPrefixes] });
  }
  return excludeSystemEvents();
}

/** Translates the client's errors into the port's; anything else passes through unchanged. */
export function toPortError(
  error: unknown,
  context: { streamId: string; expectedState?: ExpectedState; reading?: boolean },
): unknown {
  if (error instanceof EsdbWrongExpectedVersionError) {
    return new WrongExpectedVersionError(
      context.streamId,
      context.expectedState ?? fromEsdbExpectedRevision(error.expectedVersion),
      error.actualVersion,
    );
  }
  if (error instanceof EsdbStreamNotFoundError) return new StreamNotFoundError(context.streamId);
  // A deleted stream reads like an absent one; an append to it keeps the client's error.
  if (context.reading && error instanceof EsdbStreamDeletedError) {
    return new StreamNotFoundError(context.streamId);
  }
  return error;
}
