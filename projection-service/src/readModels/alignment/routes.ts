import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  ALIGNED_SCORE,
  AlignmentMetricsAnswer,
  summarizeAlignments,
  workgroups,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { readableWorkgroups, sendError } from '../../http/viewer.js';
import { SECTION_ASSIGNMENTS_TABLE, sectionsProjection } from '../sections/projection.js';
import { createAlignmentReader } from './inputs.js';

export interface AlignmentMetricsOptions {
  knex: Knex;
  tables: TableResolver;
}

const Query = z.object({ AcademicPeriodId: z.string().trim().min(1).max(100).optional() }).strict();

/**
 * GET /api/preferenceAlignment/metrics: how the period's live assignments align with preferences,
 * per workgroup (count, mean score, aligned share, blocked) and overall, over the workgroups the
 * viewer reads (issue 6: metrics of alignment per workgroup and period).
 */
export function alignmentMetricsRoutes(
  fastify: FastifyInstance,
  options: AlignmentMetricsOptions,
  done: (err?: Error) => void,
): void {
  const { knex, tables } = options;
  const alignment = createAlignmentReader(knex, tables);
  const kind = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));

  /** The period's live assignments in `readable` workgroups (null: all), summarized. */
  async function measure(periodId: string, readable: string[] | null) {
    const rows = (await knex(await tables.table(sectionsProjection.name, SECTION_ASSIGNMENTS_TABLE))
      .select('id', 'section_id', 'user_id', 'points', 'academic_period_id', 'workgroup_id')
      .where({ deleted: false, academic_period_id: periodId })
      .whereNot('status', 'withdrawn')
      .modify((q) => {
        if (readable) q.whereIn('workgroup_id', readable);
      })) as unknown as {
      id: string;
      section_id: string;
      user_id: string;
      points: number;
      academic_period_id: string;
      workgroup_id: string;
    }[];
    const scores = await alignment.alignmentsOf(rows);
    const names = new Map(
      (
        (await knex.select('id', 'data').from(await kind(workgroups))) as unknown as {
          id: string;
          data: { name?: string };
        }[]
      ).map((w) => [w.id, w.data.name ?? w.id]),
    );
    const summarize = (list: typeof rows) =>
      summarizeAlignments(
        list.flatMap((r) => {
          const a = scores.get(r.id);
          return a ? [a] : [];
        }),
      );
    const byGroup = new Map<string, typeof rows>();
    for (const r of rows) byGroup.set(r.workgroup_id, [...(byGroup.get(r.workgroup_id) ?? []), r]);
    return {
      AcademicPeriodId: periodId,
      alignedScore: ALIGNED_SCORE,
      overall: summarize(rows),
      rows: [...byGroup.entries()]
        .map(([WorkgroupId, list]) => ({
          WorkgroupId,
          name: names.get(WorkgroupId) ?? WorkgroupId,
          ...summarize(list),
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }

  const app = withAnswers(fastify);
  app.get(
    '/api/preferenceAlignment/metrics',
    {
      schema: { querystring: Query, response: { 200: AlignmentMetricsAnswer } },
      config: requiresRead('SectionAssignment'),
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'SectionAssignment')) {
        return answered(sendError(reply, 403, 'You may not read section assignments.'));
      }
      const query = Query.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      const periodId = query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      if (!periodId) return { AcademicPeriodId: null, overall: null, rows: [] };
      return measure(periodId, readableWorkgroups(viewer.ability));
    },
  );

  /**
   * GET /api/reports/alignment/metrics (Report read): the same figures for the reports' charts,
   * over every workgroup, as every report reads the whole plan (a reporting user reads no
   * section assignment, so the route above refuses them).
   */
  app.get(
    '/api/reports/alignment/metrics',
    {
      schema: { querystring: Query, response: { 200: AlignmentMetricsAnswer } },
      config: requiresRead('Report'),
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'Report')) {
        return answered(sendError(reply, 403, 'You may not read reports.'));
      }
      const query = Query.safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The query is not valid.'));
      const periodId = query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      if (!periodId) return { AcademicPeriodId: null, overall: null, rows: [] };
      return measure(periodId, null);
    },
  );
  done();
}
