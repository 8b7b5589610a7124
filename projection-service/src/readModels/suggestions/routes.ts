import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  subjectOf,
  SuggestedAssigneesAnswer,
  suggestAssignees,
  users,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { sendError } from '../../http/viewer.js';
import { answered, withAnswers } from '../../http/answers.js';
import { SECTIONS_TABLE, sectionsProjection } from '../sections/projection.js';
import { createAlignmentReader, type SectionFacts } from '../alignment/inputs.js';

export interface SuggestionOptions {
  knex: Knex;
  tables: TableResolver;
}

const id = z.string().trim().min(1).max(100);
const Query = z.object({ take: z.coerce.number().int().min(1).max(100).default(10) }).strict();
type Data = Record<string, unknown>;

/**
 * GET /api/sections/:id/suggestedAssignees (DESIGN §7): the faculty who could take the section,
 * ranked by alignment with their preferences, remaining workload points and meeting conflicts,
 * each with the reasons; blocked candidates apart. For those who may assign on the section.
 */
export function suggestionRoutes(
  fastify: FastifyInstance,
  options: SuggestionOptions,
  done: (err?: Error) => void,
): void {
  const { knex, tables } = options;
  const alignment = createAlignmentReader(knex, tables);
  const kind = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));
  const sectionsTable = (logical: string) => tables.table(sectionsProjection.name, logical);

  const app = withAnswers(fastify);
  app.get(
    '/api/sections/:id/suggestedAssignees',
    {
      schema: { querystring: Query, response: { 200: SuggestedAssigneesAnswer } },
      config: { requires: { action: 'assign', subject: 'Section' } },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      if (!viewer) return answered(sendError(reply, 401, 'Please log in.'));
      const mayAssign = (WorkgroupId?: string) =>
        (WorkgroupId
          ? viewer.ability.can('assign', subjectOf('Section', { WorkgroupId }))
          : viewer.ability.can('assign', 'Section')) ||
        viewer.ability.can('create', 'SectionAssignment');
      if (!mayAssign()) return answered(sendError(reply, 403, 'You may not assign instructors.'));
      const params = z.object({ id }).safeParse(request.params);
      const query = Query.safeParse(request.query);
      if (!params.success || !query.success) {
        const issues = [...(params.error?.issues ?? []), ...(query.error?.issues ?? [])];
        return answered(
          sendError(
            reply,
            400,
            'The query is not valid.',
            issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
          ),
        );
      }
      const row = (await knex(await sectionsTable(SECTIONS_TABLE))
        .where({ id: params.data.id, deleted: false })
        .first()) as SectionFacts | undefined;
      if (!row) return answered(sendError(reply, 404, `No section with id ${params.data.id}.`));
      const { section, assignments } = row.state;
      if (!mayAssign(section.WorkgroupId)) {
        return answered(sendError(reply, 403, 'You may not assign instructors to this section.'));
      }
      const periodId = row.academic_period_id;
      const taken = new Set(
        Object.values(assignments)
          .filter((a) => a.status !== 'withdrawn')
          .map((a) => a.UserId),
      );

      const people = (
        await knex<{ id: string; data: Data }>(await kind(users))
          .select('id', 'data')
          .whereNull('deleted_at')
          .whereRaw("coalesce((data->>'isFaculty')::boolean, false)")
          .whereRaw("coalesce((data->>'isActive')::boolean, true)")
          .whereRaw("coalesce((data->'FacultyProfile'->>'receiveAssignments')::boolean, true)")
      ).filter((p) => !taken.has(p.id));
      const ids = people.map((p) => p.id);
      if (!periodId || ids.length === 0) {
        return { SectionId: section.id, suggested: [], blocked: [], candidates: ids.length };
      }
      const [facts, wanted] = await Promise.all([
        alignment.instructors(periodId, ids, people),
        alignment.wantedBy([row.course_id]),
      ]);
      // A new instructor shares the section equally with those already on it.
      const share = row.points / (taken.size + 1);
      const candidates = ids.flatMap((userId) => {
        const f = facts.get(userId);
        return f ? [alignment.candidate(f, row)] : [];
      });
      const ranked = suggestAssignees(
        alignment.sectionInput(row, wanted.get(row.course_id ?? '') ?? [], share),
        candidates,
      );
      const loads = { rows: [...facts.values()] };
      const named = (list: typeof ranked.suggested) =>
        list.slice(0, query.data.take).map((s) => {
          const person = people.find((p) => p.id === s.UserId)!;
          const load = loads.rows.find((l) => l.UserId === s.UserId);
          return {
            ...s,
            name:
              (person.data.displayName as string | undefined) ??
              [person.data.firstName, person.data.lastName].filter(Boolean).join(' '),
            required: load?.pointsRequired ?? 0,
            assigned: load?.pointsAssigned ?? 0,
          };
        });
      return {
        SectionId: section.id,
        candidates: candidates.length,
        suggested: named(ranked.suggested),
        blocked: named(ranked.blocked),
      };
    },
  );
  done();
}
