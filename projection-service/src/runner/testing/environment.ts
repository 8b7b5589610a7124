import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import {
  comparePositions,
  createPostgresEventStore,
  type EventStore,
  type Position,
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
export function projectionTestEnvs(
  kind: DatabaseKind,
  /** Tags every connection (pg_stat_activity.application_name), so a test can kill only its own. */
  applicationName = 'allot_projection_test',
): {
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
      const connection = { connectionString: db.url, application_name: applicationName };
      const pool = new pg.Pool({ ...connection, max: 4 });
      // Quiet: the fault tests end connections on purpose; what matters is asserted, not logged.
      const quiet = { warn: () => undefined, error: () => undefined };
      const store = await createPostgresEventStore({ pool, schema: storeSchema, logger: quiet });
      const knex = knexFactory({
        client: 'pg',
        connection,
        pool: { min: 0, max: 4 },
        log: { ...quiet, debug: () => undefined, deprecate: () => undefined },
      });
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

/**
 * Appends `count` events round-robin over `streams` streams, `perAppend` per call, and waits until
 * readers see them: another transaction anywhere on the server (other test files, other helpers'
 * runs) holds the snapshot's xmin back and hides newer events for a while. Returns the last position.
 */
export async function appendCounted(
  store: EventStore,
  options: { streams: number; count: number; perAppend?: number; prefix?: string; type?: string },
): Promise<Position> {
  const perAppend = options.perAppend ?? 1;
  const prefix = options.prefix ?? 'counter';
  let last: Position | null = null;
  for (let i = 0; i < options.count; i += perAppend) {
    const n = Math.min(perAppend, options.count - i);
    const stream = `${prefix}-${String((i / perAppend) % options.streams)}`;
    ({ position: last } = await store.appendToStream(
      stream,
      Array.from({ length: n }, (_, k) => ({
        type: options.type ?? 'TestCounted',
        data: { by: ((i + k) % 7) + 1, text: `note ${String(i + k)}` },
      })),
    ));
  }
  if (!last) throw new Error('appendCounted needs count > 0');
  await visible(store, last);
  return last;
}

/** Resolves once readers of the log see `position`. */
export async function visible(
  store: EventStore,
  position: Position,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const head = await store.headPosition();
    if (head && comparePositions(head, position) >= 0) return;
    if (Date.now() > deadline) throw new Error('appended events did not become visible in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
