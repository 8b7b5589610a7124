import type { FastifyInstance } from 'fastify';
import {
  TAXONOMY_KINDS,
  TaxonomiesEnabledAnswer,
  allResources,
  type ResourceDefinition,
  type TaxonomyKind,
} from '@allot/shared-events';
import type { ResourceReader } from './reader.js';
import { answered, withAnswers } from '../../http/answers.js';

function taxonomyResource(kind: TaxonomyKind): ResourceDefinition {
  const resource = allResources.find((r) => r.path === kind);
  if (!resource) throw new Error(`No resource declared for the taxonomy ${kind}`);
  return resource;
}

/**
 * GET /api/taxonomies/enabled (notes/uiShape.md): a taxonomy's feature is on while an active
 * record of it exists (spec §3); while off its fields, columns and filters are hidden everywhere,
 * so every signed-in user needs the answer.
 */
export function taxonomyRoutes(fastify: FastifyInstance, reader: ResourceReader): void {
  const app = withAnswers(fastify);
  app.get(
    '/api/taxonomies/enabled',
    { schema: { response: { 200: TaxonomiesEnabledAnswer } } },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      const entries: (readonly [TaxonomyKind, boolean])[] = await Promise.all(
        TAXONOMY_KINDS.map(async (kind) => {
          const table = await reader.table(taxonomyResource(kind));
          const row: { id: string } | undefined = await reader
            .knex(table)
            .whereNull('deleted_at')
            .whereRaw(`(data->>'isActive')::boolean IS NOT FALSE`)
            .first<{ id: string } | undefined>('id');
          return [kind, row !== undefined] as const;
        }),
      );
      reply.header('cache-control', 'no-store');
      // One entry per taxonomy kind, as the answer names them.
      return Object.fromEntries(entries) as TaxonomiesEnabledAnswer;
    },
  );
}
