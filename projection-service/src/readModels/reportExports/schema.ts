import type { Knex } from 'knex';
import { REPORT_EXPORT_STATUSES } from '@allot/shared-events';
import { qualified } from '../../runner/sql.js';

/**
 * The exports and their files. Not a projection: nothing here derives from the event log (the
 * log records who started each export, `ReportExportStarted`; the file is made once, by the
 * job), so a replay never rebuilds these tables and they keep one name. Files live in
 * PostgreSQL, not the data folder: every node of a scaled-out Allot (a worker makes the file, any
 * web node serves it) reaches the database, and its backups hold them. A file is stored in
 * chunks of at most 1 MiB, written and read one at a time, so neither side holds it whole.
 */
export interface ReportExportTables {
  schema: string;
  exports: string;
  chunks: string;
}

export function reportExportTables(schema = 'public'): ReportExportTables {
  return {
    schema,
    exports: qualified(schema, 'report_exports'),
    chunks: qualified(schema, 'report_export_chunks'),
  };
}

const statuses = REPORT_EXPORT_STATUSES.map((s) => `'${s}'`).join(', ');

/** Creates the tables when missing (every start; two processes starting at once both succeed). */
export async function migrateReportExports(knex: Knex, tables: ReportExportTables): Promise<void> {
  const create = () =>
    knex.transaction(async (trx) => {
      // The schema too: an operator who drops the read models' schema to rebuild them drops
      // these tables with it, and the next start must still come up.
      await trx.raw('CREATE SCHEMA IF NOT EXISTS ??', [tables.schema]);
      await trx.raw(
        `CREATE TABLE IF NOT EXISTS ${tables.exports} (
           id text PRIMARY KEY,
           owner_id text NOT NULL,
           name text NOT NULL,
           report_type text NOT NULL,
           format text NOT NULL CHECK (format IN ('csv', 'xlsx')),
           query jsonb NOT NULL,
           academic_period_id text,
           time_zone text NOT NULL,
           status text NOT NULL CHECK (status IN (${statuses})),
           reason text,
           total_rows integer,
           row_count integer,
           size bigint,
           as_of_position text,
           as_of_at timestamptz,
           created_at timestamptz NOT NULL,
           started_at timestamptz,
           finished_at timestamptz
         )`,
      );
      // Runs of data services are exports too, listed under their data service (not as anyone's).
      await trx.raw(
        `ALTER TABLE ${tables.exports}
           ADD COLUMN IF NOT EXISTS data_service_id text,
           ADD COLUMN IF NOT EXISTS trigger text`,
      );
      await trx.raw(
        `CREATE INDEX IF NOT EXISTS report_exports_data_service ON ${tables.exports} (data_service_id, created_at DESC) WHERE data_service_id IS NOT NULL`,
      );
      await trx.raw(
        `CREATE INDEX IF NOT EXISTS report_exports_owner ON ${tables.exports} (owner_id, created_at DESC)`,
      );
      await trx.raw(
        `CREATE TABLE IF NOT EXISTS ${tables.chunks} (
           export_id text NOT NULL REFERENCES ${tables.exports} (id) ON DELETE CASCADE,
           seq integer NOT NULL,
           data bytea NOT NULL,
           PRIMARY KEY (export_id, seq)
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
