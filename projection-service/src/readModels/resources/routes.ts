import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ListQueryString,
  ResourceListAnswer,
  ResourceRowAnswer,
  allResources,
  referencesTo,
  type ResourceDefinition,
} from '@allot/shared-events';
import { getRecord, type Scope } from './query.js';
import { sendError, type ResourceViewer } from '../../http/viewer.js';
import { answered, withAnswers } from '../../http/answers.js';
import { createReader, type ResourceReadOptions, type ResourceReader } from './reader.js';
import { periodRoutes } from './periodRoutes.js';
import { withIncludes } from './includes.js';
import { userRoutes } from './userRoutes.js';
import { taxonomyRoutes } from './taxonomyRoutes.js';
import { adminAssignmentRoutes } from './adminAssignmentRoutes.js';
import { requiresRead } from '../../http/routeRequirement.js';

const Params = z.object({ id: z.string().trim().min(1).max(100) });
const KeysOnly = z.object({
  include: z.enum(['true', 'false']).optional(),
  keysOnly: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*(,[A-Za-z_][A-Za-z0-9_]*)*$/)
    .optional(),
});

/** The fields an option list may show: the id and how people name a record. */
const OPTION_FIELDS = new Set(['id', 'name', 'code', 'slug', 'displayName', 'isActive']);

/**
 * A reference field's options (`?select=id,name`) for someone without read on the kind who may
 * create, update or read a kind that references it (academicOpsAdmin's user form picks ranks, which
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
    if (referencing === undefined) return false;
    if (
      viewer.ability.can('update', referencing.subject) ||
      viewer.ability.can('create', referencing.subject)
    ) {
      return true;
    }
    // Who reads a kind reads the names in it (an effort contributor's positions name their
    // people). Not through an owned kind: everyone reads their own records of it, and that must
    // not open the names of all.
    return !referencing.ownerField && viewer.ability.can('read', referencing.subject);
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
  // Owned kinds answer the viewer's own records to anyone signed in (readScope).
  const config = resource.ownerField ? {} : requiresRead(resource.subject);
  const app = withAnswers(fastify);

  app.get(
    base,
    { schema: { querystring: ListQueryString, response: { 200: ResourceListAnswer } }, config },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      // Options for a reference field: those who edit a kind naming this one may pick from it.
      if (picksOptions(resource, viewer, request.query)) {
        return (
          (await reader.list(resource, request, reply, activeOnly(resource))) ?? answered(reply)
        );
      }
      const scope = reader.readScope(resource, viewer, reply);
      if (scope === null) return answered(reply);
      return (await reader.list(resource, request, reply, scope)) ?? answered(reply);
    },
  );

  app.get(
    `${base}/:id`,
    { schema: { querystring: KeysOnly, response: { 200: ResourceRowAnswer } }, config },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      const params = Params.safeParse(request.params);
      const query = KeysOnly.safeParse(request.query);
      if (!params.success || !query.success) {
        return answered(
          sendError(reply, 400, 'The request is not valid.', [
            ...(params.success ? [] : [{ field: 'id', message: 'must be a record id' }]),
            ...(query.success
              ? []
              : [
                  {
                    field: 'keysOnly',
                    message: 'must list field names; include must be true or false',
                  },
                ]),
          ]),
        );
      }
      const scope = reader.readScope(resource, viewer, reply);
      if (scope === null) return answered(reply);
      const record = await getRecord(
        reader.knex,
        await reader.table(resource),
        params.data.id,
        scope,
      );
      if (!record) return answered(sendError(reply, 404, `No record with id ${params.data.id}.`));
      const [view = record] =
        query.data.include === 'true'
          ? await withIncludes(reader.knex, (r) => reader.table(r), resource, [record])
          : [record];
      return only(view, query.data.keysOnly);
    },
  );
}

/**
 * GET list and GET one for every declared kind, plus the kinds' own paths (spec §7); their
 * answers are readApi's (`ResourceListAnswer`, `ResourceRowAnswer` and the kinds' own).
 */
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
