import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import { subjectOf, type AppAbility, type SectionState } from '@allot/shared-events';
import type { ReadTables } from '../api/projectionServicePlugin.js';
import { requiresRead } from '../api/routeRequirement.js';
import { noViewer, sendError, type ViewerResolver } from '../resources/viewer.js';
import {
  SECTION_ASSIGNMENTS_TABLE,
  SECTIONS_TABLE,
  sectionsProjection,
} from './sectionsProjection.js';

export interface SectionReadOptions {
  knex: Knex;
  tables: ReadTables;
  preHandler: (preHandlerHookHandler | preHandlerAsyncHookHandler)[];
  viewer?: ViewerResolver;
}

const id = z.string().trim().min(1).max(100);
const Paging = {
  take: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
};
const SectionList = z
  .object({ ...Paging, WorkgroupId: id.optional(), CourseOfferingId: id.optional() })
  .strict();
const AssignmentList = z
  .object({
    ...Paging,
    SectionId: id.optional(),
    UserId: id.optional(),
    WorkgroupId: id.optional(),
  })
  .strict();

/**
 * The workgroups whose sections the ability may read: null when it reads every section, else
 * the ids its conditional rules name (workgroup members: `{ WorkgroupId: { $in: [...] } }`).
 */
export function readableWorkgroups(ability: AppAbility): string[] | null {
  if (ability.can('read', subjectOf('Section', { WorkgroupId: '\u0000no-workgroup' }))) return null;
  const ids = new Set<string>();
  for (const rule of ability.rulesFor('read', 'Section')) {
    if (rule.inverted) continue;
    const condition = (rule.conditions as { WorkgroupId?: { $in?: unknown } } | undefined)
      ?.WorkgroupId?.$in;
    if (Array.isArray(condition))
      for (const wg of condition) if (typeof wg === 'string') ids.add(wg);
  }
  return [...ids];
}

interface SectionRow {
  id: string;
  revision: string;
  workgroup_id: string;
  course_offering_id: string;
  deleted: boolean;
  state: Extract<SectionState, { status: 'live' | 'deleted' }>;
  coverage: unknown;
  updated_at: Date;
}

interface AssignmentRow {
  id: string;
  section_id: string;
  workgroup_id: string;
  user_id: string;
  status: string;
  share: number | null;
  notes: string | null;
  deleted: boolean;
}

/** A section as answered: its fields, meetings, assignments (in order made), coverage. */
function view(row: SectionRow) {
  const { section, assignments } = row.state;
  return {
    ...section,
    revision: Number(row.revision),
    assignments: Object.values(assignments),
    coverage: row.coverage,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function invalid(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const fields = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  return sendError(reply, 400, 'The list query is not valid.', fields);
}

/**
 * GET /api/sections (list, filtered by workgroup or offering), GET /api/sections/:id and
 * GET /api/sectionAssignments. Workgroup members read their workgroups' sections only.
 */
export function sectionReadRoutes(
  fastify: FastifyInstance,
  options: SectionReadOptions,
  done: (err?: Error) => void,
): void {
  const resolve = options.viewer ?? noViewer;
  const { preHandler, knex } = options;
  const table = (logical: string) => options.tables.table(sectionsProjection.name, logical);
  const viewerOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = await resolve(request);
    if (!viewer) sendError(reply, 401, 'Please log in.');
    return viewer;
  };

  fastify.get(
    '/api/sections',
    { preHandler, config: requiresRead('Section') },
    async (request, reply) => {
      const viewer = await viewerOf(request, reply);
      if (!viewer) return reply;
      if (!viewer.ability.can('read', 'Section'))
        return sendError(reply, 403, 'You may not read sections.');
      const query = SectionList.safeParse(request.query);
      if (!query.success) return invalid(reply, query.error);
      const { take, skip, WorkgroupId, CourseOfferingId } = query.data;
      const workgroups = readableWorkgroups(viewer.ability);
      const base = knex<SectionRow>(await table(SECTIONS_TABLE))
        .where({ deleted: false })
        .modify((q) => {
          if (workgroups) q.whereIn('workgroup_id', workgroups);
          if (WorkgroupId) q.where({ workgroup_id: WorkgroupId });
          if (CourseOfferingId) q.where({ course_offering_id: CourseOfferingId });
        });
      const [counted] = await base.clone().count<{ count: string }[]>({ count: '*' });
      const rows = (await base
        .clone()
        .orderByRaw("state->'section'->>'sectionNumber', id")
        .limit(take)
        .offset(skip)) as SectionRow[];
      return { count: Number(counted?.count ?? 0), rows: rows.map(view) };
    },
  );

  fastify.get(
    '/api/sections/:id',
    { preHandler, config: requiresRead('Section') },
    async (request, reply) => {
      const viewer = await viewerOf(request, reply);
      if (!viewer) return reply;
      if (!viewer.ability.can('read', 'Section'))
        return sendError(reply, 403, 'You may not read sections.');
      const params = z.object({ id }).safeParse(request.params);
      if (!params.success) return invalid(reply, params.error);
      const row = await knex<SectionRow>(await table(SECTIONS_TABLE))
        .where({ id: params.data.id, deleted: false })
        .first();
      if (!row) return sendError(reply, 404, `No section with id ${params.data.id}.`);
      if (
        !viewer.ability.can(
          'read',
          subjectOf('Section', { WorkgroupId: row.state.section.WorkgroupId }),
        )
      ) {
        return sendError(reply, 403, 'You may not read this section.');
      }
      return view(row);
    },
  );

  fastify.get(
    '/api/sectionAssignments',
    { preHandler, config: requiresRead('SectionAssignment') },
    async (request, reply) => {
      const viewer = await viewerOf(request, reply);
      if (!viewer) return reply;
      if (!viewer.ability.can('read', 'SectionAssignment')) {
        return sendError(reply, 403, 'You may not read section assignments.');
      }
      const query = AssignmentList.safeParse(request.query);
      if (!query.success) return invalid(reply, query.error);
      const { take, skip, SectionId, UserId, WorkgroupId } = query.data;
      const base = knex<AssignmentRow>(await table(SECTION_ASSIGNMENTS_TABLE))
        .where({ deleted: false })
        .modify((q) => {
          if (SectionId) q.where({ section_id: SectionId });
          if (UserId) q.where({ user_id: UserId });
          if (WorkgroupId) q.where({ workgroup_id: WorkgroupId });
        });
      const [counted] = await base.clone().count<{ count: string }[]>({ count: '*' });
      const rows = (await base.clone().orderBy('id').limit(take).offset(skip)) as AssignmentRow[];
      return {
        count: Number(counted?.count ?? 0),
        rows: rows.map((r) => ({
          id: r.id,
          SectionId: r.section_id,
          WorkgroupId: r.workgroup_id,
          UserId: r.user_id,
          status: r.status,
          share: r.share,
          notes: r.notes,
        })),
      };
    },
  );
  done();
}
