import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import {
  allResources,
  parseListQuery,
  type ListQuery,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { withIncludes } from './includes.js';
import { recordsTable, resourceProjectionName } from './projection.js';
import {
  ListValueError,
  listRecords,
  type ListAnswer,
  type ReferenceSort,
  type Scope,
} from './query.js';
import { sendError, type ResourceViewer } from '../../http/viewer.js';

export interface ResourceReadOptions {
  knex: Knex;
  tables: TableResolver;
}

/** What the generic and the kind-specific routes share. */
export interface ResourceReader {
  readonly knex: Knex;
  table: (resource: ResourceDefinition) => Promise<string>;
  /** The viewer, or null after answering 401. */
  viewer(request: FastifyRequest, reply: FastifyReply): ResourceViewer | null;
  /** A scope limiting reads to what the viewer may see, or null after answering 403. */
  readScope(
    resource: ResourceDefinition,
    viewer: ResourceViewer,
    reply: FastifyReply,
  ): Scope | null | undefined;
  /** Parses the query and answers the page, or null after answering 400 naming the fields. */
  list(
    resource: ResourceDefinition,
    request: FastifyRequest,
    reply: FastifyReply,
    scope?: Scope,
    adjust?: (list: ListQuery) => ListQuery,
  ): Promise<ListAnswer | null>;
}

/** Owned kinds (user settings): without read on the subject, a viewer sees only their own. */
function readScope(
  resource: ResourceDefinition,
  viewer: ResourceViewer,
  reply: FastifyReply,
): Scope | null | undefined {
  if (viewer.ability.can('read', resource.subject)) return undefined;
  const owner = resource.ownerField;
  if (owner) {
    return (q) => {
      q.whereRaw('data->>? = ?', [owner, viewer.userId]);
    };
  }
  sendError(reply, 403, 'You are not allowed to see these records.');
  return null;
}

export function createReader(options: ResourceReadOptions): ResourceReader {
  const table = (resource: ResourceDefinition) =>
    options.tables.table(resourceProjectionName(resource), recordsTable(resource));
  return {
    knex: options.knex,
    table,
    viewer(request, reply) {
      const viewer = request.viewer;
      if (!viewer) sendError(reply, 401, 'Please log in.');
      return viewer;
    },
    readScope,
    async list(resource, request, reply, scope, adjust) {
      const parsed = parseListQuery(request.query, resource.list);
      if (!parsed.success) {
        sendError(reply, 400, 'The list query is not valid.', parsed.issues);
        return null;
      }
      const list = adjust ? adjust(parsed.data) : parsed.data;
      try {
        const answer = await listRecords(
          options.knex,
          await table(resource),
          resource,
          list,
          scope,
          await referenceSortsOf(resource, list, table),
        );
        if (!list.include) return answer;
        return { ...answer, rows: await withIncludes(options.knex, table, resource, answer.rows) };
      } catch (err) {
        if (err instanceof ListValueError) {
          sendError(reply, 400, err.message, err.issues);
          return null;
        }
        throw err;
      }
    },
  };
}

/**
 * The sorted fields that reference one record of another kind (a `reference` column), each with
 * the referenced table and the label its column shows: users by last and first name (as user
 * lists sort), other kinds by the field the column names them by (`labelField`, else `name`).
 */
async function referenceSortsOf(
  resource: ResourceDefinition,
  list: ListQuery,
  table: (resource: ResourceDefinition) => Promise<string>,
): Promise<Record<string, ReferenceSort>> {
  const sorts: Record<string, ReferenceSort> = {};
  for (const [field] of list.sort) {
    const ui = resource.ui?.fields[field];
    const referenced =
      ui?.widget === 'reference' ? allResources.find((r) => r.path === ui.reference) : undefined;
    if (!ui || !referenced) continue;
    sorts[field] = {
      table: await table(referenced),
      labelFields:
        referenced.path === 'users' ? ['lastName', 'firstName'] : [ui.labelField ?? 'name'],
    };
  }
  return sorts;
}
