import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  DashboardAnswer,
  users,
  type DashboardItemAnswer,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, withAnswers } from '../../http/answers.js';
import { PREFERENCE_SUBMISSIONS_TABLE, preferencesProjection } from '../preferences/projection.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { readableWorkgroups, sendError, workgroupsFor } from '../../http/viewer.js';
import {
  SECTION_ASSIGNMENTS_TABLE,
  SECTIONS_TABLE,
  sectionsProjection,
} from '../sections/projection.js';
import { createWorkloadQuery } from '../workload/query.js';

export interface DashboardOptions {
  knex: Knex;
  tables: TableResolver;
}

/** One thing that needs attention: how many, and the filtered list that shows them. */
export type DashboardItem = DashboardItemAnswer;

/**
 * GET /api/dashboard: per the viewer's abilities, what needs attention now in the working period,
 * each with a count and the link to the filtered list (issue 6): sections without instructors,
 * assignments awaiting the viewer's approval, unsubmitted preferences, over-loaded instructors;
 * for faculty their own preferences and workload.
 */
export function dashboardRoutes(
  fastify: FastifyInstance,
  options: DashboardOptions,
  done: (err?: Error) => void,
): void {
  const { knex, tables } = options;
  const workloads = createWorkloadQuery(knex, tables);
  const kind = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));
  const sectionTable = (logical: string) => tables.table(sectionsProjection.name, logical);
  const app = withAnswers(fastify);

  app.get(
    '/api/dashboard',
    { schema: { response: { 200: DashboardAnswer } }, config: requiresRead('Dashboard') },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      const query = z.object({}).strict().safeParse(request.query);
      if (!query.success) return answered(sendError(reply, 400, 'The dashboard takes no query.'));
      const periodId = viewer.workingAcademicPeriodId;
      const { ability } = viewer;
      const items: DashboardItem[] = [];
      const count = async (q: Knex.QueryBuilder) =>
        Number(((await q.count({ n: '*' }).first()) as { n: string } | undefined)?.n ?? 0);

      if (periodId && ability.can('read', 'Section')) {
        const readable = readableWorkgroups(ability);
        const uncovered = await count(
          knex(await sectionTable(SECTIONS_TABLE))
            .where({ deleted: false, academic_period_id: periodId, coverage_status: 'uncovered' })
            .modify((q) => {
              if (readable) q.whereIn('workgroup_id', readable);
            }),
        );
        items.push({
          key: 'sectionsWithoutInstructors',
          label: 'Sections without instructors',
          count: uncovered,
          link: '/sections?coverage=uncovered',
        });
      }

      const assignments = await sectionTable(SECTION_ASSIGNMENTS_TABLE);
      const approvable = workgroupsFor(ability, 'approve');
      if (periodId && (approvable === null || approvable.length > 0)) {
        items.push({
          key: 'pendingApprovals',
          label: 'Assignments awaiting your approval',
          count: await count(
            knex(assignments)
              .where({ deleted: false, academic_period_id: periodId })
              .whereIn('status', ['proposed', 'reopened'])
              .modify((q) => {
                if (approvable) q.whereIn('workgroup_id', approvable);
              }),
          ),
          link: '/sectionAssignments?status=proposed,reopened&approvable=true',
        });
      }
      if (periodId && ability.can('approve', 'SectionAssignment')) {
        items.push({
          key: 'awaitingFinal',
          label: 'Approved assignments awaiting final approval',
          count: await count(
            knex(assignments).where({
              deleted: false,
              academic_period_id: periodId,
              status: 'approved',
            }),
          ),
          link: '/sectionAssignments?status=approved',
        });
      }

      if (periodId && ability.can('read', 'Instructor')) {
        const unsubmitted = await count(
          knex({ u: await kind(users) })
            .leftJoin(
              { s: await tables.table(preferencesProjection.name, PREFERENCE_SUBMISSIONS_TABLE) },
              function join() {
                this.on('s.user_id', '=', 'u.id').andOn(
                  's.period_id',
                  '=',
                  knex.raw('?', [periodId]),
                );
              },
            )
            .whereNull('u.deleted_at')
            .whereRaw("coalesce((u.data->>'isFaculty')::boolean, false)")
            .whereRaw("coalesce((u.data->>'isActive')::boolean, true)")
            .whereRaw("coalesce(s.status, 'notStarted') <> 'submitted'"),
        );
        items.push({
          key: 'unsubmittedPreferences',
          label: 'Faculty who have not submitted preferences',
          count: unsubmitted,
          link: '/instructors?tab=submissions&status=unsubmitted',
        });
        const over = await workloads.list({
          AcademicPeriodId: periodId,
          load: 'overloaded',
          take: 1,
          skip: 0,
        });
        items.push({
          key: 'overloadedInstructors',
          label: 'Over-loaded instructors',
          count: over.count,
          link: '/instructors?load=overloaded',
        });
      }

      let mine: DashboardAnswer['mine'] = null;
      if (periodId && ability.can('manage', 'MyTeachingPreference')) {
        const submission = (await knex(
          await tables.table(preferencesProjection.name, PREFERENCE_SUBMISSIONS_TABLE),
        )
          .where({ user_id: viewer.userId, period_id: periodId })
          .first()) as
          | {
              status: NonNullable<DashboardAnswer['mine']>['preferenceStatus'];
              preference_count: number;
            }
          | undefined;
        const load = await workloads.list({
          AcademicPeriodId: periodId,
          UserIds: [viewer.userId],
          take: 1,
          skip: 0,
        });
        mine = {
          preferenceStatus: submission?.status ?? 'notStarted',
          preferenceCount: submission?.preference_count ?? 0,
          workload: load.rows[0] ?? null,
        };
      }
      return { AcademicPeriodId: periodId, items, mine };
    },
  );
  done();
}
