import type { FastifyInstance } from 'fastify';
import { academicPeriods } from '@allot/shared-events';
import type { ResourceReader } from './reader.js';
import { findRecord, getRecord } from './query.js';

/**
 * Spec §7 academic periods: `active` is the viewer's working period (their own, else the
 * institution's), `systemActive` the institution's, `publishedForFaculty` those shown to faculty.
 * Every signed-in user needs them (the shell shows the working period), so a session suffices.
 */
export function periodRoutes(fastify: FastifyInstance, reader: ResourceReader): void {
  const base = `/api/${academicPeriods.path}`;
  const table = () => reader.table(academicPeriods);
  const systemActive = async () => findRecord(reader.knex, await table(), { isSystemActive: true });

  const active = async (workingId: string | null) =>
    (workingId ? await getRecord(reader.knex, await table(), workingId) : null) ??
    (await systemActive());

  fastify.get(`${base}/active`, async (request, reply) => {
    const viewer = reader.viewer(request, reply);
    if (!viewer) return reply;
    return reply.send(await active(viewer.workingAcademicPeriodId));
  });

  fastify.get(`${base}/active/id`, async (request, reply) => {
    const viewer = reader.viewer(request, reply);
    if (!viewer) return reply;
    return { id: (await active(viewer.workingAcademicPeriodId))?.id ?? null };
  });

  fastify.get(`${base}/systemActive`, async (request, reply) => {
    const viewer = reader.viewer(request, reply);
    if (!viewer) return reply;
    return reply.send(await systemActive());
  });

  fastify.get(`${base}/publishedForFaculty`, async (request, reply) => {
    const viewer = reader.viewer(request, reply);
    if (!viewer) return reply;
    return reader.list(academicPeriods, request, reply, (q) => {
      q.whereRaw(`data @> '{"publishedForFaculty": true}'::jsonb`);
    });
  });
}
