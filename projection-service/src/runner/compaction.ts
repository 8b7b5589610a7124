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

/**
 * What autovacuum would do for a read model, where nothing does it: VACUUM (ANALYZE) each of its
 * tables once the events handled since that table's last time (`handled`) reach its share
 * of its rows — the table's own `autovacuum_analyze_scale_factor` (the plan's versions ask for
 * 0.5 %, docs/reports.md), else the server's (10 % by default). One share for every table, as
 * this once had, vacuumed a clone's every table after each 0.5 % of the largest: a third of
 * PostgreSQL's time (docs/benchmarks.md). Answers the tables it tidied. Never fails the
 * projection: only plans and pages are at stake.
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
    const sized = await knex.raw<{
      rows: { ord: number | string; tuples: number | string | null; scale: number | string }[];
    }>(
      `SELECT t.ord, greatest(c.reltuples, 0) AS tuples,
              coalesce((SELECT o.option_value FROM pg_options_to_table(c.reloptions) o
                         WHERE o.option_name = 'autovacuum_analyze_scale_factor'),
                       current_setting('autovacuum_analyze_scale_factor'))::float8 AS scale
         FROM unnest(?::regclass[]) WITH ORDINALITY AS t(oid, ord)
         JOIN pg_class c ON c.oid = t.oid`,
      [due.map((table) => qualified(schema, table.name))],
    );
    const tidied: string[] = [];
    for (const row of sized.rows) {
      const table = due[Number(row.ord) - 1];
      if (table === undefined) continue;
      const threshold = Math.max(TIDY_AFTER_EVENTS, Number(row.scale) * Number(row.tuples ?? 0));
      if (table.handled < threshold) continue;
      await knex.raw('VACUUM (ANALYZE) ??', [qualified(schema, table.name)]);
      tidied.push(table.name);
    }
    return tidied;
  } catch (err) {
    logger.warn({ projection, err }, 'Could not vacuum and analyze the read model');
    return due.map((table) => table.name);
  }
}
