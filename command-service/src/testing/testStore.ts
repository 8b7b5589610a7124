import pg from 'pg';
import {
  createPostgresEventStore,
  type EventStore,
  type RecordedEvent,
} from '@allot/shared-events';
import { openPgliteTestDatabase } from '@allot/shared-events/testing';

export interface TestStore {
  store: EventStore;
  /** The stream's events, [] when it does not exist. */
  events(streamId: string): Promise<RecordedEvent[]>;
  close(): Promise<void>;
}

/** A real PostgreSQL event store on an in-memory PGlite, in its own schema. */
export async function openTestStore(): Promise<TestStore> {
  const db = await openPgliteTestDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
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
