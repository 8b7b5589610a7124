import type { Knex } from 'knex';
import type { ProjectionLogger } from './logger.js';
import { qualified } from './sql.js';

/**
 * Handled events after which a catch-up or a replay compacts its projection's tables once it
 * reaches the head. Building a read model from a long log rewrites each row as often as its
 * stream has events (a section about 45 times); autovacuum frees those versions but never gives
 * the pages back, so every scan of the table kept reading four to five times the pages its rows
 * need (docs/benchmarks.md). Live updates stay compact on their own: HOT updates reuse the space
 * of their page.
 */
export const COMPACT_AFTER_EVENTS = 50_000;

/**
 * Rewrites tables without their dead row versions (VACUUM FULL), then sets their visibility map
 * and statistics (VACUUM ANALYZE; VACUUM FULL sets neither). VACUUM FULL locks each table while
 * it rewrites it, about a second per 100 MB: a replay compacts before reads switch to its tables.
 * VACUUM cannot run in a transaction, so this runs on a pool connection of its own. A failure is
 * logged, never thrown.
 */
export async function compactTables(
  knex: Knex,
  schema: string,
  tables: readonly string[],
  logger: ProjectionLogger,
  projection: string,
): Promise<void> {
  const started = Date.now();
  try {
    for (const table of tables) {
      const name = qualified(schema, table);
      await knex.raw('VACUUM (FULL) ??', [name]);
      await knex.raw('VACUUM (ANALYZE) ??', [name]);
    }
  } catch (err) {
    // Only the pages are at stake: the read model is complete, so it goes on without.
    logger.warn({ projection, err }, 'Could not compact the read model');
    return;
  }
  logger.info(
    { projection, tables: tables.length, durationMs: Date.now() - started },
    'Compacted the read model after a long catch-up',
  );
}

/** Events handled since a table's last tidy before it is tidied again (at least). */
export const TIDY_AFTER_EVENTS = 1000;

/**
 * Whether the database vacuums and analyzes tables by itself: a server whose autovacuum runs has
 * its launcher among the backends. Embedded PGlite (one process) has none, and a server may have
 * it switched off; their read models would then keep no statistics, and PostgreSQL plans their
 * queries blind (a report on the demo took 18 s instead of 60 ms).
 */
export async function databaseVacuumsItself(knex: Knex): Promise<boolean> {
  const found = await knex.raw<{ rows: { launchers: string | number }[] }>(
    "SELECT count(*) AS launchers FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher'",
  );
  return Number(found.rows[0]?.launchers ?? 0) > 0;
}

/** A table's own autovacuum setting (`reloptions`), else the server's. */
const setting = (name: string) =>
  `coalesce((SELECT o.option_value FROM pg_options_to_table(c.reloptions) o
              WHERE o.option_name = '${name}'), current_setting('${name}'))::float8`;

/**
 * What autovacuum would do for a read model, where nothing does it, by autovacuum's own rules:
 * each table VACUUMed once its dead rows reach its `autovacuum_vacuum_scale_factor` share of its
 * rows, or its rows inserted since the last vacuum its `autovacuum_vacuum_insert_scale_factor`
 * share; ANALYZEd once its rows changed since the last analyze reach its
 * `autovacuum_analyze_scale_factor` share — the table's own settings (the plan's versions are
 * vacuumed after 0.5 %, for the reports' index-only scans: docs/reports.md), else the server's
 * (20 %, 20 % and 10 % by default); never before TIDY_AFTER_EVENTS rows. The counts are the
 * server's (`pg_stat_user_tables`, kept with autovacuum off too). Where it keeps none (a table it
 * shows neither rows nor changes for), the events handled since the table's last tidy
 * (`handled`) stand in for both, which overcounts: a section's five events change one row of a
 * table five times, and counted so a clone vacuumed the sections' tables six times over, each
 * with an analyze (docs/benchmarks.md). The server's counts may lag a second behind, so a table
 * found not due is asked again after the next batch. Answers the tables it tidied. Never fails
 * the projection: only plans and pages are at stake.
 */
export async function tidyTables(
  knex: Knex,
  schema: string,
  tables: readonly { name: string; handled: number }[],
  logger: ProjectionLogger,
  projection: string,
): Promise<string[]> {
  const due = tables.filter((table) => table.handled >= TIDY_AFTER_EVENTS);
  if (due.length === 0) return [];
  try {
    type Count = number | string | null;
    const sized = await knex.raw<{
      rows: {
        ord: Count;
        tuples: Count;
        analyzeScale: Count;
        vacuumScale: Count;
        insertScale: Count;
        counted: boolean | null;
        modified: Count;
        dead: Count;
        inserted: Count;
      }[];
    }>(
      `SELECT t.ord, greatest(c.reltuples, 0) AS tuples,
              ${setting('autovacuum_analyze_scale_factor')} AS "analyzeScale",
              ${setting('autovacuum_vacuum_scale_factor')} AS "vacuumScale",
              ${setting('autovacuum_vacuum_insert_scale_factor')} AS "insertScale",
              s.n_live_tup + s.n_dead_tup + s.n_mod_since_analyze > 0 AS counted,
              s.n_mod_since_analyze AS modified, s.n_dead_tup AS dead,
              s.n_ins_since_vacuum AS inserted
         FROM unnest(?::regclass[]) WITH ORDINALITY AS t(oid, ord)
         JOIN pg_class c ON c.oid = t.oid
         LEFT JOIN pg_stat_user_tables s ON s.relid = t.oid`,
      [due.map((table) => qualified(schema, table.name))],
    );
    const tidied: string[] = [];
    for (const row of sized.rows) {
      const table = due[Number(row.ord) - 1];
      if (table === undefined) continue;
      const share = (scale: Count) =>
        Math.max(TIDY_AFTER_EVENTS, Number(scale) * Number(row.tuples ?? 0));
      const counted = row.counted === true;
      const analyze = (counted ? Number(row.modified) : table.handled) >= share(row.analyzeScale);
      const vacuum = counted
        ? Number(row.dead) >= share(row.vacuumScale) ||
          Number(row.inserted) >= share(row.insertScale)
        : analyze;
      if (!analyze && !vacuum) continue;
      const what = analyze && vacuum ? 'VACUUM (ANALYZE)' : vacuum ? 'VACUUM' : 'ANALYZE';
      await knex.raw(`${what} ??`, [qualified(schema, table.name)]);
      tidied.push(table.name);
    }
    return tidied;
  } catch (err) {
    logger.warn({ projection, err }, 'Could not vacuum and analyze the read model');
    return due.map((table) => table.name);
  }
}
