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
    pool: { min: 0, max: config.dbPoolSize },
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
