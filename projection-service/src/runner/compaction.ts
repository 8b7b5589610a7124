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
