import { BACKWARDS, END, EventStoreDBClient, FORWARDS } from '@eventstore/db-client';
import type {
  AllStreamResolvedEvent,
  AllStreamSubscription,
  ReadPosition,
} from '@eventstore/db-client';
import type {
  AllFilter,
  AllSubscription,
  AppendOptions,
  AppendResult,
  EventStore,
  EventToAppend,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeToAllOptions,
} from '../port.js';
import { comparePositions } from '../position.js';
import {
  fromEsdbEvent,
  fromEsdbPosition,
  isAfter,
  matchesFilter,
  toEsdbEventData,
  toEsdbExpectedRevision,
  toEsdbFilter,
  toEsdbReadPosition,
  toEsdbReadStreamOptions,
  toPortError,
} from './mapping.js';

export interface EventStoreDbStoreOptions {
  /** Events fetched per `$all` page by `readAll` and `headPosition` (default 1000). */
  readPageSize?: number;
  /** Told about subscription failures before each reconnect. */
  logger?: { warn(message: string, error?: unknown): void };
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5000;

function toList(events: EventToAppend | readonly EventToAppend[]): readonly EventToAppend[] {
  return Array.isArray(events) ? (events as readonly EventToAppend[]) : [events as EventToAppend];
}

/** Our `EventStore` port on EventStoreDB / KurrentDB, e.g. `esdb://localhost:2113?tls=false`. */
export function createEventStoreDbStore(
  connectionString: string,
  options: EventStoreDbStoreOptions = {},
): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const pageSize = Math.max(2, options.readPageSize ?? 1000);
  const live = new Set<AllSubscription>();
  /** 'end' subscriptions still reading the end of $all; appends wait so they land after it. */
  const pendingStarts = new Set<Promise<void>>();

  /** One `$all` page, inclusive of `from` as the client reads; also reports how many raw events came. */
  async function readAllPage(
    from: ReadPosition,
    direction: typeof FORWARDS | typeof BACKWARDS,
    maxCount: number,
  ): Promise<{ raw: number; last: Position | null; events: RecordedEvent[] }> {
    let raw = 0;
    let last: Position | null = null;
    const events: RecordedEvent[] = [];
    for await (const resolved of client.readAll({ fromPosition: from, direction, maxCount })) {
      raw += 1;
      if (resolved.event?.position) last = fromEsdbPosition(resolved.event.position);
      const event = fromEsdbEvent(resolved);
      if (event) events.push(event);
    }
    return { raw, last, events };
  }

  /** Position of the event at `revision`; needed when the server answers a retried append. */
  async function positionAt(streamId: string, revision: bigint): Promise<Position> {
    const [event] = await readStream(streamId, { fromRevision: revision, maxCount: 1 });
    if (!event) throw new Error(`EventStoreDB has no event ${revision.toString()} in ${streamId}`);
    return event.position;
  }

  async function appendToStream(
    streamId: string,
    events: EventToAppend | readonly EventToAppend[],
    appendOptions: AppendOptions = {},
  ): Promise<AppendResult> {
    const list = toList(events);
    if (list.length === 0) throw new RangeError('appendToStream needs at least one event');
    const expectedState = appendOptions.expectedState ?? 'any';
    if (pendingStarts.size > 0) await Promise.allSettled([...pendingStarts]);
    try {
      const result = await client.appendToStream(streamId, list.map(toEsdbEventData), {
        expectedRevision: toEsdbExpectedRevision(expectedState),
      });
      // An idempotent retry comes back without a position, but with the original last revision.
      const position = result.position
        ? fromEsdbPosition(result.position)
        : await positionAt(streamId, result.nextExpectedRevision);
      return { nextExpectedRevision: result.nextExpectedRevision, position };
    } catch (error) {
      throw toPortError(error, { streamId, expectedState });
    }
  }

  async function readStream(
    streamId: string,
    readOptions?: ReadStreamOptions,
  ): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(
        streamId,
        toEsdbReadStreamOptions(readOptions),
      )) {
        const event = fromEsdbEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      throw toPortError(error, { streamId, reading: true });
    }
    return events;
  }

  /** The client has no filtered `$all` read: page through it and filter here, exclusive start. */
  async function readAll(readOptions: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const wanted = readOptions.maxCount ?? Number.POSITIVE_INFINITY;
    const out: RecordedEvent[] = [];
    const { filter } = readOptions;
    // An empty list matches nothing (as in the PostgreSQL adapter): no need to scan $all for it.
    if (wanted <= 0 || filter?.eventTypes?.length === 0 || filter?.streamPrefixes?.length === 0)
      return out;
    let from: Position | 'start' = readOptions.fromPosition ?? 'start';
    for (;;) {
      const size = readOptions.filter ? pageSize : Math.min(pageSize, wanted + 1);
      const page = await readAllPage(toEsdbReadPosition(from), FORWARDS, size);
      for (const event of page.events) {
        if (!isAfter(event.position, from) || !matchesFilter(event, readOptions.filter)) continue;
        out.push(event);
        if (out.length >= wanted) return out;
      }
      if (page.raw < size || !page.last) return out;
      from = page.last;
    }
  }

  /** Newest non-system event: `$all` backwards from its end, past any trailing system events. */
  async function headPosition(): Promise<Position | null> {
    // Exclusive upper bound of the next page; null while still at the end of $all.
    let before: Position | null = null;
    const size = Math.min(pageSize, 64);
    for (;;) {
      const bound: Position | null = before;
      const page = await readAllPage(bound ?? END, BACKWARDS, size);
      const newest = page.events.find((e) => !bound || comparePositions(e.position, bound) < 0);
      if (newest) return newest.position;
      const stalled = !page.last || (bound !== null && comparePositions(page.last, bound) >= 0);
      if (page.raw < size || stalled) return null;
      before = page.last;
    }
  }

  /** Position of the last record in `$all`, system ones included; null when it is empty. */
  async function endOfAll(): Promise<Position | null> {
    const page = await readAllPage(END, BACKWARDS, 1);
    return page.last;
  }

  function subscribeToAll(subscribeOptions: SubscribeToAllOptions = {}): AllSubscription {
    const filter: AllFilter | undefined = subscribeOptions.filter;
    // Exclusive resume point: the start, then the last event seen, so a reconnect repeats nothing.
    let cursor: Position | 'start' | 'end' = subscribeOptions.fromPosition ?? 'start';
    let stopped = false;
    let wakeSleeper: (() => void) | null = null;
    const open = (): AllStreamSubscription =>
      client.subscribeToAll({
        fromPosition: toEsdbReadPosition(cursor),
        filter: toEsdbFilter(filter),
      });

    // 'end' becomes the current end of $all, and this store's appends wait for it, so an event
    // appended after this call is always delivered (as with the PostgreSQL adapter).
    let resolvingEnd: Promise<void> | null = null;
    if (cursor === 'end') {
      resolvingEnd = endOfAll().then(
        (position) => {
          cursor = position ?? 'start';
        },
        (error: unknown) => {
          // Left at 'end': the server's own end, which an append racing this call may precede.
          options.logger?.warn('EventStoreDB: could not read the end of $all', error);
        },
      );
      const pending = resolvingEnd.finally(() => pendingStarts.delete(pending));
      pendingStarts.add(pending);
    }
    let current: AllStreamSubscription | null = resolvingEnd ? null : open();

    /** 100 ms doubling to 5 s; `unsubscribe` cuts it short. */
    async function backOff(failures: number): Promise<void> {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(
          resolve,
          Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1)),
        );
        wakeSleeper = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeSleeper = null;
    }

    async function* events(): AsyncGenerator<RecordedEvent> {
      let failures = 0;
      try {
        if (resolvingEnd) await resolvingEnd;
        while (!stopped) {
          current ??= open();
          try {
            for await (const resolved of current as AsyncIterable<AllStreamResolvedEvent>) {
              if (stopped) return;
              const event = fromEsdbEvent(resolved);
              if (!event || !isAfter(event.position, cursor)) continue;
              cursor = event.position;
              failures = 0;
              if (matchesFilter(event, filter)) yield event;
            }
          } catch (error) {
            if (stopped) return;
            options.logger?.warn('EventStoreDB subscription failed; reconnecting', error);
          }
          if (stopped) return;
          // Failed, or ended by the server (a live subscription should not): back off, then resume.
          failures += 1;
          await backOff(failures);
          if (stopped) return;
          await current.unsubscribe();
          current = null;
        }
      } finally {
        stopped = true;
        live.delete(subscription);
        await current?.unsubscribe();
      }
    }

    const iterator = events();
    const subscription: AllSubscription = {
      [Symbol.asyncIterator]: () => iterator,
      async unsubscribe() {
        if (stopped) return;
        stopped = true;
        live.delete(subscription);
        wakeSleeper?.();
        await current?.unsubscribe();
      },
    };
    live.add(subscription);
    return subscription;
  }

  return {
    appendToStream,
    readStream,
    readAll,
    subscribeToAll,
    headPosition,
    // EventStoreDB shows an event to readers as soon as it is written.
    committedHeadPosition: headPosition,
    async close() {
      await Promise.all([...live].map((s) => s.unsubscribe()));
      await client.dispose();
    },
  };
}
