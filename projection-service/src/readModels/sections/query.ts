import { z } from 'zod';
import { CHANGES_SINCE_MY_APPROVAL } from '@allot/shared-events';

/**
 * The list queries of the teaching read routes (pure): paging, a `sort` JSON list of
 * `[field, "ASC"|"DESC"]` as the generic lists take it (spec §7 list query rules), plain filter
 * keys, and nothing else (an unknown key answers 400 naming it).
 */

const id = z.string().trim().min(1).max(100);
export const Paging = {
  take: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
};

export type SortDirection = 'ASC' | 'DESC';
export type SortSpec<F extends string> = readonly (readonly [F, SortDirection])[];

/** `sort=[["courseNumber","DESC"]]`: known fields only, each once, at most five. */
export function sortParam<F extends string>(fields: readonly F[]) {
  const Item = z.tuple([z.enum(fields as [F, ...F[]]), z.enum(['ASC', 'DESC'])]);
  return z
    .string()
    .max(1000)
    .transform((raw, ctx): unknown => {
      try {
        return JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'sort must be a JSON list of [field, direction]' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(Item)
        .max(5)
        .refine((items) => new Set(items.map(([f]) => f)).size === items.length, {
          message: 'each field may be sorted once',
        }),
    );
}

/** `a,b` or `a` → ['a', 'b'], each one of `values`. */
export function listOf<V extends string>(values: readonly V[]) {
  return z
    .string()
    .max(500)
    .transform((raw) =>
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values as [V, ...V[]])).min(1));
}

export const COVERAGE_STATUSES = ['uncovered', 'partial', 'covered', 'over'] as const;
export const ASSIGNMENT_STATUS_VALUES = [
  'proposed',
  'approved',
  'final',
  'reopened',
  'withdrawn',
] as const;

export const SECTION_SORT_FIELDS = [
  'sectionNumber',
  'name',
  'courseNumber',
  'courseName',
  'enrollment',
  'points',
  'coverageStatus',
  'coverageVariance',
  'updatedAt',
] as const;
export type SectionSortField = (typeof SECTION_SORT_FIELDS)[number];

const search = z.string().trim().max(200);

export const SectionListQuery = z
  .object({
    ...Paging,
    sort: sortParam(SECTION_SORT_FIELDS).optional(),
    q: search.optional(),
    WorkgroupId: id.optional(),
    CourseOfferingId: id.optional(),
    AcademicPeriodId: id.optional(),
    /** Sections on which this instructor has a live (not withdrawn) assignment. */
    UserId: id.optional(),
    coverageStatus: listOf(COVERAGE_STATUSES).optional(),
  })
  .strict();
export type SectionListQuery = z.infer<typeof SectionListQuery>;

export const ASSIGNMENT_SORT_FIELDS = [
  'courseNumber',
  'sectionNumber',
  'instructor',
  'status',
  'share',
  'points',
  'createdAt',
  'updatedAt',
] as const;
export type AssignmentSortField = (typeof ASSIGNMENT_SORT_FIELDS)[number];

export const AssignmentListQuery = z
  .object({
    ...Paging,
    sort: sortParam(ASSIGNMENT_SORT_FIELDS).optional(),
    q: search.optional(),
    SectionId: id.optional(),
    UserId: id.optional(),
    WorkgroupId: id.optional(),
    CourseOfferingId: id.optional(),
    AcademicPeriodId: id.optional(),
    status: listOf(ASSIGNMENT_STATUS_VALUES).optional(),
    /** `true`: only assignments of workgroups whose sections the viewer may approve. */
    approvable: z.enum(['true']).optional(),
    /** Only assignments changed (or whose section changed) since the viewer's last approval. */
    changed: z.literal(CHANGES_SINCE_MY_APPROVAL).optional(),
  })
  .strict();
export type AssignmentListQuery = z.infer<typeof AssignmentListQuery>;

export const InstructorListQuery = z
  .object({
    take: z.coerce.number().int().min(1).max(5000).default(1000),
    skip: Paging.skip,
    q: search.optional(),
    /** `true` (default): faculty only; `false`: every user. */
    facultyOnly: z.enum(['true', 'false']).default('true'),
    /** `true`: inactive users too (names of past instructors). */
    includeInactive: z.enum(['true', 'false']).default('false'),
  })
  .strict();

/** `q` as a LIKE pattern on lower-cased text: `%` and `_` match themselves. */
export function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
