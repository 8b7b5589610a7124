import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { TableResolver } from '../../runner/tableNames.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';
import { InstructorWorkloadDetail, InstructorWorkloadsAnswer } from '@allot/shared-events';
import { sendError, type ResourceViewer } from '../../http/viewer.js';
import { Paging, sortParam } from '../sections/query.js';
import { createWorkloadQuery, LOAD_STATES, WORKLOAD_SORTS } from './query.js';

export interface WorkloadReadOptions {
  knex: Knex;
  tables: TableResolver;
}

const id = z.string().trim().min(1).max(100);
const WorkloadList = z
  .object({
    ...Paging,
    AcademicPeriodId: id.optional(),
    q: z.string().trim().max(200).optional(),
    load: z.enum(LOAD_STATES).optional(),
    sort: sortParam(WORKLOAD_SORTS).optional(),
  })
  .strict();
const OnePeriod = z.object({ AcademicPeriodId: id.optional() }).strict();

function invalid(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const fields = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  return sendError(reply, 400, 'The query is not valid.', fields);
}

/**
 * Instructor workload (DESIGN §7: required, assigned, remaining per instructor and period):
 * GET /api/instructorWorkloads (staff who read instructors), /api/instructorWorkloads/:UserId
 * (one instructor with their sections and administrative assignments) and
 * /api/instructorWorkloads/mine (My Workload: the session's user only).
 */
export function workloadReadRoutes(
  fastify: FastifyInstance,
  options: WorkloadReadOptions,
  done: (err?: Error) => void,
): void {
  const workloads = createWorkloadQuery(options.knex, options.tables);
  const app = withAnswers(fastify);

  function allowed(
    request: FastifyRequest,
    reply: FastifyReply,
    action: 'read',
    subject: 'Instructor' | 'MySectionAssignment',
  ): ResourceViewer | null {
    const viewer = request.viewer;
    if (!viewer) {
      sendError(reply, 401, 'Please log in.');
      return null;
    }
    if (!viewer.ability.can(action, subject)) {
      sendError(reply, 403, 'You may not read this workload.');
      return null;
    }
    return viewer;
  }

  async function detail(userId: string, periodId: string | null, reply: FastifyReply) {
    if (!periodId) return answered(sendError(reply, 404, 'No academic period is active.'));
    const { rows } = await workloads.list({
      AcademicPeriodId: periodId,
      UserIds: [userId],
      take: 1,
      skip: 0,
    });
    const workload = rows[0];
    if (!workload) return answered(sendError(reply, 404, `No instructor with id ${userId}.`));
    const items = await workloads.itemsOf(userId, periodId);
    return {
      ...workload,
      sectionAssignments: items.sections,
      administrativeAssignments: items.administrative,
    };
  }

  app.get(
    '/api/instructorWorkloads',
    {
      schema: { querystring: WorkloadList, response: { 200: InstructorWorkloadsAnswer } },
      config: requiresRead('Instructor'),
    },
    async (request, reply) => {
      const viewer = allowed(request, reply, 'read', 'Instructor');
      if (!viewer) return answered(reply);
      const query = WorkloadList.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const { AcademicPeriodId, ...rest } = query.data;
      const periodId = AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      if (!periodId) return { AcademicPeriodId: null, count: 0, rows: [] };
      const answer = await workloads.list({
        AcademicPeriodId: periodId,
        take: rest.take,
        skip: rest.skip,
        ...(rest.q ? { q: rest.q } : {}),
        ...(rest.load ? { load: rest.load } : {}),
        ...(rest.sort ? { sort: rest.sort } : {}),
      });
      return { AcademicPeriodId: periodId, ...answer };
    },
  );

  app.get(
    '/api/instructorWorkloads/mine',
    {
      schema: { querystring: OnePeriod, response: { 200: InstructorWorkloadDetail } },
      config: requiresRead('MySectionAssignment'),
    },
    async (request, reply) => {
      const viewer = allowed(request, reply, 'read', 'MySectionAssignment');
      if (!viewer) return answered(reply);
      const query = OnePeriod.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      return detail(
        viewer.userId,
        query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId,
        reply,
      );
    },
  );

  app.get(
    '/api/instructorWorkloads/:UserId',
    {
      schema: { querystring: OnePeriod, response: { 200: InstructorWorkloadDetail } },
      config: requiresRead('Instructor'),
    },
    async (request, reply) => {
      const viewer = allowed(request, reply, 'read', 'Instructor');
      if (!viewer) return answered(reply);
      const params = z.object({ UserId: id }).safeParse(request.params);
      if (!params.success) return answered(invalid(reply, params.error));
      const query = OnePeriod.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      return detail(
        params.data.UserId,
        query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId,
        reply,
      );
    },
  );
  done();
}
