import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { TableResolver } from '../../runner/tableNames.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';
import {
  progressSteps,
  users,
  workgroups,
  ProgressActionsAnswer,
  WorkgroupApprovalsAnswer,
  type ApprovalStatus,
  type ProgressActionKind,
  type ResourceDefinition,
} from '@allot/shared-events';

import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { readableWorkgroups, sendError } from '../../http/viewer.js';
import {
  PROGRESS_ACTIONS_TABLE,
  WORKGROUP_APPROVALS_TABLE,
  approvalsProjection,
} from './projection.js';

export interface ApprovalReadOptions {
  knex: Knex;
  tables: TableResolver;
}

const id = z.string().trim().min(1).max(100);
const Query = z.object({ AcademicPeriodId: id.optional(), WorkgroupId: id.optional() }).strict();

function invalid(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const fields = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  return sendError(reply, 400, 'The query is not valid.', fields);
}

/**
 * GET /api/workgroupApprovals: every workgroup × progress step of a period with its approval
 * status ("pending" when nothing was recorded) and its last action's comment; WorkgroupApproval
 * readers, workgroup permission
 * holders for their workgroups. GET /api/progressActions: the actions, newest first, with who
 * took them; ProgressAction readers (admin, academic ops, academic-affairs approvers).
 */
export function approvalReadRoutes(
  fastify: FastifyInstance,
  options: ApprovalReadOptions,
  done: (err?: Error) => void,
): void {
  const { knex } = options;
  const app = withAnswers(fastify);
  const kind = (resource: ResourceDefinition) =>
    options.tables.table(resourceProjectionName(resource), recordsTable(resource));
  const own = (logical: string) => options.tables.table(approvalsProjection.name, logical);

  app.get(
    '/api/workgroupApprovals',
    {
      schema: { querystring: Query, response: { 200: WorkgroupApprovalsAnswer } },
      config: requiresRead('WorkgroupApproval'),
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      const everyone = viewer.ability.can('read', 'WorkgroupApproval');
      // Workgroup permission holders read their workgroups' (the sections they read).
      const mine = everyone ? null : readableWorkgroups(viewer.ability);
      if (!everyone && (!mine || mine.length === 0)) {
        return answered(sendError(reply, 403, 'You may not read workgroup approvals.'));
      }
      const query = Query.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const periodId = query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      if (!periodId) return { AcademicPeriodId: null, steps: [], rows: [] };
      type Row = { id: string; data: { stepId: number; name: string; isActive?: boolean } };
      const steps = (await knex(await kind(progressSteps))
        .select('id', 'data')
        .whereNull('deleted_at')
        .whereRaw("data->>'AcademicPeriodId' = ?", [periodId])
        .orderByRaw("(data->>'stepId')::int")) as unknown as Row[];
      const groups = (await knex(await kind(workgroups))
        .select('id', knex.raw("data->>'name' as name"))
        .whereNull('deleted_at')
        .modify((q) => {
          if (mine) q.whereIn('id', mine);
          if (query.data.WorkgroupId) q.where('id', query.data.WorkgroupId);
        })
        .orderByRaw("lower(data->>'name'), id")) as unknown as { id: string; name: string }[];
      const recorded = (await knex(await own(WORKGROUP_APPROVALS_TABLE)).where({
        period_id: periodId,
      })) as {
        workgroup_id: string;
        progress_step_id: string;
        status: ApprovalStatus;
        updated_at: Date;
      }[];
      const statusOf = new Map(
        recorded.map((r) => [`${r.workgroup_id}|${r.progress_step_id}`, r] as const),
      );
      // Each cell's last action's comment: why it was returned, what a submission says.
      const last = (await knex(await own(PROGRESS_ACTIONS_TABLE))
        .distinctOn('workgroup_id', 'progress_step_id')
        .select('workgroup_id', 'progress_step_id', 'comment')
        .where({ period_id: periodId })
        .orderBy([
          { column: 'workgroup_id' },
          { column: 'progress_step_id' },
          { column: 'occurred_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])) as { workgroup_id: string; progress_step_id: string; comment: string | null }[];
      const commentOf = new Map(
        last.map((r) => [`${r.workgroup_id}|${r.progress_step_id}`, r.comment] as const),
      );
      return {
        AcademicPeriodId: periodId,
        steps: steps.map((s) => ({
          id: s.id,
          stepId: s.data.stepId,
          name: s.data.name,
          isActive: s.data.isActive === true,
        })),
        rows: groups.map((g) => ({
          WorkgroupId: g.id,
          name: g.name,
          steps: Object.fromEntries(
            steps.map((s) => {
              const r = statusOf.get(`${g.id}|${s.id}`);
              return [
                s.id,
                {
                  status: r?.status ?? 'pending',
                  updatedAt: r ? new Date(r.updated_at).toISOString() : null,
                  comment: commentOf.get(`${g.id}|${s.id}`) ?? null,
                },
              ];
            }),
          ),
        })),
      };
    },
  );

  app.get(
    '/api/progressActions',
    {
      schema: { querystring: Query, response: { 200: ProgressActionsAnswer } },
      config: requiresRead('ProgressAction'),
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      if (!viewer.ability.can('read', 'ProgressAction')) {
        return answered(sendError(reply, 403, 'You may not read progress actions.'));
      }
      const query = Query.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const periodId = query.data.AcademicPeriodId ?? viewer.workingAcademicPeriodId;
      if (!periodId) return { AcademicPeriodId: null, rows: [] };
      const rows = (await knex({ a: await own(PROGRESS_ACTIONS_TABLE) })
        .leftJoin({ u: await kind(users) }, 'u.id', 'a.actor_id')
        .select('a.*', knex.raw("u.data->>'displayName' as actor_name"))
        .where('a.period_id', periodId)
        .modify((q) => {
          if (query.data.WorkgroupId) q.where('a.workgroup_id', query.data.WorkgroupId);
        })
        .orderBy('a.occurred_at', 'desc')
        .limit(500)) as {
        id: string;
        workgroup_id: string;
        progress_step_id: string;
        step_id: number;
        action: ProgressActionKind;
        from_status: ApprovalStatus;
        status: ApprovalStatus;
        comment: string | null;
        actor_id: string | null;
        actor_name: string | null;
        occurred_at: Date | string;
      }[];
      return {
        AcademicPeriodId: periodId,
        rows: rows.map((r) => ({
          id: r.id,
          WorkgroupId: r.workgroup_id,
          ProgressStepId: r.progress_step_id,
          stepId: r.step_id,
          action: r.action,
          from: r.from_status,
          status: r.status,
          comment: r.comment,
          by: r.actor_id ? { id: r.actor_id, name: r.actor_name ?? null } : null,
          at: new Date(r.occurred_at).toISOString(),
        })),
      };
    },
  );
  done();
}
