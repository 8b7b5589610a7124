import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  QUERYABLE_REPORT_TYPES,
  ReportAnswer,
  ReportPeriodsAnswer,
  ReportQuery,
  resolveReportQuery,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';
import { sendError } from '../../http/viewer.js';
import { AsOfNotFound, createReportQuery } from './query.js';

export interface ReportReadOptions {
  knex: Knex;
  tables: TableResolver;
}

const Params = z.object({ type: z.enum(QUERYABLE_REPORT_TYPES) }).strict();

function invalid(reply: FastifyReply, fields: { field: string; message: string }[]): never {
  return answered(sendError(reply, 400, 'The report query is not valid.', fields));
}

const issuesOf = (error: z.ZodError) =>
  error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }));

/**
 * POST /api/reports/:type/query (Report read): a page of a report of the plan now or as of an
 * instant. A POST because a report's columns, filters and sorts do not fit an address; it
 * changes nothing.
 */
export function reportReadRoutes(
  fastify: FastifyInstance,
  options: ReportReadOptions,
  done: (err?: Error) => void,
): void {
  const reports = createReportQuery(options.knex, options.tables);
  const app = withAnswers(fastify);

  app.post(
    '/api/reports/:type/query',
    {
      config: requiresRead('Report'),
      schema: { params: Params, body: ReportQuery, response: { 200: ReportAnswer } },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'Report')) {
        return answered(sendError(reply, 403, 'You may not read reports.'));
      }
      // The request first (400), then whether its report exists (404), as every route does.
      const body = ReportQuery.safeParse(request.body ?? {});
      if (!body.success) return invalid(reply, issuesOf(body.error));
      const params = Params.safeParse(request.params);
      if (!params.success) {
        return answered(sendError(reply, 404, 'There is no report of that type.'));
      }
      const resolved = resolveReportQuery(params.data.type, body.data);
      if (!resolved.ok) return invalid(reply, resolved.issues);
      try {
        return await reports.run(params.data.type, resolved.value, {
          AcademicPeriodId: body.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId,
          asOf: body.data.asOf ?? null,
          allPeriods: body.data.allPeriods ?? false,
          UserId: body.data.UserId ?? null,
        });
      } catch (error) {
        if (error instanceof AsOfNotFound) {
          return invalid(reply, [{ field: 'asOf.position', message: error.message }]);
        }
        throw error;
      }
    },
  );
  /**
   * GET /api/reports/periods (Report read): the periods a report may read, newest first — for the
   * report's period picker of those who may not list periods themselves (reporting users).
   */
  app.get(
    '/api/reports/periods',
    { config: requiresRead('Report'), schema: { response: { 200: ReportPeriodsAnswer } } },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'Report')) {
        return answered(sendError(reply, 403, 'You may not read reports.'));
      }
      return { rows: await reports.periods() } satisfies ReportPeriodsAnswer;
    },
  );

  const TeachingRecordParams = z.object({ UserId: z.string().trim().min(1).max(100) }).strict();
  const TeachingRecordQuery = z
    .object({
      page: z.coerce.number().int().min(0).max(100_000).optional(),
      pageSize: z.coerce.number().int().min(1).max(500).optional(),
    })
    .strict();

  /**
   * GET /api/instructors/:UserId/teachingRecord (Instructor read, or the instructor themself):
   * the instructor's teaching in every period (DossierTeachingAssignments), newest period first,
   * with a subtotal of points per period.
   */
  app.get(
    '/api/instructors/:UserId/teachingRecord',
    {
      config: requiresRead('Instructor'),
      schema: {
        params: TeachingRecordParams,
        querystring: TeachingRecordQuery,
        response: { 200: ReportAnswer },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      const params = TeachingRecordParams.safeParse(request.params);
      const query = TeachingRecordQuery.safeParse(request.query);
      if (!params.success) return invalid(reply, issuesOf(params.error));
      if (!query.success) return invalid(reply, issuesOf(query.error));
      const own = viewer.userId === params.data.UserId;
      if (!own && !viewer.ability.can('read', 'Instructor')) {
        return answered(sendError(reply, 403, "You may not read this instructor's teaching."));
      }
      const resolved = resolveReportQuery('TeachingAssignments', {
        columns: [
          'period',
          'term',
          'courseNumber',
          'courseName',
          'sectionNumber',
          'workgroup',
          'status',
          'share',
          'points',
        ],
        sorts: [
          { column: 'period', direction: 'desc' },
          { column: 'courseNumber', direction: 'asc' },
          { column: 'sectionNumber', direction: 'asc' },
        ],
        groupBy: 'period',
        page: query.data.page ?? 0,
        pageSize: query.data.pageSize ?? 100,
      });
      if (!resolved.ok) return invalid(reply, resolved.issues);
      return reports.run('TeachingAssignments', resolved.value, {
        AcademicPeriodId: null,
        allPeriods: true,
        UserId: params.data.UserId,
      });
    },
  );
  done();
}
