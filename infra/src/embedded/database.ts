import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { startEmbeddedPostgres } from '@allot/shared-events';
import type { AllotConfig } from '../config/loadConfig.js';
import { lockDataDir } from './dataDirLock.js';

export interface Database {
  /** A `postgres://` URL for `pg` and knex, the embedded server's or DATABASE_URL. */
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** Folder inside the data dir that holds PGlite's files. */
export const PGLITE_FOLDER = 'pglite';

/** DATABASE_URL when set; otherwise PGlite kept in the data folder, served over the wire protocol. */
export async function openDatabase(
  config: Pick<AllotConfig, 'databaseUrl' | 'dataDir' | 'dbPoolSize'>,
): Promise<Database> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, close: () => Promise.resolve() };
  }
  const lock = await lockDataDir(config.dataDir);
  try {
    const folder = path.join(config.dataDir, PGLITE_FOLDER);
    await mkdir(folder, { recursive: true });
    // Room for the pg pool, knex's pool, the runner's lock connections and a replay beside them.
    const embedded = await startEmbeddedPostgres({
      dataDir: folder,
      maxConnections: config.dbPoolSize * 4 + 16,
    });
    return {
      url: embedded.url,
      embedded: true,
      async close() {
        await embedded.stop();
        await lock.release();
      },
    };
  } catch (err) {
    await lock.release();
    throw err;
  }
}
