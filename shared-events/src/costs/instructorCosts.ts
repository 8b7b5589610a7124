import { z } from 'zod';

/**
 * The Instructor Cost Matrix (docs/costs.md; FinancialData): what the teaching of an academic
 * period costs — each assignment's points at its instructor's rate (or a cost set by hand), each
 * section's uncovered points at its placeholder's rate — and the totals per workgroup and period.
 * Money is computed once, by the read side; the browser shows it and never recomputes it.
 */

const Named = z.object({ id: z.string(), name: z.string() });

/** What a line is: an instructor's assignment, a placeholder, or points nobody covers. */
export const COST_LINE_KINDS = {
  assignment: 'Assigned',
  placeholder: 'Placeholder (TBD)',
  unstaffed: 'Not staffed',
} as const;
export type CostLineKind = keyof typeof COST_LINE_KINDS;
export const CostLineKindName = z.enum(
  Object.keys(COST_LINE_KINDS) as [CostLineKind, ...CostLineKind[]],
);

/** Where a line's cost comes from, in the order of precedence (DOMAIN: override > person > type). */
export const COST_SOURCES = {
  set: 'Set by hand',
  personal: 'Instructor’s own rate',
  typeRank: 'Type and rank rate',
  type: 'Type rate (any rank)',
  none: 'No rate',
} as const;
export type CostSource = keyof typeof COST_SOURCES;
export const CostSourceName = z.enum(Object.keys(COST_SOURCES) as [CostSource, ...CostSource[]]);

export const COST_LINE_SORTS = ['section', 'instructor', 'workgroup', 'points', 'cost'] as const;

export const CostLinesQuery = z.strictObject({
  AcademicPeriodId: z.string().trim().min(1).max(200).optional(),
  WorkgroupId: z.string().trim().min(1).max(200).optional(),
  kind: CostLineKindName.optional(),
  source: CostSourceName.optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(COST_LINE_SORTS).default('section'),
  direction: z.enum(['ASC', 'DESC']).default('ASC'),
  take: z.coerce.number().int().min(1).max(500).default(50),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type CostLinesQuery = z.infer<typeof CostLinesQuery>;

export const CostLine = z.object({
  /** The assignment's id, or `open-<section id>` for a section's uncovered points. */
  id: z.string(),
  kind: CostLineKindName,
  section: z.object({ id: z.string(), name: z.string(), title: z.string().nullable() }),
  workgroup: Named.nullable(),
  /** The instructor of an assignment; null for a placeholder or uncovered points. */
  instructor: Named.nullable(),
  /** The instructor's (or the placeholder's) type and rank. */
  instructorType: Named.nullable(),
  rank: Named.nullable(),
  points: z.number(),
  /** The rate applied (null: set by hand, or none found). */
  ratePerPoint: z.number().nullable(),
  /** Null when nothing prices the line (no rate, or not staffed). */
  cost: z.number().nullable(),
  source: CostSourceName,
  /** The InstructorCost record behind the line (a cost set by hand, a placeholder), if any. */
  entry: z
    .object({
      id: z.string(),
      /** For If-Match when it is changed. */
      revision: z.number().int(),
      amount: z.number().nullable(),
      notes: z.string().nullable(),
    })
    .nullable(),
});
export type CostLine = z.infer<typeof CostLine>;

export const CostLinesAnswer = z.object({
  period: Named.nullable(),
  count: z.number().int(),
  /** Over every line the filters match, not only this page. */
  total: z.object({ points: z.number(), cost: z.number(), unpriced: z.number().int() }),
  rows: z.array(CostLine),
});
export type CostLinesAnswer = z.infer<typeof CostLinesAnswer>;

export const CostTotalsCell = z.object({
  AcademicPeriodId: z.string(),
  /** Null: sections of no workgroup (none today; kept so a total always adds up). */
  WorkgroupId: z.string().nullable(),
  /** Assignments priced (rates and costs set by hand). */
  assigned: z.number(),
  /** Placeholders priced. */
  placeholders: z.number(),
  total: z.number(),
  /** Lines nothing prices: no rate found, or points nobody covers and no placeholder. */
  unpriced: z.number().int(),
});
export type CostTotalsCell = z.infer<typeof CostTotalsCell>;

export const CostTotalsAnswer = z.object({
  /** Newest first; those with sections. */
  periods: z.array(Named),
  workgroups: z.array(Named),
  cells: z.array(CostTotalsCell),
});
export type CostTotalsAnswer = z.infer<typeof CostTotalsAnswer>;

export const CostRatesQuery = z.strictObject({
  AcademicPeriodId: z.string().trim().min(1).max(200).optional(),
});

export const CostRatesAnswer = z.object({
  period: Named.nullable(),
  /** Active instructor types and ranks: the grid's rows and columns. */
  types: z.array(Named),
  ranks: z.array(Named),
  /** The period's rates per type and rank (RankId null: any rank of the type). */
  cells: z.array(
    z.object({
      id: z.string(),
      revision: z.number().int(),
      InstructorTypeId: z.string(),
      RankId: z.string().nullable(),
      ratePerPoint: z.number(),
    }),
  ),
  /** The period's rates of single instructors. */
  people: z.array(
    z.object({
      id: z.string(),
      revision: z.number().int(),
      instructor: Named,
      ratePerPoint: z.number(),
    }),
  ),
});
export type CostRatesAnswer = z.infer<typeof CostRatesAnswer>;
