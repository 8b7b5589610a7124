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

/** Events handled since the last tidy before a read model's tables are tidied again (at least). */
export const TIDY_AFTER_EVENTS = 1000;
/** …and at least this share of the largest table's rows, as autovacuum's scale factor would. */
const TIDY_SCALE = 0.005;

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
 * What autovacuum would do for a read model, where nothing does it: VACUUM (ANALYZE) its tables
 * once `handled` events since the last time reach a share of its largest table. Answers whether
 * it ran. Never fails the projection: only plans and pages are at stake.
 */
export async function tidyTables(
  knex: Knex,
  schema: string,
  tables: readonly string[],
  handled: number,
  logger: ProjectionLogger,
  projection: string,
): Promise<boolean> {
  if (handled < TIDY_AFTER_EVENTS) return false;
  try {
    const names = tables.map((table) => qualified(schema, table));
    const sized = await knex.raw<{ rows: { tuples: number | string | null }[] }>(
      'SELECT max(reltuples) AS tuples FROM pg_class WHERE oid = ANY(?::regclass[])',
      [names],
    );
    const tuples = Number(sized.rows[0]?.tuples ?? 0);
    if (handled < Math.max(TIDY_AFTER_EVENTS, TIDY_SCALE * tuples)) return false;
    for (const name of names) await knex.raw('VACUUM (ANALYZE) ??', [name]);
    return true;
  } catch (err) {
    logger.warn({ projection, err }, 'Could not vacuum and analyze the read model');
    return true;
  }
}
