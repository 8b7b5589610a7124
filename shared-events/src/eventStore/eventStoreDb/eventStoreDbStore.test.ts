// What the adapter does when EventStoreDB is unreachable (nothing listens on port 1). The contract
// suite against a live server is eventStoreDb.esdb.test.ts, run when EVENTSTORE_CONNECTION_STRING is set.
import { createEventStoreDbStore } from './eventStoreDbStore.js';

const UNREACHABLE = 'esdb://127.0.0.1:1?tls=false';

function recordingLogger() {
  const warnings: unknown[] = [];
  return {
    warnings,
    logger: { warn: (_message: string, error?: unknown) => void warnings.push(error) },
  };
}

describe('EventStoreDB adapter without a server', () => {
  it('rejects an empty append before calling the server, as the PostgreSQL adapter does', async () => {
    const store = createEventStoreDbStore(UNREACHABLE);
    await expect(store.appendToStream('section-1', [])).rejects.toThrow(RangeError);
    // Likewise a filter that matches nothing answers at once, without scanning $all.
    await expect(store.readAll({ filter: { eventTypes: [] } })).resolves.toEqual([]);
    await store.close();
  });

  it('rejects appends and reads with the connection error', async () => {
    const store = createEventStoreDbStore(UNREACHABLE);
    try {
      await expect(store.appendToStream('section-1', { type: 'A', data: {} })).rejects.toThrow(
        /UNAVAILABLE/,
      );
      await expect(store.readStream('section-1')).rejects.toThrow(/UNAVAILABLE/);
      await expect(store.readAll({ maxCount: 1 })).rejects.toThrow(/UNAVAILABLE/);
      await expect(store.headPosition()).rejects.toThrow(/UNAVAILABLE/);
    } finally {
      await store.close();
    }
  });

  it('keeps a subscription retrying with backoff until unsubscribe ends it', async () => {
    const { warnings, logger } = recordingLogger();
    const store = createEventStoreDbStore(UNREACHABLE, { logger });
    const subscription = store.subscribeToAll({ fromPosition: { commit: 5n, prepare: 5n } });
    const next = subscription[Symbol.asyncIterator]().next();
    await new Promise((resolve) => setTimeout(resolve, 500));
    // 100 ms, 200 ms, 400 ms: a few attempts in half a second, not a tight loop.
    expect(warnings.length).toBeGreaterThanOrEqual(2);
    expect(warnings.length).toBeLessThanOrEqual(5);
    await subscription.unsubscribe();
    await expect(next).resolves.toEqual({ value: undefined, done: true });
    await store.close();
  });

  it('ends open subscriptions on close', async () => {
    const { logger } = recordingLogger();
    const store = createEventStoreDbStore(UNREACHABLE, { logger });
    const subscription = store.subscribeToAll({ fromPosition: 'end' });
    const next = subscription[Symbol.asyncIterator]().next();
    await store.close();
    await expect(next).resolves.toEqual({ value: undefined, done: true });
  });
});
