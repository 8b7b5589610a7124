import { afterAll, expect, it } from '@jest/globals';
import type { EventStore, ReadAllOptions } from '@allot/shared-events';
import { withSharedReads } from './sharedReads.js';
import { appendCounted, projectionTestEnvs } from './testing/environment.js';

const envs = projectionTestEnvs('pglite');
afterAll(() => envs.closeAll());

/** The real store, counting the reads that reach it. */
function counted(store: EventStore) {
  const calls: (ReadAllOptions | undefined)[] = [];
  const counting: EventStore = {
    ...store,
    appendToStream: (...args) => store.appendToStream(...args),
    readStream: (...args) => store.readStream(...args),
    subscribeToAll: (...args) => store.subscribeToAll(...args),
    headPosition: () => store.headPosition(),
    committedHeadPosition: () => store.committedHeadPosition(),
    close: () => store.close(),
    readAll: (options) => {
      calls.push(options);
      return store.readAll(options);
    },
  };
  return { calls, counting };
}

it('answers reads of the same stretch with one query, and reads anew once it is old', async () => {
  const e = await envs.open();
  try {
    const first = await appendCounted(e.store, { streams: 2, count: 6 });
    const { calls, counting } = counted(e.store);
    const shared = withSharedReads(counting, 20);
    const asked = { fromPosition: 'start' as const, maxCount: 100 };
    const [a, b, c] = await Promise.all([
      shared.readAll(asked),
      shared.readAll(asked),
      shared.readAll(asked),
    ]);
    expect(calls).toHaveLength(1);
    expect(a).toHaveLength(6);
    expect(b).toBe(a);
    expect(c).toBe(a);
    // Another start or size, or a filter, is its own read.
    await shared.readAll({ fromPosition: first, maxCount: 100 });
    await shared.readAll({ fromPosition: 'start', maxCount: 3 });
    await shared.readAll({ ...asked, filter: { streamPrefixes: ['counter-'] } });
    await shared.readAll({ ...asked, filter: { streamPrefixes: ['counter-'] } });
    expect(calls).toHaveLength(5);
    // Later, the same stretch is read again and sees what was appended since.
    await appendCounted(e.store, { streams: 1, count: 2, prefix: 'later' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await shared.readAll(asked)).toHaveLength(8);
    expect(calls).toHaveLength(6);
  } finally {
    await e.close();
  }
});
