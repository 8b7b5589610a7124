import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { ImportSpecsAnswer, users, type ImportSpecAnswer } from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { answered, withAnswers } from '../../http/answers.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { sendError } from '../../http/viewer.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { IMPORT_SPECS_TABLE, importSpecsProjection } from './projection.js';

export interface ImportSpecReadOptions {
  knex: Knex;
  tables: TableResolver;
}

interface Row {
  id: string;
  name: string;
  description: string | null;
  kind: ImportSpecAnswer['kind'];
  mapping: ImportSpecAnswer['mapping'];
  value_mappings: ImportSpecAnswer['valueMappings'];
  remove_missing: boolean;
  accept_conflicts: boolean;
  source: ImportSpecAnswer['source'];
  time_zone: string;
  schedule: ImportSpecAnswer['schedule'];
  owner_id: string | null;
  person_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  revision: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** GET /api/importSpecs: the saved imports by name, for whoever may read data services. */
export function importSpecReadRoutes(
  fastify: FastifyInstance,
  options: ImportSpecReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const { knex, tables } = options;
  app.get(
    '/api/importSpecs',
    { config: requiresRead('DataServices'), schema: { response: { 200: ImportSpecsAnswer } } },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'DataServices')) {
        return answered(sendError(reply, 403, 'You may not use data services.'));
      }
      const specs = await tables.table(importSpecsProjection.name, IMPORT_SPECS_TABLE);
      const rows: Row[] = await knex({ s: specs })
        .leftJoin(
          { u: await tables.table(resourceProjectionName(users), recordsTable(users)) },
          'u.id',
          's.owner_id',
        )
        .select('s.*', knex.raw("u.data->>'displayName' as person_name"))
        .where('s.deleted', false)
        .orderByRaw('lower(s.name), s.id');
      return {
        count: rows.length,
        rows: rows.map((r) => ({
          id: r.id,
          name: r.name,
          description: r.description,
          kind: r.kind,
          mapping: r.mapping,
          valueMappings: r.value_mappings,
          removeMissing: r.remove_missing,
          acceptConflicts: r.accept_conflicts,
          source: r.source,
          timeZone: r.time_zone,
          schedule: r.schedule,
          owner: { id: r.owner_id ?? '', name: r.person_name },
          createdAt: iso(r.created_at),
          updatedAt: iso(r.updated_at),
          revision: String(r.revision),
        })),
      };
    },
  );
  done();
}
