import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import type { EventStore } from '@allot/shared-events';
import type { AllotConfig } from '../config/loadConfig.js';
import { openDatabase, type Database } from './database.js';
import { openEventStore } from './eventStore.js';

export interface Connections {
  database: Database;
  /** The event store's pool. */
  pool: pg.Pool;
  /** The read models' connection. */
  knex: Knex;
  store: EventStore;
  close(): Promise<void>;
}

/** Database (embedded or DATABASE_URL), pools and event store: what the server and the CLI share. */
export async function openConnections(
  config: Pick<
    AllotConfig,
    'databaseUrl' | 'dataDir' | 'dbPoolSize' | 'eventStoreConnectionString'
  >,
): Promise<Connections> {
  const database = await openDatabase(config);
  const pool = new pg.Pool({ connectionString: database.url, max: config.dbPoolSize });
  const knex = knexFactory({
    client: 'pg',
    connection: database.url,
    pool: {
      min: 0,
      max: config.dbPoolSize,
      // Read models are derived from the log, and each batch commits its checkpoint with its
      // rows: a crash may lose the last few hundred milliseconds of them, and the projection
      // then applies those events again. So on a server their commits need not wait for the
      // disk; the event store's pool, which holds what cannot be derived, keeps synchronous
      // commits. PGlite has one session for every connection, so there it stays as it is.
      ...(database.embedded ? {} : { afterCreate: asynchronousCommits }),
    },
  });
  const closeDriversAndDatabase = async () => {
    await knex.destroy();
    await pool.end();
    await database.close();
  };
  let store: EventStore;
  try {
    store = await openEventStore(config, pool);
  } catch (err) {
    await closeDriversAndDatabase();
    throw err;
  }
  return {
    database,
    pool,
    knex,
    store,
    async close() {
      await store.close();
      await closeDriversAndDatabase();
    },
  };
}

function asynchronousCommits(
  connection: pg.Client,
  done: (err: Error | null, c: pg.Client) => void,
): void {
  connection.query('SET synchronous_commit = off').then(
    () => done(null, connection),
    (err: unknown) => done(err instanceof Error ? err : new Error(String(err)), connection),
  );
}
