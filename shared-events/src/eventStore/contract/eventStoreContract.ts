import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllSubscription,
  type EventStore,
  type ExpectedState,
  type Position,
  type RecordedEvent,
} from '../port.js';
import { comparePositions } from '../position.js';

export interface OpenedStore {
  store: EventStore;
  close(): Promise<void>;
}

// One iterator per subscription, so successive takes continue where the previous one stopped.
const iterators = new WeakMap<AllSubscription, AsyncIterator<RecordedEvent>>();

/** Next `count` events of a subscription, failing after `timeoutMs` without them. */
export async function takeEvents(
  subscription: AllSubscription,
  count: number,
  timeoutMs = 10_000,
): Promise<RecordedEvent[]> {
  let iterator = iterators.get(subscription);
  if (!iterator) {
    iterator = subscription[Symbol.asyncIterator]();
    iterators.set(subscription, iterator);
  }
  const received: RecordedEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`Subscription delivered ${String(received.length)} of ${String(count)} events`),
        ),
      timeoutMs,
    );
  });
  try {
    while (received.length < count) {
      const next = await Promise.race([iterator.next(), timeout]);
      if (next.done) break;
      received.push(next.value);
    }
  } finally {
    clearTimeout(timer);
  }
  return received;
}

/** The error a promise rejects with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('Expected the promise to reject');
}

/**
 * What every event-store adapter must do (DESIGN §3). Each test works on streams with a fresh
 * unique prefix, so the suite also runs against a store that holds other events.
 */
export function describeEventStoreContract(name: string, open: () => Promise<OpenedStore>): void {
  describe(`event-store contract: ${name}`, () => {
    let opened: OpenedStore;
    let store: EventStore;
    let prefix: string;

    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(async () => {
      await opened.close();
    });

    const fresh = () => {
      prefix = `ct${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      return prefix;
    };
    const stream = (suffix: string) => `${prefix}-${suffix}`;
    const ev = (n: number, type = 'ThingHappened') => ({
      type,
      data: { n },
      metadata: { actorId: `a${String(n)}` },
    });
    const onlyMine = (events: readonly RecordedEvent[]) =>
      events.filter((e) => e.streamId.startsWith(`${prefix}-`));

    /**
     * The global log (readAll, the head) shows an append once every transaction that began
     * before it has ended: on PostgreSQL a transaction of another test on the same server may
     * still be open, and an event it could precede is held back meanwhile. Waits until the head
     * has reached `position` (at once where nothing is held back).
     */
    async function visible(position: Position): Promise<void> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const head = await store.headPosition();
        if (head && comparePositions(head, position) >= 0) return;
        if (Date.now() > deadline) throw new Error('the append never reached the head');
        await new Promise((r) => setTimeout(r, 25));
      }
    }

    async function wrongVersion(
      streamId: string,
      expectedState: ExpectedState,
    ): Promise<WrongExpectedVersionError> {
      const err = await rejection(store.appendToStream(streamId, ev(99), { expectedState }));
      expect(err).toBeInstanceOf(WrongExpectedVersionError);
      const wev = err as WrongExpectedVersionError;
      expect(wev.streamId).toBe(streamId);
      expect(wev.expectedState).toBe(expectedState);
      return wev;
    }

    it('appends events and reads them back with revisions, ids, data, metadata and positions', async () => {
      fresh();
      const id = randomUUID();
      const result = await store.appendToStream(
        stream('a'),
        [{ ...ev(1), id }, ev(2, 'OtherThing')],
        {
          expectedState: 'no_stream',
        },
      );
      expect(result.nextExpectedRevision).toBe(1n);
      const events = await store.readStream(stream('a'));
      expect(events.map((e) => [e.streamId, e.revision, e.type, e.data])).toEqual([
        [stream('a'), 0n, 'ThingHappened', { n: 1 }],
        [stream('a'), 1n, 'OtherThing', { n: 2 }],
      ]);
      expect(events[0]?.id).toBe(id);
      expect(events[1]?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(events[0]?.metadata).toMatchObject({ actorId: 'a1' });
      expect(events[0]?.createdAt).toBeInstanceOf(Date);
      const [first, second] = events;
      if (!first || !second) throw new Error('two events expected');
      expect(comparePositions(first.position, second.position)).toBe(-1);
      expect(second.position).toEqual(result.position);
      await visible(result.position);
      const head = await store.headPosition();
      expect(head && comparePositions(head, result.position)).toBeGreaterThanOrEqual(0);
    });

    it('appends a single event and continues revisions across appends', async () => {
      fresh();
      await store.appendToStream(stream('s'), ev(1));
      const second = await store.appendToStream(stream('s'), [ev(2), ev(3)]);
      expect(second.nextExpectedRevision).toBe(2n);
      const events = await store.readStream(stream('s'));
      expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    });

    it("honours 'no_stream'", async () => {
      fresh();
      await store.appendToStream(stream('n'), ev(1), { expectedState: 'no_stream' });
      await store.appendToStream(stream('n'), ev(2));
      const err = await wrongVersion(stream('n'), 'no_stream');
      expect(err.actualState).toBe(1n);
    });

    it("honours 'stream_exists'", async () => {
      fresh();
      const err = await wrongVersion(stream('e'), 'stream_exists');
      expect(err.actualState).toBe('no_stream');
      await expect(store.readStream(stream('e'))).rejects.toBeInstanceOf(StreamNotFoundError);
      await store.appendToStream(stream('e'), ev(1));
      const ok = await store.appendToStream(stream('e'), ev(2), { expectedState: 'stream_exists' });
      expect(ok.nextExpectedRevision).toBe(1n);
    });

    it('honours an expected revision', async () => {
      fresh();
      const missing = await wrongVersion(stream('r'), 0n);
      expect(missing.actualState).toBe('no_stream');
      await store.appendToStream(stream('r'), [ev(1), ev(2)], { expectedState: 'no_stream' });
      const ok = await store.appendToStream(stream('r'), ev(3), { expectedState: 1n });
      expect(ok.nextExpectedRevision).toBe(2n);
      const stale = await wrongVersion(stream('r'), 1n);
      expect(stale.actualState).toBe(2n);
      const ahead = await wrongVersion(stream('r'), 7n);
      expect(ahead.actualState).toBe(2n);
      expect((await store.readStream(stream('r'))).map((e) => e.data)).toEqual([
        { n: 1 },
        { n: 2 },
        { n: 3 },
      ]);
    });

    // Only where the engine offers it (PostgreSQL): a store without it says so by leaving it out.
    it('appends to several streams at once, all or none, each against its own expected state', async () => {
      const appendToStreams = store.appendToStreams?.bind(store);
      if (!appendToStreams) return;
      fresh();
      await store.appendToStream(stream('m2'), ev(1));
      const results = await appendToStreams([
        { streamId: stream('m3'), events: [ev(2), ev(3)], options: { expectedState: 'no_stream' } },
        { streamId: stream('m2'), events: [ev(4)], options: { expectedState: 0n } },
        { streamId: stream('m1'), events: [ev(5)] },
      ]);
      expect(results.map((r) => r.nextExpectedRevision)).toEqual([1n, 1n, 0n]);
      expect((await store.readStream(stream('m3'))).map((e) => e.data)).toEqual([
        { n: 2 },
        { n: 3 },
      ]);
      expect((await store.readStream(stream('m2'))).map((e) => e.data)).toEqual([
        { n: 1 },
        { n: 4 },
      ]);
      const [m1] = await store.readStream(stream('m1'));
      expect(m1?.position).toEqual(results[2]?.position);

      // One stream's check fails: nothing of the others is written, and the error names it.
      const err = await rejection(
        appendToStreams([
          { streamId: stream('m4'), events: [ev(6)], options: { expectedState: 'no_stream' } },
          { streamId: stream('m2'), events: [ev(7)], options: { expectedState: 0n } },
        ]),
      );
      expect(err).toBeInstanceOf(WrongExpectedVersionError);
      expect((err as WrongExpectedVersionError).streamId).toBe(stream('m2'));
      expect((err as WrongExpectedVersionError).actualState).toBe(1n);
      await expect(store.readStream(stream('m4'))).rejects.toBeInstanceOf(StreamNotFoundError);
      expect(await store.readStream(stream('m2'))).toHaveLength(2);
    });

    it('lets exactly one of two writers that append to the same new streams at once win', async () => {
      const appendToStreams = store.appendToStreams?.bind(store);
      if (!appendToStreams) return;
      fresh();
      const attempt = (n: number, order: string[]) =>
        appendToStreams(
          order.map((suffix) => ({
            streamId: stream(suffix),
            events: [ev(n)],
            options: { expectedState: 'no_stream' as const },
          })),
        );
      const outcomes = await Promise.allSettled([attempt(1, ['x', 'y']), attempt(2, ['y', 'x'])]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const x = await store.readStream(stream('x'));
      const y = await store.readStream(stream('y'));
      expect(x).toHaveLength(1);
      expect(x[0]?.data).toEqual(y[0]?.data);
    });

    it("honours 'any'", async () => {
      fresh();
      await store.appendToStream(stream('y'), ev(1), { expectedState: 'any' });
      const second = await store.appendToStream(stream('y'), ev(2), { expectedState: 'any' });
      expect(second.nextExpectedRevision).toBe(1n);
    });

    it('treats a retried append with the same event ids as done once', async () => {
      fresh();
      const batch = [ev(1), ev(2)].map((e) => ({ ...e, id: randomUUID() }));
      const first = await store.appendToStream(stream('i'), batch, { expectedState: 'no_stream' });
      const retry = await store.appendToStream(stream('i'), batch, { expectedState: 'no_stream' });
      expect(retry).toEqual(first);

      const more = [{ ...ev(3), id: randomUUID() }];
      const third = await store.appendToStream(stream('i'), more, { expectedState: 1n });
      expect(await store.appendToStream(stream('i'), more, { expectedState: 1n })).toEqual(third);

      const anyBatch = [ev(4), ev(5)].map((e) => ({ ...e, id: randomUUID() }));
      const anyFirst = await store.appendToStream(stream('i'), anyBatch, { expectedState: 'any' });
      expect(await store.appendToStream(stream('i'), anyBatch, { expectedState: 'any' })).toEqual(
        anyFirst,
      );

      const events = await store.readStream(stream('i'));
      expect(events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }]);
    });

    it('reads a stream forwards and backwards, from a revision, with a maximum count', async () => {
      fresh();
      // Twelve events, so revisions cross a digit boundary (9 -> 10) and must sort as numbers.
      await store.appendToStream(
        stream('o'),
        [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ev(n)),
      );
      await store.appendToStream(
        stream('o'),
        [9, 10, 11, 12].map((n) => ev(n)),
      );
      const all = Array.from({ length: 12 }, (_, i) => BigInt(i));
      const revisions = async (options: Parameters<EventStore['readStream']>[1]) =>
        (await store.readStream(stream('o'), options)).map((e) => e.revision);
      expect(await revisions({})).toEqual(all);
      expect(await revisions({ fromRevision: 8n })).toEqual([8n, 9n, 10n, 11n]);
      expect(await revisions({ fromRevision: 1n, maxCount: 2 })).toEqual([1n, 2n]);
      expect(await revisions({ direction: 'backwards' })).toEqual([...all].reverse());
      expect(await revisions({ direction: 'backwards', fromRevision: 'end', maxCount: 2 })).toEqual(
        [11n, 10n],
      );
      expect(await revisions({ direction: 'backwards', fromRevision: 10n, maxCount: 3 })).toEqual([
        10n,
        9n,
        8n,
      ]);
      expect(await revisions({ direction: 'backwards', fromRevision: 'start' })).toEqual([0n]);
      expect(await revisions({ fromRevision: 'start', maxCount: 1 })).toEqual([0n]);
      expect(await revisions({ fromRevision: 'end' })).toEqual([]);
      expect(await revisions({ fromRevision: 12n })).toEqual([]);
    });

    it('throws StreamNotFoundError for a stream without events', async () => {
      fresh();
      const err = await rejection(store.readStream(stream('none')));
      expect(err).toBeInstanceOf(StreamNotFoundError);
      expect((err as StreamNotFoundError).streamId).toBe(stream('none'));
    });

    it('reads all events after an exclusive position, in order, with a maximum count', async () => {
      fresh();
      const start = await store.headPosition();
      await store.appendToStream(stream('x'), [ev(1), ev(2)]);
      await store.appendToStream(stream('y'), ev(3));
      await visible((await store.appendToStream(stream('x'), ev(4))).position);
      const all = onlyMine(await store.readAll({ fromPosition: start ?? 'start' }));
      expect(all.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
      for (let i = 1; i < all.length; i++) {
        expect(
          comparePositions(
            (all[i - 1] as RecordedEvent).position,
            (all[i] as RecordedEvent).position,
          ),
        ).toBe(-1);
      }
      const filter = { streamPrefixes: [`${prefix}-`] };
      const second = all[1] as RecordedEvent;
      const after = await store.readAll({ fromPosition: second.position, filter });
      expect(after.map((e) => e.data)).toEqual([{ n: 3 }, { n: 4 }]);
      const limited = await store.readAll({ fromPosition: start ?? 'start', maxCount: 3, filter });
      expect(limited.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      const last = all[3] as RecordedEvent;
      expect(await store.readAll({ fromPosition: last.position, filter })).toEqual([]);
    });

    it('filters all events by event type and by stream prefix', async () => {
      fresh();
      const typeA = `${prefix}A`;
      const typeB = `${prefix}B`;
      await store.appendToStream(stream('x'), [ev(1, typeA), ev(2, typeB)]);
      await visible((await store.appendToStream(`${prefix}other-1`, [ev(3, typeA)])).position);
      const byType = await store.readAll({ filter: { eventTypes: [typeA] } });
      expect(byType.map((e) => e.data)).toEqual([{ n: 1 }, { n: 3 }]);
      const byTypes = await store.readAll({ filter: { eventTypes: [typeB, typeA] } });
      expect(byTypes.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      const byPrefix = await store.readAll({ filter: { streamPrefixes: [`${prefix}-`] } });
      expect(byPrefix.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
      const both = await store.readAll({
        filter: { streamPrefixes: [`${prefix}other`], eventTypes: [typeA] },
      });
      expect(both.map((e) => e.data)).toEqual([{ n: 3 }]);
    });

    it('subscribes from the start: catch-up, then live events', async () => {
      fresh();
      await store.appendToStream(stream('s'), [ev(1), ev(2)]);
      const subscription = store.subscribeToAll({
        fromPosition: 'start',
        filter: { streamPrefixes: [`${prefix}-`] },
        batchSize: 1,
      });
      try {
        const caughtUp = await takeEvents(subscription, 2);
        expect(caughtUp.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
        await store.appendToStream(stream('t'), ev(3));
        await store.appendToStream(stream('s'), ev(4));
        const live = await takeEvents(subscription, 2);
        expect(live.map((e) => e.data)).toEqual([{ n: 3 }, { n: 4 }]);
      } finally {
        await subscription.unsubscribe();
      }
    });

    it('subscribes from a position, exclusively', async () => {
      fresh();
      await store.appendToStream(stream('m'), [ev(1), ev(2), ev(3)]);
      const events = await store.readStream(stream('m'));
      const middle = (events[1] as RecordedEvent).position;
      const subscription = store.subscribeToAll({
        fromPosition: middle,
        filter: { streamPrefixes: [`${prefix}-`] },
      });
      try {
        expect((await takeEvents(subscription, 1)).map((e) => e.data)).toEqual([{ n: 3 }]);
        await store.appendToStream(stream('m'), ev(4));
        expect((await takeEvents(subscription, 1)).map((e) => e.data)).toEqual([{ n: 4 }]);
      } finally {
        await subscription.unsubscribe();
      }
    });

    it('subscribes from the end: only events appended after subscribing', async () => {
      fresh();
      await store.appendToStream(stream('e'), ev(1));
      const subscription = store.subscribeToAll({ fromPosition: 'end' });
      try {
        await store.appendToStream(stream('e'), ev(2));
        const [first] = await takeEvents(subscription, 1);
        expect(first?.data).toEqual({ n: 2 });
        expect(first?.streamId).toBe(stream('e'));
      } finally {
        await subscription.unsubscribe();
      }
    });

    it('ends the iteration cleanly on unsubscribe', async () => {
      fresh();
      const subscription = store.subscribeToAll({
        fromPosition: 'end',
        filter: { streamPrefixes: [`${prefix}-`] },
      });
      const received: RecordedEvent[] = [];
      const consumed = (async () => {
        for await (const event of subscription) received.push(event);
      })();
      await store.appendToStream(stream('u'), ev(1));
      const deadline = Date.now() + 10_000;
      while (received.length < 1 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
      await subscription.unsubscribe();
      await consumed;
      await store.appendToStream(stream('u'), ev(2));
      await new Promise((r) => setTimeout(r, 100));
      expect(received.map((e) => e.data)).toEqual([{ n: 1 }]);
    });

    it('reports the head position', async () => {
      fresh();
      const before: Position | null = await store.headPosition();
      const appended = await store.appendToStream(stream('h'), ev(1));
      await visible(appended.position);
      const after = await store.headPosition();
      if (!after) throw new Error('head expected after an append');
      expect(comparePositions(after, appended.position)).toBeGreaterThanOrEqual(0);
      if (before) expect(comparePositions(after, before)).toBe(1);
    });

    it('reports the committed head at once after an append, before readers may see it', async () => {
      fresh();
      const appended = await store.appendToStream(stream('c'), [ev(1), ev(2)]);
      // No wait for visibility: whatever transaction elsewhere holds back the visible head.
      const committed = await store.committedHeadPosition();
      if (!committed) throw new Error('a committed head expected after an append');
      expect(comparePositions(committed, appended.position)).toBeGreaterThanOrEqual(0);
      await visible(appended.position);
      const head = await store.headPosition();
      expect(head && comparePositions(committed, head)).toBeLessThanOrEqual(0);
    });
  });
}
