import pg from 'pg';
import type { AllSubscription, RecordedEvent } from '../../port.js';
import { createPostgresEventStore, type PostgresEventStore } from '../postgresEventStore.js';
import type { SubscriptionLogger } from '../subscription.js';

export const quietLogger: SubscriptionLogger = { warn: () => undefined, error: () => undefined };

export interface PooledStore {
  store: PostgresEventStore;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** A store on its own pool; `max: 1` gives a writer exactly one connection. */
export async function openPooledStore(
  url: string,
  schema: string,
  options: { max?: number; logger?: SubscriptionLogger } = {},
): Promise<PooledStore> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 1 });
  // pool.end() resolves before its sockets close; a server kill arriving then must not crash jest.
  pool.on('error', () => undefined);
  try {
    const store = await createPostgresEventStore({
      pool,
      schema,
      logger: options.logger ?? quietLogger,
    });
    return {
      store,
      pool,
      async close() {
        await store.close();
        await pool.end();
      },
    };
  } catch (err) {
    await pool.end();
    throw err;
  }
}

/** Consumes a subscription in the background into `received` until it ends. */
export function collect(subscription: AllSubscription): {
  received: RecordedEvent[];
  done: Promise<void>;
} {
  const received: RecordedEvent[] = [];
  const done = (async () => {
    for await (const event of subscription) received.push(event);
  })();
  return { received, done };
}

export async function waitUntil(
  condition: () => boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The identity of an event in the log, for element-by-element comparison of sequences. */
export function fingerprint(event: RecordedEvent): string {
  return `${event.position.commit.toString()}:${event.position.prepare.toString()}:${event.id}`;
}
