import type { Knex } from 'knex';
import { qualified } from '../../runner/sql.js';

/**
 * Uploads (spec §3): the files people send (an effort import's payroll file), kept with who sent
 * them. Not a projection: the log records the upload's name, size, SHA-256 and sender with the
 * import (`EffortImportStarted`), the bytes stay out of it, so a replay never rebuilds these
 * tables. In PostgreSQL beside report exports, for the same reasons (every node reaches it, its
 * backups hold them), in chunks of at most 1 MiB.
 */
export interface UploadTables {
  schema: string;
  uploads: string;
  chunks: string;
}

export function uploadTables(schema = 'public'): UploadTables {
  return {
    schema,
    uploads: qualified(schema, 'uploads'),
    chunks: qualified(schema, 'upload_chunks'),
  };
}

/** Creates the tables when missing (every start; two processes starting at once both succeed). */
export async function migrateUploads(knex: Knex, tables: UploadTables): Promise<void> {
  const create = () =>
    knex.transaction(async (trx) => {
      await trx.raw('CREATE SCHEMA IF NOT EXISTS ??', [tables.schema]);
      await trx.raw(
        `CREATE TABLE IF NOT EXISTS ${tables.uploads} (
           id text PRIMARY KEY,
           kind text NOT NULL,
           file_name text NOT NULL,
           content_type text NOT NULL,
           size bigint NOT NULL,
           sha256 text NOT NULL,
           sender_id text,
           created_at timestamptz NOT NULL
         )`,
      );
      await trx.raw(
        `CREATE TABLE IF NOT EXISTS ${tables.chunks} (
           upload_id text NOT NULL REFERENCES ${tables.uploads} (id) ON DELETE CASCADE,
           seq integer NOT NULL,
           data bytea NOT NULL,
           PRIMARY KEY (upload_id, seq)
         )`,
      );
    });
  try {
    await create();
  } catch {
    // Another process created them in the same instant: they are there now.
    await create();
  }
}
