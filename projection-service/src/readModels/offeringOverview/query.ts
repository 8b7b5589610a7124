import type { Knex } from 'knex';
import { z } from 'zod';
import {
  academicPeriods,
  academicTerms,
  courseOfferings,
  courses,
  teachingModes,
  workgroups,
  type OfferingOverviewRow,
  type OfferingTermModeAnswer,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { containsPattern, Paging, sortParam, type SortSpec } from '../sections/query.js';
import { SECTION_LIST_TABLE, sectionsProjection } from '../sections/projection.js';

export const OFFERING_SORT_FIELDS = [
  'courseNumber',
  'courseName',
  'period',
  'sections',
  'updatedAt',
] as const;
export type OfferingSortField = (typeof OFFERING_SORT_FIELDS)[number];

const id = z.string().trim().min(1).max(100);

export const OfferingOverviewQuery = z
  .object({
    ...Paging,
    sort: sortParam(OFFERING_SORT_FIELDS).optional(),
    AcademicPeriodId: id.optional(),
    /** The course's workgroup. */
    WorkgroupId: id.optional(),
    /** Course number or name contains (case-insensitive; `%` and `_` match themselves). */
    q: z.string().trim().max(200).optional(),
  })
  .strict();
export type OfferingOverviewQuery = z.infer<typeof OfferingOverviewQuery>;

/** The answer's shapes are the read API's contract (shared-events readApi/offeringOverview). */
type OfferingTermModeView = OfferingTermModeAnswer;

/** ORDER BY expressions per sort field (fixed text, never from the request). */
const ORDER: Record<OfferingSortField, readonly string[]> = {
  courseNumber: ["c.data->>'courseNumber'"],
  courseName: ["lower(c.data->>'name')"],
  // Periods in time, then by name (two periods may start on the same day).
  period: ["p.data->>'startDate'", "lower(p.data->>'name')"],
  sections: ['coalesce(n.sections, 0)'],
  updatedAt: ['o.updated_at'],
};
const DEFAULT_SORT: SortSpec<OfferingSortField> = [
  ['courseNumber', 'ASC'],
  ['period', 'ASC'],
];

/** The asked order, then the default's fields it leaves out (ties read by course), then id. */
function orderBy(asked: SortSpec<OfferingSortField> | undefined): string {
  const spec = [
    ...(asked ?? []),
    ...DEFAULT_SORT.filter(([field]) => !asked?.some(([f]) => f === field)),
  ];
  const parts = spec.flatMap(([field, direction]) =>
    ORDER[field].map(
      (e) => `${e} ${direction} ${direction === 'ASC' ? 'NULLS LAST' : 'NULLS FIRST'}`,
    ),
  );
  return [...parts, 'o.id ASC'].join(', ');
}

interface OfferingRecord {
  id: string;
  revision: string;
  course_id: string;
  period_id: string;
  course_number: string | null;
  course_name: string | null;
  workgroup_id: string | null;
  workgroup_name: string | null;
  period_name: string | null;
  sections: string | number;
  created_at: Date;
  updated_at: Date;
}

interface TermModeRecord {
  offering_id: string;
  term_id: string;
  mode_id: string;
  term_name: string | null;
  mode_name: string | null;
}

/**
 * The Course Offerings page's rows, computed when read from the kinds' read models and the
 * sections read model: one statement for the page (with its course, workgroup, period and section
 * count), one for the count and one for the page's term modes with their names.
 */
export function createOfferingOverviewQuery(knex: Knex, tables: TableResolver) {
  const kind = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));

  async function termModesOf(offeringIds: readonly string[]) {
    const byOffering = new Map<string, OfferingTermModeView[]>();
    if (offeringIds.length === 0) return byOffering;
    const [o, t, m] = await Promise.all([
      kind(courseOfferings),
      kind(academicTerms),
      kind(teachingModes),
    ]);
    const rows = await knex
      .select<TermModeRecord[]>(
        'o.id as offering_id',
        knex.raw("tm.value->>'AcademicTermId' as term_id"),
        knex.raw("tm.value->>'TeachingModeId' as mode_id"),
        knex.raw("t.data->>'name' as term_name"),
        knex.raw("m.data->>'name' as mode_name"),
      )
      .from({ o })
      .joinRaw(
        "CROSS JOIN LATERAL jsonb_array_elements(coalesce(o.data->'termModes', '[]'::jsonb)) WITH ORDINALITY AS tm(value, ord)",
      )
      .leftJoin({ t }, 't.id', knex.raw("tm.value->>'AcademicTermId'"))
      .leftJoin({ m }, 'm.id', knex.raw("tm.value->>'TeachingModeId'"))
      .whereIn('o.id', [...offeringIds])
      // Terms in time, each term's modes by name.
      .orderByRaw(
        "o.id, t.data->>'startDate' NULLS LAST, lower(t.data->>'name'), lower(m.data->>'name'), tm.ord",
      );
    for (const r of rows) {
      const list = byOffering.get(r.offering_id) ?? [];
      list.push({
        AcademicTermId: r.term_id,
        TeachingModeId: r.mode_id,
        termName: r.term_name,
        teachingModeName: r.mode_name,
      });
      byOffering.set(r.offering_id, list);
    }
    return byOffering;
  }

  async function list(
    query: OfferingOverviewQuery,
  ): Promise<{ count: number; rows: OfferingOverviewRow[] }> {
    const [o, c, w, p, sl] = await Promise.all([
      kind(courseOfferings),
      kind(courses),
      kind(workgroups),
      kind(academicPeriods),
      tables.table(sectionsProjection.name, SECTION_LIST_TABLE),
    ]);
    const { AcademicPeriodId, WorkgroupId, q } = query;
    // Names come from the records even once deleted (a tombstone keeps its data).
    const filtered = knex({ o })
      .leftJoin({ c }, 'c.id', knex.raw("o.data->>'CourseId'"))
      .whereNull('o.deleted_at')
      .modify((b) => {
        if (AcademicPeriodId) b.whereRaw("(o.data->>'AcademicPeriodId') = ?", [AcademicPeriodId]);
        if (WorkgroupId) b.whereRaw("c.data->>'WorkgroupId' = ?", [WorkgroupId]);
        if (q) {
          b.whereRaw(
            "lower(concat_ws(' ', c.data->>'courseNumber', c.data->>'name')) LIKE ? ESCAPE '\\'",
            [containsPattern(q)],
          );
        }
      });
    const sections = knex(sl)
      .select('course_offering_id')
      .count({ sections: '*' })
      .where('deleted', false)
      .modify((b) => {
        if (AcademicPeriodId) b.where('academic_period_id', AcademicPeriodId);
      })
      .groupBy('course_offering_id')
      .as('n');
    const [counted] = await filtered.clone().count<{ count: string }[]>({ count: '*' });
    const records = (await filtered
      .clone()
      .leftJoin({ w }, 'w.id', knex.raw("c.data->>'WorkgroupId'"))
      .leftJoin({ p }, 'p.id', knex.raw("o.data->>'AcademicPeriodId'"))
      .leftJoin(sections, 'n.course_offering_id', 'o.id')
      .select(
        'o.id',
        'o.revision',
        knex.raw("o.data->>'CourseId' as course_id"),
        knex.raw("o.data->>'AcademicPeriodId' as period_id"),
        knex.raw("c.data->>'courseNumber' as course_number"),
        knex.raw("c.data->>'name' as course_name"),
        knex.raw("c.data->>'WorkgroupId' as workgroup_id"),
        knex.raw("w.data->>'name' as workgroup_name"),
        knex.raw("p.data->>'name' as period_name"),
        knex.raw('coalesce(n.sections, 0) as sections'),
        'o.created_at',
        'o.updated_at',
      )
      .orderByRaw(orderBy(query.sort))
      .limit(query.take)
      .offset(query.skip)) as OfferingRecord[];
    const termModes = await termModesOf(records.map((r) => r.id));
    return {
      count: Number(counted?.count ?? 0),
      rows: records.map((r) => ({
        id: r.id,
        revision: Number(r.revision),
        CourseId: r.course_id,
        courseNumber: r.course_number,
        courseName: r.course_name,
        WorkgroupId: r.workgroup_id,
        workgroupName: r.workgroup_name,
        AcademicPeriodId: r.period_id,
        periodName: r.period_name,
        termModes: termModes.get(r.id) ?? [],
        sectionCount: Number(r.sections),
        createdAt: new Date(r.created_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
      })),
    };
  }

  return { list };
}
export type OfferingOverviewReader = ReturnType<typeof createOfferingOverviewQuery>;
