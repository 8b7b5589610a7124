import type { Knex } from 'knex';
import type { ProjectionContext } from './projection.js';
import { qualified } from './sql.js';

/** Which physical tables a projection writes or reads: its code version and its build number. */
export interface TableGeneration {
  readonly version: number;
  /** 0 for the first build of a version; a replay of the same version writes build + 1. */
  readonly build: number;
}

/** `<logical>_v<version>` for the first build, `<logical>_v<version>_b<build>` for rebuilds. */
export function physicalTableName(logical: string, generation: TableGeneration): string {
  const base = `${logical}_v${String(generation.version)}`;
  return generation.build === 0 ? base : `${base}_b${String(generation.build)}`;
}

export function projectionContext(schema: string, generation: TableGeneration): ProjectionContext {
  return {
    schema,
    physicalName: (logical) => physicalTableName(logical, generation),
    table: (logical) => qualified(schema, physicalTableName(logical, generation)),
  };
}

/** The generation reads use now, or null when the projection has never been built. */
export async function activeGeneration(
  knex: Knex | Knex.Transaction,
  schema: string,
  projectionName: string,
): Promise<TableGeneration | null> {
  const result = await knex.raw<{ rows: { active_version: number; active_build: number }[] }>(
    'SELECT active_version, active_build FROM ?? WHERE name = ?',
    [qualified(schema, 'projection_versions'), projectionName],
  );
  const row = result.rows[0];
  return row ? { version: row.active_version, build: row.active_build } : null;
}

/**
 * Schema-qualified physical name of a projection's table that reads should use (the active
 * version; during a replay still the old one). Throws when the projection was never built.
 */
export async function readTable(
  knex: Knex,
  projectionName: string,
  logical: string,
  schema = 'public',
): Promise<string> {
  const generation = await activeGeneration(knex, schema, projectionName);
  if (!generation) {
    throw new Error(
      `Projection ${projectionName} has no active tables yet (is its runner started?)`,
    );
  }
  return qualified(schema, physicalTableName(logical, generation));
}

export interface TableResolver {
  /** Like `readTable`, answered from a cache refreshed at most every `ttlMs`. */
  table(projectionName: string, logical: string): Promise<string>;
}

/**
 * A cached `readTable` for request handlers. The TTL must stay below the replay's drop delay
 * (default 5 s) so a read never resolves a table that has been dropped.
 */
export function createTableResolver(knex: Knex, schema = 'public', ttlMs = 1000): TableResolver {
  const cache = new Map<string, { generation: TableGeneration; at: number }>();
  return {
    async table(projectionName, logical) {
      const hit = cache.get(projectionName);
      if (hit && Date.now() - hit.at < ttlMs) {
        return qualified(schema, physicalTableName(logical, hit.generation));
      }
      const generation = await activeGeneration(knex, schema, projectionName);
      if (!generation) {
        throw new Error(
          `Projection ${projectionName} has no active tables yet (is its runner started?)`,
        );
      }
      cache.set(projectionName, { generation, at: Date.now() });
      return qualified(schema, physicalTableName(logical, generation));
    },
  };
}
