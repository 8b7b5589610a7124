import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { keepProtocolSequencesTogether } from './stickyQueryQueue.js';

export interface EmbeddedPostgres {
  /** A `postgres://` URL the ordinary `pg` driver connects to. */
  readonly url: string;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder that keeps the data across restarts; in memory when absent. */
  dataDir?: string;
  /**
   * Must be at least the pool size of every client together: the socket server refuses
   * connections past it (its default of 1 would drop a second connection).
   */
  maxConnections?: number;
  port?: number;
}

/**
 * Names an empty, initialised PGlite cluster (a `dumpDataDir` tarball) that a new database loads
 * instead of running initdb, which costs seconds of CPU each time. The test runs set it
 * (testing/globalSetup.js makes one per run, for the dozens of databases they open); the
 * application leaves it unset and initialises its folder once, on its first start.
 */
export const PGLITE_TEMPLATE_ENV = 'ALLOT_PGLITE_TEMPLATE';

/** The template to load, for an in-memory database or a folder not yet initialised; else none. */
function initialDataFor(dataDir: string | undefined): Blob | undefined {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template || !existsSync(template)) return undefined;
  if (dataDir && existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  return new Blob([readFileSync(template)]);
}

/**
 * PGlite (WASM Postgres) served over the wire protocol on loopback, so the application reaches it
 * through `pg` and knex exactly as it reaches a real server. PGlite runs one transaction at a
 * time; the socket server queues the other connections' queries until it ends.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions = {},
): Promise<EmbeddedPostgres> {
  // pg_trgm as on a server: the sections list's search uses a trigram index where it can.
  const extensions = { pg_trgm };
  const loadDataDir = initialDataFor(options.dataDir);
  const pgliteOptions = { extensions, ...(loadDataDir ? { loadDataDir } : {}) };
  const db = options.dataDir
    ? new PGlite(options.dataDir, pgliteOptions)
    : new PGlite(pgliteOptions);
  await db.waitReady;
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: options.port ?? 0,
    maxConnections: options.maxConnections ?? 64,
  });
  keepProtocolSequencesTogether(
    (server as unknown as { queryQueue: Parameters<typeof keepProtocolSequencesTogether>[0] })
      .queryQueue,
  );
  await server.start();
  // After start, getServerConn() names the port actually bound (port 0 asks for a free one).
  const hostPort = server.getServerConn();
  return {
    url: `postgres://postgres@${hostPort}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
