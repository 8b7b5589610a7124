import type { FastifyInstance } from 'fastify';
import {
  ListQueryString,
  MyAdministrativeAssignmentsAnswer,
  academicPeriods,
  academicTerms,
  administrativeAssignments,
  administrativeAssignmentTypes,
  subjectOf,
  type ResourceDefinition,
} from '@allot/shared-events';
import { requiresRead } from '../../http/routeRequirement.js';
import type { ResourceReader } from './reader.js';
import { sendError } from '../../http/viewer.js';
import { answered, withAnswers } from '../../http/answers.js';

/**
 * GET /api/administrativeAssignments/mine: My Admin Assignments (DESIGN §7: faculty read their
 * own while aemEnabled is off). The user is the session's; the list query works as on every list.
 */
export function adminAssignmentRoutes(fastify: FastifyInstance, reader: ResourceReader): void {
  const app = withAnswers(fastify);
  app.get(
    `/api/${administrativeAssignments.path}/mine`,
    {
      schema: {
        querystring: ListQueryString,
        response: { 200: MyAdministrativeAssignmentsAnswer },
      },
      config: requiresRead('MyAdminAssignment'),
    },
    async (request, reply) => {
      const viewer = reader.viewer(request, reply);
      if (!viewer) return answered(reply);
      const own = subjectOf('MyAdminAssignment', { UserId: viewer.userId });
      if (!viewer.ability.can('read', own)) {
        return answered(sendError(reply, 403, 'You may not read administrative assignments.'));
      }
      const answer = await reader.list(administrativeAssignments, request, reply, (q) => {
        q.whereRaw("data->>'UserId' = ?", [viewer.userId]);
      });
      if (!answer) return answered(reply);
      // Faculty read no configuration list: the names they need come with their rows.
      const names = async (kind: ResourceDefinition, field: string) => {
        const ids = [
          ...new Set(answer.rows.map((r) => r[field]).filter((v) => typeof v === 'string')),
        ];
        const found = ids.length
          ? ((await reader
              .knex(await reader.table(kind))
              .select('id', 'data')
              .whereIn('id', ids)) as {
              id: string;
              data: Record<string, unknown>;
            }[])
          : [];
        return new Map(found.map((f) => [f.id, f.data.name ?? null]));
      };
      const [types, terms, periods] = await Promise.all([
        names(administrativeAssignmentTypes, 'AdministrativeAssignmentTypeId'),
        names(academicTerms, 'AcademicTermId'),
        names(academicPeriods, 'AcademicPeriodId'),
      ]);
      return {
        ...answer,
        rows: answer.rows.map((r) => ({
          ...r,
          typeName: types.get(r.AdministrativeAssignmentTypeId as string) ?? null,
          termName: terms.get(r.AcademicTermId as string) ?? null,
          periodName: periods.get(r.AcademicPeriodId as string) ?? null,
        })),
      };
    },
  );
}
