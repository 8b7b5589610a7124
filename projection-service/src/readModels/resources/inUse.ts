import type { Knex } from 'knex';
import {
  allResources,
  referencesTo,
  type InUseLookup,
  type ReferenceUse,
  type ResourceUsage,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';

const PATH = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/**
 * `FacultyProfile.CampusIds` → `$.FacultyProfile.CampusIds ? (@ == $id)`. SQL/JSON paths in lax
 * mode walk lists on the way, like referenceValues does, so one query fits ids, lists of ids and
 * lists of objects.
 */
export function referenceJsonPath(field: string): string {
  if (!PATH.test(field)) throw new Error(`Not a reference path: ${field}`);
  return `$.${field} ? (@ == $id)`;
}

const COLUMN = /^[a-z_][a-z0-9_]*$/;

function column(name: string): string {
  if (!COLUMN.test(name)) throw new Error(`Not a column name: ${name}`);
  return name;
}

/** How many live rows (or, for a jsonb path, matches) of one use name the record `id`. */
async function countUse(
  options: { knex: Knex; tables: TableResolver },
  use: ReferenceUse,
  id: string,
): Promise<number> {
  const { knex } = options;
  const storage = use.storage;
  if (!storage) {
    const table = await options.tables.table(use.projection, use.projection);
    const [row] = await knex(table)
      .whereNull('deleted_at')
      .whereRaw('jsonb_path_exists(data, ?::jsonpath, jsonb_build_object(?::text, ?::text))', [
        referenceJsonPath(use.field),
        'id',
        id,
      ])
      .count<{ count: string | number }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }
  const table = await options.tables.table(use.projection, storage.table);
  const query = knex(table);
  if (storage.deletedColumn) query.where(column(storage.deletedColumn), false);
  if (!storage.json) {
    const [row] = await query
      .where(column(storage.column), id)
      .count<{ count: string | number }[]>({ count: '*' });
    return Number(row?.count ?? 0);
  }
  // Every match counts (three meetings in a room are three), so sum the matches per row.
  const vars = 'jsonb_build_object(?::text, ?::text)';
  const [row] = await query
    .whereRaw(`jsonb_path_exists(??, ?::jsonpath, ${vars})`, [
      column(storage.column),
      referenceJsonPath(use.field),
      'id',
      id,
    ])
    .select<{ count: string | number }[]>(
      knex.raw(
        `COALESCE(SUM(jsonb_array_length(jsonb_path_query_array(??, ?::jsonpath, ${vars}))), 0) AS count`,
        [column(storage.column), referenceJsonPath(use.field), 'id', id],
      ),
    );
  return Number(row?.count ?? 0);
}

/**
 * Counts the live records that name a record, per referencing kind, in the read models (which
 * the delete route consults before deleting; a reference written in the same instant may slip
 * past, as with any read-model check, and then shows as a missing reference). Declared kinds
 * are counted in their `resource_*` tables; registered uses (sections, preferences) in the
 * table and column they name.
 */
export function createInUseLookup(options: { knex: Knex; tables: TableResolver }): InUseLookup {
  return async (resource, id) => {
    const counts = new Map<string, number>();
    for (const use of referencesTo(resource, allResources)) {
      const count = await countUse(options, use, id);
      if (count > 0) counts.set(use.path, (counts.get(use.path) ?? 0) + count);
    }
    const usage: ResourceUsage[] = [...counts].map(([path, count]) => ({ resource: path, count }));
    return usage;
  };
}
