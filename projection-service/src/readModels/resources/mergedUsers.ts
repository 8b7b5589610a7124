import type { Knex } from 'knex';
import { users } from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from './projection.js';

/** The ids of the users merged into `masterId` (deleted ones too), in id order. */
export type MergedUsersLookup = (masterId: string) => Promise<string[]>;

/**
 * Over the users read model: `UsersMerged` sets the duplicate's `mergedIntoId`, and a later
 * delete keeps the row as a tombstone, so every merge into a user shows. One containment query
 * on the table's jsonb GIN index.
 */
export function createMergedUsersLookup(options: {
  knex: Knex;
  tables: TableResolver;
}): MergedUsersLookup {
  return async (masterId) => {
    const table = await options.tables.table(resourceProjectionName(users), recordsTable(users));
    const rows = await options
      .knex(table)
      .whereRaw('data @> ?::jsonb', [JSON.stringify({ mergedIntoId: masterId })])
      .orderBy('id')
      .select<{ id: string }[]>('id');
    return rows.map((r) => r.id);
  };
}
