import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { testMeta } from '../testing/testMeta.js';
import { ConflictError, ForbiddenError } from '../errors/errors.js';
import type { Command, Decider, DomainEvent } from './decider.js';
import { handleCommand, type LoadedAggregate } from './handleCommand.js';

// A counter small enough to show the handler's behaviour without any product rules.
type Add = Command<'Add', { by: number }>;
type Added = DomainEvent<'Added', { by: number }>;
const counter: Decider<Add, number, Added> = {
  decide: (command) =>
    command.data.by === 0 ? [] : [{ type: 'Added', data: { by: command.data.by } }],
  evolve: (total, event) => total + event.data.by,
  initialState: 0,
};
const add = (by: number): Add => ({ type: 'Add', data: { by } });

/** The counter, recording each state it decides on. */
function spyingCounter() {
  const seen: number[] = [];
  const spy: Decider<Add, number, Added> = {
    ...counter,
    decide: (command, state, meta) => {
      seen.push(state);
      return counter.decide(command, state, meta);
    },
  };
  return { seen, spy };
}

let db: TestStore;
beforeAll(async () => {
  db = await openTestStore();
});
afterAll(async () => {
  await db.close();
});

describe('handleCommand', () => {
  it('starts from a loaded aggregate when given one, and reads the stream when it was stale', async () => {
    const { seen, spy } = spyingCounter();
    const run = (by: number, loadFirst: () => Promise<null | LoadedAggregate<number>>) =>
      handleCommand(db.store, spy, 'counter-idx', add(by), {
        meta: testMeta(),
        entityId: 'idx',
        loadFirst,
      });
    await run(5, () => Promise.resolve(null)); // nothing cached: the stream (none yet)
    const [first] = await db.events('counter-idx');
    // Current: decided on the cached state, appended after its revision.
    await run(1, () =>
      Promise.resolve({ state: 5, revision: first!.revision, position: first!.position }),
    );
    expect(seen).toEqual([0, 5]);
    // Stale (it missed the last event): the append fails and the retry reads the stream.
    const result = await run(10, () =>
      Promise.resolve({ state: 5, revision: first!.revision, position: first!.position }),
    );
    expect(seen).toEqual([0, 5, 5, 6]);
    expect(result.revision).toBe(2);
    expect((await db.events('counter-idx')).map((e) => e.data)).toEqual([
      { by: 5 },
      { by: 1 },
      { by: 10 },
    ]);
  });

  it('answers revision -1 and the start position when nothing happens on a new stream', async () => {
    const result = await handleCommand(db.store, counter, 'counter-a', add(0), {
      meta: testMeta(),
      entityId: 'a',
    });
    expect(result).toEqual({ id: 'a', revision: -1, position: '0:0' });
    expect(await db.events('counter-a')).toEqual([]);
  });

  it('creates a stream when the caller expects none, then refuses a second "no stream" write', async () => {
    const options = { meta: testMeta(), entityId: 'b', expectedRevision: 'no_stream' as const };
    expect(await handleCommand(db.store, counter, 'counter-b', add(2), options)).toMatchObject({
      revision: 0,
    });
    await expect(
      handleCommand(db.store, counter, 'counter-b', add(3), options),
    ).rejects.toMatchObject({
      constructor: ConflictError,
      currentRevision: 0,
    });
  });

  it('decides on the state built from the whole stream', async () => {
    const { seen, spy } = spyingCounter();
    for (const by of [1, 2, 3])
      await handleCommand(db.store, spy, 'counter-c', add(by), { meta: testMeta(), entityId: 'c' });
    expect(seen).toEqual([0, 1, 3]);
  });

  it('runs the authorization check on the loaded state and writes nothing when it refuses', async () => {
    await expect(
      handleCommand(db.store, counter, 'counter-d', add(1), {
        meta: testMeta(),
        entityId: 'd',
        authorize: (state) => {
          if (state === 0) throw new ForbiddenError();
        },
      }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect(await db.events('counter-d')).toEqual([]);
  });
});
