import type { Knex } from 'knex';
import {
  academicTerms,
  administrativeAssignmentTypes,
  administrativeAssignments,
  progressSteps,
  users,
  type AssignmentStatus,
  type InstructorWorkloadRow,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { SECTION_ASSIGNMENTS_TABLE, sectionsProjection } from '../sections/projection.js';

/** The step after which an instructor still short of points is under-loaded (DOMAIN.md). */
export const ASSIGNMENT_STEP = 5;

export const WORKLOAD_SORTS = [
  'name',
  'required',
  'teaching',
  'administrative',
  'assigned',
  'remaining',
  'sections',
] as const;
export type WorkloadSort = (typeof WORKLOAD_SORTS)[number];
export const LOAD_STATES = ['overloaded', 'underloaded', 'balanced'] as const;
export type LoadState = (typeof LOAD_STATES)[number];

export interface WorkloadFilter {
  AcademicPeriodId: string;
  UserIds?: readonly string[];
  q?: string;
  load?: LoadState;
  sort?: readonly (readonly [WorkloadSort, 'ASC' | 'DESC'])[];
  take: number;
  skip: number;
}

const round = (n: unknown) => Math.round(Number(n ?? 0) * 100) / 100;

/**
 * Workload per instructor and period (DOMAIN.md "Workload and cost"), computed when read from the
 * sections read model (each live assignment's share of its section's points) and the
 * administrative assignments, against FinancialData.pointsRequired. Read-time aggregation keeps
 * it exact after any change without a projection joining other projections' tables.
 */
export function createWorkloadQuery(knex: Knex, tables: TableResolver) {
  const kind = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));

  /** Whether the period's assignment step is over: a later step is active. */
  async function assignmentStepClosed(periodId: string): Promise<boolean> {
    const row = (await knex(await kind(progressSteps))
      .whereNull('deleted_at')
      .whereRaw("data->>'AcademicPeriodId' = ?", [periodId])
      .whereRaw("coalesce((data->>'isActive')::boolean, false)")
      .max({ step: knex.raw("(data->>'stepId')::int") })
      .first()) as { step: number | null } | undefined;
    return (row?.step ?? 0) > ASSIGNMENT_STEP;
  }

  async function list(
    filter: WorkloadFilter,
  ): Promise<{ count: number; rows: InstructorWorkloadRow[] }> {
    const [u, sa, aa] = await Promise.all([
      kind(users),
      tables.table(sectionsProjection.name, SECTION_ASSIGNMENTS_TABLE),
      kind(administrativeAssignments),
    ]);
    const closed = await assignmentStepClosed(filter.AcademicPeriodId);
    const teaching = knex(sa)
      .select('user_id')
      .sum({ points: 'points' })
      .count({ sections: '*' })
      .where({ deleted: false, academic_period_id: filter.AcademicPeriodId })
      .whereNot({ status: 'withdrawn' })
      .groupBy('user_id')
      .as('t');
    const admin = knex(aa)
      .select(knex.raw("data->>'UserId' as user_id"))
      .sum({ points: knex.raw("(data->>'points')::numeric") })
      .whereNull('deleted_at')
      .whereRaw("data->>'AcademicPeriodId' = ?", [filter.AcademicPeriodId])
      .groupByRaw("data->>'UserId'")
      .as('a');
    const required = "coalesce((u.data->'FinancialData'->>'pointsRequired')::numeric, 0)";
    const assigned = 'coalesce(t.points, 0) + coalesce(a.points, 0)';
    const remaining = `(${required} - (${assigned}))`;
    const name =
      "coalesce(u.data->>'displayName', concat_ws(' ', u.data->>'firstName', u.data->>'lastName'))";
    const base = knex({ u })
      .leftJoin(teaching, 't.user_id', 'u.id')
      .leftJoin(admin, 'a.user_id', 'u.id')
      .whereNull('u.deleted_at')
      // Instructors: faculty, plus anyone who holds an assignment this period.
      .where((q) => {
        q.whereRaw("coalesce((u.data->>'isFaculty')::boolean, false)")
          .orWhereNotNull('t.user_id')
          .orWhereNotNull('a.user_id');
      })
      .modify((q) => {
        if (filter.UserIds) q.whereIn('u.id', [...filter.UserIds]);
        if (filter.q) {
          const like = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          q.whereRaw(`lower(${name} || ' ' || coalesce(u.data->>'email', '')) like ?`, [like]);
        }
        if (filter.load === 'overloaded') q.whereRaw(`${remaining} < 0`);
        if (filter.load === 'underloaded') q.whereRaw(closed ? `${remaining} > 0` : 'false');
        if (filter.load === 'balanced') {
          q.whereRaw(closed ? `${remaining} = 0` : `${remaining} >= 0`);
        }
      });
    const [counted] = await base.clone().count<{ count: string }[]>({ count: '*' });
    const orderOf: Record<WorkloadSort, string> = {
      name: `lower(${name})`,
      required,
      teaching: 'coalesce(t.points, 0)',
      administrative: 'coalesce(a.points, 0)',
      assigned,
      remaining,
      sections: 'coalesce(t.sections, 0)',
    };
    const sort = filter.sort?.length ? filter.sort : ([['name', 'ASC']] as const);
    const rows = (await base
      .select(
        'u.id',
        knex.raw(`${name} as name`),
        knex.raw("u.data->>'email' as email"),
        knex.raw(`${required} as required`),
        knex.raw('coalesce(t.points, 0) as teaching'),
        knex.raw('coalesce(a.points, 0) as administrative'),
        knex.raw('coalesce(t.sections, 0) as sections'),
      )
      .orderByRaw([...sort.map(([f, d]) => `${orderOf[f]} ${d}`), 'u.id'].join(', '))
      .limit(filter.take)
      .offset(filter.skip)) as {
      id: string;
      name: string | null;
      email: string | null;
      required: string | number;
      teaching: string | number;
      administrative: string | number;
      sections: string | number;
    }[];
    return {
      count: Number(counted?.count ?? 0),
      rows: rows.map((r) => {
        const req = round(r.required);
        const teach = round(r.teaching);
        const adm = round(r.administrative);
        const total = round(teach + adm);
        const rem = round(req - total);
        return {
          UserId: r.id,
          name: r.name ?? r.id,
          email: r.email,
          AcademicPeriodId: filter.AcademicPeriodId,
          required: req,
          teaching: teach,
          administrative: adm,
          assigned: total,
          remaining: rem,
          sections: Number(r.sections),
          overloaded: rem < 0,
          underloaded: closed && rem > 0,
        };
      }),
    };
  }

  /**
   * One instructor's assignments of the period (sections and administrative, the latter with the
   * names of their type and term), for detail pages.
   */
  async function itemsOf(userId: string, periodId: string) {
    const [sa, aa, types, terms] = await Promise.all([
      tables.table(sectionsProjection.name, SECTION_ASSIGNMENTS_TABLE),
      kind(administrativeAssignments),
      kind(administrativeAssignmentTypes),
      kind(academicTerms),
    ]);
    const sections = (await knex(sa)
      .where({ user_id: userId, academic_period_id: periodId, deleted: false })
      .orderBy(['course_number', 'section_number'])) as {
      id: string;
      section_id: string;
      workgroup_id: string;
      course_number: string | null;
      course_name: string | null;
      section_number: string;
      section_name: string;
      status: AssignmentStatus;
      share_percent: number;
      points: number;
      notes: string | null;
    }[];
    const admin = (await knex({ a: aa })
      .leftJoin({ ty: types }, (j) => {
        j.on('ty.id', '=', knex.raw("a.data->>'AdministrativeAssignmentTypeId'"));
      })
      .leftJoin({ te: terms }, (j) => {
        j.on('te.id', '=', knex.raw("a.data->>'AcademicTermId'"));
      })
      .select(
        'a.id',
        'a.data',
        knex.raw("ty.data->>'name' as type_name"),
        knex.raw("te.data->>'name' as term_name"),
      )
      .whereNull('a.deleted_at')
      .whereRaw("a.data->>'UserId' = ? and a.data->>'AcademicPeriodId' = ?", [userId, periodId])
      .orderBy('a.id')) as {
      id: string;
      /** An administrative assignment's fields (the kind's schema). */
      data: {
        UserId: string;
        AcademicPeriodId: string;
        AdministrativeAssignmentTypeId: string;
        AcademicTermId?: string | null;
        points: number;
        takesWholeTerm?: boolean;
        notes?: string | null;
      };
      type_name: string | null;
      term_name: string | null;
    }[];
    return {
      sections: sections.map((s) => ({
        id: s.id,
        SectionId: s.section_id,
        WorkgroupId: s.workgroup_id,
        courseNumber: s.course_number,
        courseName: s.course_name,
        sectionNumber: s.section_number,
        sectionName: s.section_name,
        status: s.status,
        share: round(s.share_percent),
        points: round(s.points),
        notes: s.notes,
      })),
      administrative: admin.map((a) => ({
        ...a.data,
        id: a.id,
        typeName: a.type_name,
        termName: a.term_name,
      })),
    };
  }

  return { list, itemsOf, assignmentStepClosed };
}
export type WorkloadQuery = ReturnType<typeof createWorkloadQuery>;
