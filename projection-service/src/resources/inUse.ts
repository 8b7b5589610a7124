import type { Knex } from 'knex';
import {
  allResources,
  referencesTo,
  type InUseLookup,
  type ResourceUsage,
} from '@allot/shared-events';
import type { ReadTables } from '../api/projectionServicePlugin.js';

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

/**
 * Counts the live records that name a record, per referencing kind, in the read models (which
 * the delete route consults before deleting; a reference written in the same instant may slip
 * past, as with any read-model check, and then shows as a missing reference).
 */
export function createInUseLookup(options: { knex: Knex; tables: ReadTables }): InUseLookup {
  return async (resource, id) => {
    const counts = new Map<string, number>();
    for (const use of referencesTo(resource, allResources)) {
      const table = await options.tables.table(use.projection, use.projection);
      const [row] = await options
        .knex(table)
        .whereNull('deleted_at')
        .whereRaw('jsonb_path_exists(data, ?::jsonpath, jsonb_build_object(?::text, ?::text))', [
          referenceJsonPath(use.field),
          'id',
          id,
        ])
        .count<{ count: string | number }[]>({ count: '*' });
      const count = Number(row?.count ?? 0);
      if (count > 0) counts.set(use.path, (counts.get(use.path) ?? 0) + count);
    }
    const usage: ResourceUsage[] = [...counts].map(([path, count]) => ({ resource: path, count }));
    return usage;
  };
}
