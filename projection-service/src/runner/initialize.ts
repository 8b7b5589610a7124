import type { Knex } from 'knex';
import { START_POSITION } from '@allot/shared-events';
import { writeCheckpoint } from './checkpoints.js';
import type { Projection } from './projection.js';
import { qualified } from './sql.js';
import {
  activeGeneration,
  physicalTableName,
  projectionContext,
  type TableGeneration,
} from './tableNames.js';

/**
 * Makes sure the projection has active tables: on its very first start it creates the tables of
 * its version (build 0), registers them in `projection_versions` and puts its checkpoint at the
 * start of the log, all in one transaction. Returns the active generation.
 */
export async function initializeProjection(
  knex: Knex,
  schema: string,
  projection: Projection,
  owner: string,
): Promise<TableGeneration> {
  const existing = await activeGeneration(knex, schema, projection.name);
  if (existing) return existing;
  return knex.transaction(async (trx) => {
    // Two starters (a runner and a replay) must not both create build 0.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [
      `allot:projection-init:${projection.name}`,
    ]);
    const again = await activeGeneration(trx, schema, projection.name);
    if (again) return again;
    const generation: TableGeneration = { version: projection.version, build: 0 };
    await projection.migrate(trx, projectionContext(schema, generation));
    await trx.raw(
      'INSERT INTO ?? (name, active_version, active_build, tables) VALUES (?, ?, ?, ?)',
      [
        qualified(schema, 'projection_versions'),
        projection.name,
        generation.version,
        generation.build,
        projection.tables.map((t) => physicalTableName(t, generation)),
      ],
    );
    await writeCheckpoint(trx, schema, {
      subscriptionId: projection.name,
      generation,
      position: START_POSITION,
      owner,
    });
    return generation;
  });
}
