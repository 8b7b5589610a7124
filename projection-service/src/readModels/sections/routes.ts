import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { TableResolver } from '../../runner/tableNames.js';
import { requiresRead } from '../../http/routeRequirement.js';
import { answered, sendJsonText, withAnswers } from '../../http/answers.js';
import {
  AssignmentListAnswer,
  InstructorOptionListAnswer,
  SectionAnswer,
  SectionListAnswer,
  subjectOf,
  type AssignmentStatus,
  type PreferenceAlignment,
  type SectionState,
} from '@allot/shared-events';

import {
  readableWorkgroups,
  sendError,
  workgroupsFor,
  type ResourceViewer,
} from '../../http/viewer.js';
import {
  AssignmentListQuery,
  containsPattern,
  InstructorListQuery,
  SectionListQuery,
  type AssignmentSortField,
  type SectionSortField,
  type SortSpec,
} from './query.js';
import {
  SECTION_ASSIGNMENTS_TABLE,
  SECTION_LIST_TABLE,
  SECTION_PEOPLE_TABLE,
  SECTIONS_TABLE,
  sectionsProjection,
} from './projection.js';

/** What the alignment of one teaching assignment is computed from (a row of its table). */
export interface AlignedAssignment {
  id: string;
  section_id: string;
  user_id: string;
  points: number;
  academic_period_id: string | null;
}

export interface SectionReadOptions {
  knex: Knex;
  tables: TableResolver;
  /**
   * Each assignment's preferenceAlignment, by assignment id: the alignment read model's
   * `alignmentsOf`, given by whoever registers these routes (the alignment reads this read
   * model's tables, so this one does not import it).
   */
  alignmentsOf: (
    rows: readonly AlignedAssignment[],
  ) => Promise<ReadonlyMap<string, PreferenceAlignment>>;
  /**
   * For `changed=myLastApproval`: the assignments changed (or whose section changed) since the
   * viewer last approved them (the change feed's `changedSinceApproval`, given the same way);
   * null when the viewer must choose a workgroup first.
   */
  changedSinceApproval?: (
    viewer: ResourceViewer,
    query: { WorkgroupId?: string; AcademicPeriodId?: string },
  ) => Promise<{ rows: readonly { id: string }[] } | null>;
}

const id = z.string().trim().min(1).max(100);

interface SectionRow {
  id: string;
  revision: string;
  workgroup_id: string;
  course_offering_id: string;
  academic_period_id: string | null;
  course_id: string | null;
  course_number: string | null;
  course_name: string | null;
  points: number;
  deleted: boolean;
  state: Extract<SectionState, { status: 'live' | 'deleted' }>;
  coverage: unknown;
  created_at: Date;
  updated_at: Date;
  /** The section as answered (sectionView), stored by the projection. */
  view: string;
}

interface AssignmentRow {
  id: string;
  section_id: string;
  workgroup_id: string;
  user_id: string;
  status: AssignmentStatus;
  share: number | null;
  notes: string | null;
  deleted: boolean;
  course_offering_id: string;
  academic_period_id: string | null;
  course_number: string | null;
  course_name: string | null;
  section_number: string;
  section_name: string;
  user_name: string | null;
  share_percent: number;
  points: number;
  created_at: Date;
  updated_at: Date;
  section_revision: string | null;
  academic_term_id: string | null;
}

/** Coverage statuses in the order a person reads them: worst first. */
const COVERAGE_ORDER =
  "CASE s.coverage_status WHEN 'uncovered' THEN 0 WHEN 'partial' THEN 1 WHEN 'over' THEN 2 ELSE 3 END";
const STATUS_ORDER =
  "CASE a.status WHEN 'proposed' THEN 0 WHEN 'reopened' THEN 1 WHEN 'approved' THEN 2 WHEN 'final' THEN 3 ELSE 4 END";

const SECTION_SORT: Record<SectionSortField, string> = {
  sectionNumber: 's.section_number',
  name: 's.name',
  courseNumber: 's.course_number',
  courseName: 's.course_name',
  enrollment: 's.enrollment',
  points: 's.points',
  coverageStatus: COVERAGE_ORDER,
  coverageVariance: 's.coverage_variance',
  updatedAt: 's.updated_at',
};
const SECTION_DEFAULT_SORT: SortSpec<SectionSortField> = [
  ['courseNumber', 'ASC'],
  ['sectionNumber', 'ASC'],
];

const ASSIGNMENT_SORT: Record<AssignmentSortField, string> = {
  courseNumber: 'a.course_number',
  sectionNumber: 'a.section_number',
  instructor: 'lower(a.user_name)',
  status: STATUS_ORDER,
  share: 'a.share_percent',
  points: 'a.points',
  createdAt: 'a.created_at',
  updatedAt: 'a.updated_at',
};
const ASSIGNMENT_DEFAULT_SORT: SortSpec<AssignmentSortField> = [
  ['courseNumber', 'ASC'],
  ['sectionNumber', 'ASC'],
  ['instructor', 'ASC'],
];

/** ORDER BY of a sort spec (expressions from a fixed map, never from the request), then id. */
function orderBy<F extends string>(
  spec: SortSpec<F>,
  expressions: Record<F, string>,
  idColumn: string,
): string {
  const parts = spec.map(([field, direction]) => {
    const nulls = direction === 'ASC' ? 'NULLS LAST' : 'NULLS FIRST';
    return `${expressions[field]} ${direction} ${nulls}`;
  });
  return [...parts, `${idColumn} ASC`].join(', ');
}

function assignmentView(r: AssignmentRow) {
  return {
    id: r.id,
    SectionId: r.section_id,
    WorkgroupId: r.workgroup_id,
    UserId: r.user_id,
    instructorName: r.user_name,
    status: r.status,
    share: r.share,
    sharePercent: r.share_percent,
    points: r.points,
    notes: r.notes,
    CourseOfferingId: r.course_offering_id,
    AcademicPeriodId: r.academic_period_id,
    courseNumber: r.course_number,
    courseName: r.course_name,
    sectionNumber: r.section_number,
    sectionName: r.section_name,
    AcademicTermId: r.academic_term_id ?? null,
    sectionRevision: r.section_revision === null ? null : Number(r.section_revision),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

function invalid(reply: FastifyReply, error: z.ZodError): FastifyReply {
  const fields = error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  return sendError(reply, 400, 'The list query is not valid.', fields);
}

/**
 * GET /api/sections (list: paging, sort, filters, search), GET /api/sections/:id,
 * GET /api/sectionAssignments and GET /api/sectionInstructors (names for pickers and filters).
 * Workgroup members read their workgroups' sections and assignments only.
 */
export function sectionReadRoutes(
  fastify: FastifyInstance,
  options: SectionReadOptions,
  done: (err?: Error) => void,
): void {
  const { knex } = options;
  const table = (logical: string) => options.tables.table(sectionsProjection.name, logical);
  const app = withAnswers(fastify);
  const viewerOf = (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = request.viewer;
    if (!viewer) sendError(reply, 401, 'Please log in.');
    return viewer;
  };

  app.get(
    '/api/sections',
    {
      schema: { querystring: SectionListQuery, response: { 200: SectionListAnswer } },
      config: requiresRead('Section'),
    },
    async (request, reply) => {
      const viewer = viewerOf(request, reply);
      if (!viewer) return answered(reply);
      if (!viewer.ability.can('read', 'Section'))
        return answered(sendError(reply, 403, 'You may not read sections.'));
      const query = SectionListQuery.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const { take, skip, sort, q, WorkgroupId, CourseOfferingId, AcademicPeriodId } = query.data;
      const { UserId, coverageStatus } = query.data;
      const workgroups = readableWorkgroups(viewer.ability);
      const assignments = await table(SECTION_ASSIGNMENTS_TABLE);
      // Filters, count and order read the narrow list table; only the page's rows are read
      // from the sections table, whose rows carry each section's whole state.
      const base = knex({ s: await table(SECTION_LIST_TABLE) })
        .where('s.deleted', false)
        .modify((b) => {
          if (workgroups) b.whereIn('s.workgroup_id', workgroups);
          if (WorkgroupId) b.where('s.workgroup_id', WorkgroupId);
          if (CourseOfferingId) b.where('s.course_offering_id', CourseOfferingId);
          if (AcademicPeriodId) b.where('s.academic_period_id', AcademicPeriodId);
          if (coverageStatus) b.whereIn('s.coverage_status', coverageStatus);
          if (q) b.whereRaw("s.search LIKE ? ESCAPE '\\'", [containsPattern(q)]);
          if (UserId) {
            b.whereExists(
              knex({ a: assignments })
                .select(knex.raw('1'))
                .whereRaw('a.section_id = s.id')
                .where({ 'a.user_id': UserId, 'a.deleted': false })
                .whereNot('a.status', 'withdrawn'),
            );
          }
        });
      // One statement answers the page and the count: each row's answer is stored with it as
      // JSON text (sectionView), so a page is never built, parsed or re-serialised here, and each
      // row carries the count (computed once).
      const order = orderBy(sort?.length ? sort : SECTION_DEFAULT_SORT, SECTION_SORT, 's.id');
      const pageRows = base.clone().select('s.*').orderByRaw(order).limit(take).offset(skip);
      const counting = base.clone().count<{ count: string }[]>({ count: '*' });
      const page: { json: string; count: string }[] = await knex
        .select('d.view AS json', knex.raw('(?) AS count', [counting]))
        .from(pageRows.as('s'))
        .join({ d: await table(SECTIONS_TABLE) }, 'd.id', 's.id')
        .orderByRaw(order);
      // A page past the end has no row to carry the count: ask for it alone.
      const count =
        page[0] !== undefined
          ? Number(page[0].count)
          : skip === 0
            ? 0
            : Number((await counting)[0]?.count ?? 0);
      return sendJsonText(
        reply,
        `{"count":${count},"rows":[${page.map((r) => r.json).join(',')}]}`,
      );
    },
  );

  app.get(
    '/api/sections/:id',
    { schema: { response: { 200: SectionAnswer } }, config: requiresRead('Section') },
    async (request, reply) => {
      const viewer = viewerOf(request, reply);
      if (!viewer) return answered(reply);
      if (!viewer.ability.can('read', 'Section'))
        return answered(sendError(reply, 403, 'You may not read sections.'));
      const params = z.object({ id }).safeParse(request.params);
      if (!params.success) return answered(invalid(reply, params.error));
      const row = (await knex(await table(SECTIONS_TABLE))
        .where({ id: params.data.id, deleted: false })
        .first()) as SectionRow | undefined;
      if (!row) return answered(sendError(reply, 404, `No section with id ${params.data.id}.`));
      if (
        !viewer.ability.can(
          'read',
          subjectOf('Section', { WorkgroupId: row.state.section.WorkgroupId }),
        )
      ) {
        return answered(sendError(reply, 403, 'You may not read this section.'));
      }
      return sendJsonText(reply, row.view);
    },
  );

  app.get(
    '/api/sectionAssignments',
    {
      schema: { querystring: AssignmentListQuery, response: { 200: AssignmentListAnswer } },
      config: requiresRead('SectionAssignment'),
    },
    async (request, reply) => {
      const viewer = viewerOf(request, reply);
      if (!viewer) return answered(reply);
      if (!viewer.ability.can('read', 'SectionAssignment')) {
        return answered(sendError(reply, 403, 'You may not read section assignments.'));
      }
      const query = AssignmentListQuery.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const { take, skip, sort, q, SectionId, UserId, WorkgroupId } = query.data;
      const { CourseOfferingId, AcademicPeriodId, status, approvable, changed } = query.data;
      const changedRecords =
        changed && options.changedSinceApproval
          ? await options.changedSinceApproval(viewer, {
              ...(WorkgroupId ? { WorkgroupId } : {}),
              ...(AcademicPeriodId ? { AcademicPeriodId } : {}),
            })
          : undefined;
      if (changed && !changedRecords) {
        return answered(
          sendError(reply, 400, 'Choose a workgroup to see the changes since your last approval.', [
            { field: 'WorkgroupId', message: 'choose the workgroup you approve' },
          ]),
        );
      }
      // An assignment shows its section: only those of sections the viewer may read.
      const workgroups = readableWorkgroups(viewer.ability);
      // `approvable=true`: only those the viewer may approve at workgroup level (the dashboard's
      // "awaiting your approval" link lists exactly what it counts).
      const approving = approvable ? workgroupsFor(viewer.ability, 'approve') : null;
      const base = knex({ a: await table(SECTION_ASSIGNMENTS_TABLE) })
        .where('a.deleted', false)
        .modify((b) => {
          if (workgroups) b.whereIn('a.workgroup_id', workgroups);
          if (approving) b.whereIn('a.workgroup_id', approving);
          if (SectionId) b.where('a.section_id', SectionId);
          if (UserId) b.where('a.user_id', UserId);
          if (WorkgroupId) b.where('a.workgroup_id', WorkgroupId);
          if (CourseOfferingId) b.where('a.course_offering_id', CourseOfferingId);
          if (AcademicPeriodId) b.where('a.academic_period_id', AcademicPeriodId);
          if (status) b.whereIn('a.status', status);
          if (changedRecords)
            b.whereIn(
              'a.id',
              changedRecords.rows.map((r) => r.id),
            );
          if (q) {
            b.whereRaw(
              `lower(concat_ws(' ', a.course_number, a.course_name, a.section_name,
                 a.section_number, a.user_name)) LIKE ? ESCAPE '\\'`,
              [containsPattern(q)],
            );
          }
        });
      const [counted] = await base.clone().count<{ count: string }[]>({ count: '*' });
      const rows = (await base
        .clone()
        .leftJoin({ s: await table(SECTIONS_TABLE) }, 's.id', 'a.section_id')
        // The section's term tells apart a list's rows of the same course and section number.
        .select(
          'a.*',
          's.revision as section_revision',
          knex.raw("s.state->'section'->'TermMode'->>'AcademicTermId' as academic_term_id"),
        )
        .orderByRaw(orderBy(sort?.length ? sort : ASSIGNMENT_DEFAULT_SORT, ASSIGNMENT_SORT, 'a.id'))
        .limit(take)
        .offset(skip)) as AssignmentRow[];
      // Each assignment carries its preferenceAlignment (DOMAIN.md), computed from the read models.
      const alignments = await options.alignmentsOf(rows);
      return {
        count: Number(counted?.count ?? 0),
        rows: rows.map((r) => ({
          ...assignmentView(r),
          preferenceAlignment: alignments.get(r.id) ?? null,
        })),
      };
    },
  );

  app.get(
    '/api/sectionInstructors',
    {
      schema: { querystring: InstructorListQuery, response: { 200: InstructorOptionListAnswer } },
      config: requiresRead('Section'),
    },
    async (request, reply) => {
      const viewer = viewerOf(request, reply);
      if (!viewer) return answered(reply);
      if (!viewer.ability.can('read', 'Section'))
        return answered(sendError(reply, 403, 'You may not read sections.'));
      const query = InstructorListQuery.safeParse(request.query);
      if (!query.success) return answered(invalid(reply, query.error));
      const { take, skip, q, facultyOnly, includeInactive } = query.data;
      const base = knex(await table(SECTION_PEOPLE_TABLE))
        .where({ deleted: false })
        .modify((b) => {
          if (facultyOnly === 'true') b.where({ is_faculty: true });
          if (includeInactive === 'false') b.where({ is_active: true });
          if (q) b.whereRaw("lower(display_name) LIKE ? ESCAPE '\\'", [containsPattern(q)]);
        });
      const [counted] = await base.clone().count<{ count: string }[]>({ count: '*' });
      const rows = (await base
        .clone()
        .select('id', 'display_name', 'is_faculty', 'is_active')
        .orderBy([{ column: 'sort_name' }, { column: 'id' }])
        .limit(take)
        .offset(skip)) as {
        id: string;
        display_name: string;
        is_faculty: boolean;
        is_active: boolean;
      }[];
      return {
        count: Number(counted?.count ?? 0),
        rows: rows.map((r) => ({
          id: r.id,
          displayName: r.display_name,
          isFaculty: r.is_faculty,
          isActive: r.is_active,
        })),
      };
    },
  );
  done();
}
