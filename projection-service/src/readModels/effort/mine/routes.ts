import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import {
  MyEffortAnswer,
  MyTeachingAnswer,
  academicPeriods,
  effortCategories,
  effortPayPeriods,
  effortPositions,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../../runner/tableNames.js';
import { answered, withAnswers } from '../../../http/answers.js';
import { requiresRead } from '../../../http/routeRequirement.js';
import { sendError } from '../../../http/viewer.js';
import { recordsTable, resourceProjectionName } from '../../resources/projection.js';
import { createWorkloadQuery } from '../../workload/query.js';
import {
  COUNTING_LINE,
  EFFORT_IMPORTS_TABLE,
  EFFORT_LINES_TABLE,
  effortImportsProjection,
} from '../imports/projection.js';
import { createTimelineReader } from '../timeline/query.js';

export interface MyEffortReadOptions {
  knex: Knex;
  tables: TableResolver;
}

/**
 * GET /api/effort/myTeaching and GET /api/effort/myEffort: a faculty member's own teaching
 * across periods (planned points beside payroll's teaching share) and their positions' effort
 * timelines, read-only (MyAdvancedTeachingEffort; docs/effort.md "My Teaching and My Effort").
 */
export function myEffortRoutes(
  fastify: FastifyInstance,
  options: MyEffortReadOptions,
  done: (err?: Error) => void,
): void {
  const app = withAnswers(fastify);
  const { knex, tables } = options;
  const config = requiresRead('MyAdvancedTeachingEffort');
  const recordsOf = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));
  const workloads = createWorkloadQuery(knex, tables);
  const readTimeline = createTimelineReader(knex, tables);

  function refused(request: FastifyRequest, reply: FastifyReply) {
    const viewer = request.viewer;
    if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
    if (!viewer.ability.can('read', 'MyAdvancedTeachingEffort')) {
      return answered(sendError(reply, 403, 'Your own effort is not shown to you here.'));
    }
    return null;
  }

  app.get(
    '/api/effort/myTeaching',
    { config, schema: { response: { 200: MyTeachingAnswer } } },
    async (request, reply) => {
      const refusal = refused(request, reply);
      if (refusal) return refusal;
      const me = request.viewer!.userId;
      const [periods, lines, imports, payPeriods, categories] = await Promise.all([
        recordsOf(academicPeriods),
        tables.table(effortImportsProjection.name, EFFORT_LINES_TABLE),
        tables.table(effortImportsProjection.name, EFFORT_IMPORTS_TABLE),
        recordsOf(effortPayPeriods),
        recordsOf(effortCategories),
      ]);
      // The periods shown to faculty: published to them, or the institution's active one.
      const shown = await knex(periods)
        .whereNull('deleted_at')
        .whereRaw(
          "(coalesce((data->>'publishedForFaculty')::boolean, false) OR coalesce((data->>'isSystemActive')::boolean, false))",
        )
        .orderByRaw("data->>'startDate' DESC")
        .select<{ id: string; name: string; start: string; end: string }[]>(
          'id',
          knex.raw("data->>'name' as name"),
          knex.raw("data->>'startDate' as start"),
          knex.raw("data->>'endDate' as end"),
        );
      const rows = [];
      for (const period of shown) {
        const workload = await workloads.list({
          AcademicPeriodId: period.id,
          UserIds: [me],
          take: 1,
          skip: 0,
        });
        const payroll = await knex.raw<{
          rows: { pay_periods: string; teaching: string | null }[];
        }>(
          `SELECT count(DISTINCT l.pay_period_id) AS pay_periods,
                  sum(CASE WHEN c.data->>'area' = 'teaching' THEN l.effort_percent ELSE 0 END) AS teaching
             FROM :lines: AS l
             JOIN :imports: AS i ON i.id = l.import_id
             JOIN :payPeriods: AS p ON p.id = l.pay_period_id
             LEFT JOIN :categories: AS c ON c.id = l.category_id
            WHERE l.user_id = :me AND ${COUNTING_LINE.replace('??', ':imports:')}
              AND p.data->>'startDate' >= :start AND p.data->>'startDate' <= :end`,
          { lines, imports, payPeriods, categories, me, start: period.start, end: period.end },
        );
        const counted = Number(payroll.rows[0]?.pay_periods ?? 0);
        const teaching = Number(payroll.rows[0]?.teaching ?? 0);
        rows.push({
          period: {
            id: period.id,
            name: period.name,
            startDate: period.start,
            endDate: period.end,
          },
          workload: workload.rows[0] ?? null,
          payrollTeachingPercent: counted > 0 ? Math.round((teaching / counted) * 100) / 100 : null,
          payPeriods: counted,
        });
      }
      return { periods: rows };
    },
  );

  app.get(
    '/api/effort/myEffort',
    { config, schema: { response: { 200: MyEffortAnswer } } },
    async (request, reply) => {
      const refusal = refused(request, reply);
      if (refusal) return refusal;
      const me = request.viewer!.userId;
      const mine = await knex(await recordsOf(effortPositions))
        .whereNull('deleted_at')
        .whereRaw("data->>'UserId' = ?", [me])
        .orderByRaw("data->>'startDate' DESC, id")
        .select<{ id: string }[]>('id');
      const positions = [];
      for (const { id } of mine) {
        const timeline = await readTimeline(id, null);
        if (timeline) positions.push(timeline);
      }
      return { positions };
    },
  );
  done();
}
