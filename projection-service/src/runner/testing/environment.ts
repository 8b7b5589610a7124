import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import {
  createPostgresEventStore,
  type EventStore,
  type PostgresEventStore,
} from '@allot/shared-events';
import {
  openNativeTestDatabase,
  openPgliteTestDatabase,
  uniqueName,
  type TestDatabase,
} from '@allot/shared-events/testing';

export type DatabaseKind = 'postgres' | 'pglite';

export interface ProjectionTestEnv {
  url: string;
  store: PostgresEventStore;
  pool: pg.Pool;
  knex: Knex;
  /** The store's schema. */
  storeSchema: string;
  /** Read-model schema (separate from the store's). */
  schema: string;
  close(): Promise<void>;
}

/**
 * Test environments for one file: the database (a native schema or a PGlite instance, which
 * takes seconds to start) is opened once; every `open()` gets fresh store and read-model schemas.
 */
export function projectionTestEnvs(kind: DatabaseKind): {
  open(): Promise<ProjectionTestEnv>;
  closeAll(): Promise<void>;
} {
  let database: Promise<TestDatabase> | null = null;
  return {
    async open() {
      database ??= kind === 'postgres' ? openNativeTestDatabase() : openPgliteTestDatabase();
      const db = await database;
      const storeSchema = uniqueName('es');
      const schema = uniqueName('rm');
      const pool = new pg.Pool({ connectionString: db.url, max: 4 });
      const store = await createPostgresEventStore({ pool, schema: storeSchema });
      const knex = knexFactory({ client: 'pg', connection: db.url, pool: { min: 0, max: 4 } });
      return {
        url: db.url,
        store,
        pool,
        knex,
        storeSchema,
        schema,
        async close() {
          await store.close();
          await knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
          await knex.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [storeSchema]);
          await knex.destroy();
          await pool.end();
        },
      };
    },
    async closeAll() {
      if (database) await (await database).close();
      database = null;
    },
  };
}

/** Appends `count` events round-robin over `streams` streams, `perAppend` per call. */
export async function appendCounted(
  store: EventStore,
  options: { streams: number; count: number; perAppend?: number; prefix?: string; type?: string },
): Promise<void> {
  const perAppend = options.perAppend ?? 1;
  const prefix = options.prefix ?? 'counter';
  for (let i = 0; i < options.count; i += perAppend) {
    const n = Math.min(perAppend, options.count - i);
    const stream = `${prefix}-${String((i / perAppend) % options.streams)}`;
    await store.appendToStream(
      stream,
      Array.from({ length: n }, (_, k) => ({
        type: options.type ?? 'TestCounted',
        data: { by: ((i + k) % 7) + 1, text: `note ${String(i + k)}` },
      })),
    );
  }
}
