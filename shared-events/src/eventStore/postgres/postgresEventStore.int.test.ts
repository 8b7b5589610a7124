import pg from 'pg';
import {
  openNativeTestDatabase,
  openPgliteTestDatabase,
  type TestDatabase,
} from '../../testing/databases.js';
import { describeEventStoreContract } from '../contract/eventStoreContract.js';
import { createPostgresEventStore, type PostgresEventStore } from './postgresEventStore.js';

const quietLogger = { warn: () => undefined, error: () => undefined };

async function openStore(database: () => Promise<TestDatabase>) {
  const db = await database();
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  let store: PostgresEventStore;
  try {
    store = await createPostgresEventStore({ pool, schema: db.schema, logger: quietLogger });
  } catch (err) {
    await pool.end();
    await db.close();
    throw err;
  }
  return {
    store,
    db,
    pool,
    async close() {
      await store.close();
      await pool.end();
      await db.close();
    },
  };
}

describeEventStoreContract('PostgreSQL', () => openStore(openNativeTestDatabase));
describeEventStoreContract('PGlite', () => openStore(openPgliteTestDatabase));
