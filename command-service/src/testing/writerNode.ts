import pg from 'pg';
import { createPostgresEventStore, type EventStore } from '@allot/shared-events';
import type { TestDatabase } from '@allot/shared-events/testing';
import { createCommandBus, type CommandBus } from '../commandHandling/commandBus.js';

/**
 * A command-service node for concurrency tests on native PostgreSQL: its own pool (of `max`
 * connections), event store and so its own in-memory indexes, as a separate process would have.
 */
export interface WriterNode {
  pool: pg.Pool;
  store: EventStore;
  bus: CommandBus;
  close(): Promise<void>;
}

export async function openWriterNode(db: TestDatabase, max: number): Promise<WriterNode> {
  const pool = new pg.Pool({ connectionString: db.url, max });
  const store = await createPostgresEventStore({ pool, schema: db.schema });
  return {
    pool,
    store,
    bus: createCommandBus({ store }),
    async close() {
      await store.close();
      await pool.end();
    },
  };
}
