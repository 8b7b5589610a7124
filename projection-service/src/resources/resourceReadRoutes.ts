import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  allResources,
  parseListQuery,
  referencesTo,
  type ListQuery,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { ReadTables } from '../api/projectionServicePlugin.js';
import { recordsTable, resourceProjectionName } from './resourceProjection.js';
import {
  ListValueError,
  getRecord,
  listRecords,
  type ListAnswer,
  type ReferenceSort,
  type Scope,
} from './resourceQuery.js';
import { noViewer, sendError, type ResourceViewer, type ViewerResolver } from './viewer.js';
import { periodRoutes } from './periodRoutes.js';
import { withIncludes } from './includes.js';
import { userRoutes } from './userRoutes.js';
import { taxonomyRoutes } from './taxonomyRoutes.js';
import { adminAssignmentRoutes } from './adminAssignmentRoutes.js';
import { requiresRead } from '../api/routeRequirement.js';

export interface ResourceReadOptions {
  knex: Knex;
  tables: ReadTables;
  preHandler: Array<preHandlerHookHandler | preHandlerAsyncHookHandler>;
  viewer?: ViewerResolver;
}

/** What the generic and the kind-specific routes share. */
export interface ResourceReader {
  readonly knex: Knex;
  table: (resource: ResourceDefinition) => Promise<string>;
  /** The viewer, or null after answering 401. */
  viewer(request: FastifyRequest, reply: FastifyReply): Promise<ResourceViewer | null>;
  /** A scope limiting reads to what the viewer may see, or null after answering 403. */
  readScope(
    resource: ResourceDefinition,
    viewer: ResourceViewer,
    reply: FastifyReply,
  ): Scope | null | undefined;
  /** Parses the query and answers the page, or 400 naming the failing fields. */
  list(
    resource: ResourceDefinition,
    request: FastifyRequest,
    reply: FastifyReply,
    scope?: Scope,
    adjust?: (list: ListQuery) => ListQuery,
  ): Promise<ListAnswer | FastifyReply>;
  readonly preHandler: ResourceReadOptions['preHandler'];
}

const Params = z.object({ id: z.string().trim().min(1).max(100) });
const KeysOnly = z.object({
  include: z.enum(['true', 'false']).optional(),
  keysOnly: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*(,[A-Za-z_][A-Za-z0-9_]*)*$/)
    .optional(),
});

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

function createReader(options: ResourceReadOptions): ResourceReader {
  const resolve = options.viewer ?? noViewer;
  const table = (resource: ResourceDefinition) =>
    options.tables.table(resourceProjectionName(resource), recordsTable(resource));
  return {
    knex: options.knex,
    preHandler: options.preHandler,
    table,
    async viewer(request, reply) {
      const viewer = await resolve(request);
      if (!viewer) sendError(reply, 401, 'Please log in.');
      return viewer;
    },
    readScope,
    async list(resource, request, reply, scope, adjust) {
      const parsed = parseListQuery(request.query, resource.list);
      if (!parsed.success) {
        return sendError(reply, 400, 'The list query is not valid.', parsed.issues);
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
          return sendError(reply, 400, err.message, err.issues);
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

/** The fields an option list may show: the id and how people name a record. */
const OPTION_FIELDS = new Set(['id', 'name', 'code', 'slug', 'displayName', 'isActive']);

/**
 * A reference field's options (`?select=id,name`) for someone without read on the kind who may
 * create or update a kind that references it (academicOpsAdmin's user form picks ranks, which
 * are Configuration): only naming fields, only active records.
 */
function picksOptions(resource: ResourceDefinition, viewer: ResourceViewer, query: unknown) {
  if (viewer.ability.can('read', resource.subject)) return false;
  const select = (query as { select?: unknown } | null)?.select;
  if (typeof select !== 'string' || select === '') return false;
  const fields = select.split(',').map((item) => item.trim().split(/\s+as\s+/i)[0] ?? '');
  if (!fields.every((field) => OPTION_FIELDS.has(field))) return false;
  return referencesTo(resource, allResources).some((use) => {
    const referencing = allResources.find((r) => r.path === use.path);
    return (
      referencing !== undefined &&
      (viewer.ability.can('update', referencing.subject) ||
        viewer.ability.can('create', referencing.subject))
    );
  });
}

/** Option lists show active records only, when the kind has isActive. */
function activeOnly(resource: ResourceDefinition): Scope | undefined {
  if (!resource.eventTypes.deactivated) return undefined;
  return (q) => {
    q.whereRaw(`(data->>'isActive')::boolean IS NOT FALSE`);
  };
}

function only(view: Record<string, unknown>, keys: string | undefined): Record<string, unknown> {
  if (!keys) return view;
  const picked: Record<string, unknown> = { id: view.id };
  for (const key of keys.split(',')) picked[key] = view[key] ?? null;
  return picked;
}

function genericRoutes(
  fastify: FastifyInstance,
  reader: ResourceReader,
  resource: ResourceDefinition,
) {
  const base = `/api/${resource.path}`;
  const { preHandler } = reader;
  // Owned kinds answer the viewer's own records to anyone signed in (readScope).
  const config = resource.ownerField ? {} : requiresRead(resource.subject);

  fastify.get(base, { preHandler, config }, async (request, reply) => {
    const viewer = await reader.viewer(request, reply);
    if (!viewer) return reply;
    // Options for a reference field: those who edit a kind naming this one may pick from it.
    if (picksOptions(resource, viewer, request.query)) {
      return reader.list(resource, request, reply, activeOnly(resource));
    }
    const scope = reader.readScope(resource, viewer, reply);
    if (scope === null) return reply;
    return reader.list(resource, request, reply, scope);
  });

  fastify.get(`${base}/:id`, { preHandler, config }, async (request, reply) => {
    const viewer = await reader.viewer(request, reply);
    if (!viewer) return reply;
    const params = Params.safeParse(request.params);
    const query = KeysOnly.safeParse(request.query);
    if (!params.success || !query.success) {
      return sendError(reply, 400, 'The request is not valid.', [
        ...(params.success ? [] : [{ field: 'id', message: 'must be a record id' }]),
        ...(query.success
          ? []
          : [
              {
                field: 'keysOnly',
                message: 'must list field names; include must be true or false',
              },
            ]),
      ]);
    }
    const scope = reader.readScope(resource, viewer, reply);
    if (scope === null) return reply;
    const record = await getRecord(
      reader.knex,
      await reader.table(resource),
      params.data.id,
      scope,
    );
    if (!record) return sendError(reply, 404, `No record with id ${params.data.id}.`);
    const [view = record] =
      query.data.include === 'true'
        ? await withIncludes(reader.knex, (r) => reader.table(r), resource, [record])
        : [record];
    return only(view, query.data.keysOnly);
  });
}

/** GET list and GET one for every declared kind, plus the kinds' own paths (spec §7). */
export function resourceReadRoutes(
  fastify: FastifyInstance,
  options: ResourceReadOptions,
  done: (err?: Error) => void,
): void {
  const reader = createReader(options);
  // Specific paths first, for readability; the router prefers static segments anyway.
  periodRoutes(fastify, reader);
  userRoutes(fastify, reader);
  taxonomyRoutes(fastify, reader);
  adminAssignmentRoutes(fastify, reader);
  for (const resource of allResources) genericRoutes(fastify, reader, resource);
  done();
}
