import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  WrongExpectedVersionError,
  type EventStore,
  type StreamAppend,
} from '@allot/shared-events';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { appendSeveral } from './appendSeveral.js';

let db: TestStore;

beforeAll(async () => {
  db = await openTestStore();
});

afterAll(async () => {
  await db?.close();
});

/** The same store without its several-streams append, as EventStoreDB's adapter is. */
function oneStreamAtATime(store: EventStore): EventStore {
  return {
    appendToStream: (...args) => store.appendToStream(...args),
    readStream: (...args) => store.readStream(...args),
    readAll: (...args) => store.readAll(...args),
    subscribeToAll: (...args) => store.subscribeToAll(...args),
    headPosition: () => store.headPosition(),
    committedHeadPosition: () => store.committedHeadPosition(),
    close: () => store.close(),
  };
}

describe.each([
  ['in one transaction (PostgreSQL)', (store: EventStore) => store],
  ['one stream at a time (EventStoreDB)', oneStreamAtATime],
])('appendSeveral, %s', (_name, storeOf) => {
  it('writes every stream whose check passes and answers the failed one with its error', async () => {
    const store = storeOf(db.store);
    const prefix = `several${randomUUID().slice(0, 8)}`;
    await store.appendToStream(`${prefix}-taken`, { type: 'ThingHappened', data: { n: 0 } });
    const appends: StreamAppend[] = ['a', 'taken', 'b'].map((suffix, n) => ({
      streamId: `${prefix}-${suffix}`,
      events: [{ type: 'ThingHappened', data: { n: n + 1 } }],
      options: { expectedState: 'no_stream' },
    }));
    const outcomes = await appendSeveral(store, appends);
    expect(outcomes.map((o) => o instanceof WrongExpectedVersionError)).toEqual([
      false,
      true,
      false,
    ]);
    expect((outcomes[1] as WrongExpectedVersionError).streamId).toBe(`${prefix}-taken`);
    expect((await db.events(`${prefix}-a`)).map((e) => e.data)).toEqual([{ n: 1 }]);
    expect((await db.events(`${prefix}-b`)).map((e) => e.data)).toEqual([{ n: 3 }]);
    expect((await db.events(`${prefix}-taken`)).map((e) => e.data)).toEqual([{ n: 0 }]);
  });
});
