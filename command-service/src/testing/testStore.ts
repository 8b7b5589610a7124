import pg from 'pg';
import {
  createPostgresEventStore,
  type EventStore,
  type RecordedEvent,
} from '@allot/shared-events';
import {
  openNativeTestDatabase,
  openPgliteTestDatabase,
  type TestDatabase,
} from '@allot/shared-events/testing';

export interface TestStore {
  store: EventStore;
  /** The stream's events, [] when it does not exist. */
  events(streamId: string): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

async function openStoreOn(db: TestDatabase, poolSize: number): Promise<TestStore> {
  const pool = new pg.Pool({ connectionString: db.url, max: poolSize });
  const store = await createPostgresEventStore({ pool, schema: db.schema });
  return {
    store,
    async events(streamId) {
      return store.readStream(streamId).catch((err: unknown) => {
        if (err instanceof Error && err.name === 'StreamNotFoundError') return [];
        throw err;
      });
    },
    async close() {
      await store.close();
      await pool.end();
      await db.close();
    },
  };
}

/**
 * A real PostgreSQL event store on an in-memory PGlite, in its own schema. Not on the run's
 * shared PostgreSQL: there a read of the log right after a write may not see it while other
 * files' transactions run (reads stop where every older transaction has ended), and tests that
 * read back what they just wrote failed now and then.
 */
export async function openTestStore(): Promise<TestStore> {
  return openStoreOn(await openPgliteTestDatabase(), 4);
}

/**
 * An event store in a database of its own on the PostgreSQL server (`@allot-needs postgres`
 * files): separate connections, so requests sent together really meet there.
 */
export async function openNativeTestStore(poolSize = 8): Promise<TestStore> {
  return openStoreOn(await openNativeTestDatabase(), poolSize);
}
