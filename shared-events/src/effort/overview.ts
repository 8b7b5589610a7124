import { z } from 'zod';

/**
 * Effort Management's overview (docs/effort.md "Overview"; read Effort): per instructor and
 * academic period, the points planned (section and administrative assignments) beside payroll's
 * effort by area, with gaps and overlaps flagged, and totals per workgroup.
 */
export const EFFORT_AREAS_SHOWN = [
  'teaching',
  'research',
  'administration',
  'service',
  'clinical',
  'leave',
  'other',
] as const;
export type EffortAreaShown = (typeof EFFORT_AREAS_SHOWN)[number];

/** What the overview flags, in words on the page. */
export const EFFORT_FLAGS = {
  overPaid: 'Paid above full time',
  missingPayroll: 'Pay periods without payroll',
  teachingUnpaid: 'Teaches, no teaching on payroll',
  paidNotPlanned: 'Teaching on payroll, none planned',
} as const;
export type EffortFlag = keyof typeof EFFORT_FLAGS;
export const EffortFlagName = z.enum(Object.keys(EFFORT_FLAGS) as [EffortFlag, ...EffortFlag[]]);

export const EFFORT_OVERVIEW_SORTS = [
  'name',
  'teaching',
  'payrollTeaching',
  'amount',
  'flags',
] as const;

export const EffortOverviewQuery = z.strictObject({
  AcademicPeriodId: z.string().trim().min(1).max(200).optional(),
  WorkgroupId: z.string().trim().min(1).max(200).optional(),
  flag: z.union([EffortFlagName, z.literal('any')]).optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(EFFORT_OVERVIEW_SORTS).default('name'),
  direction: z.enum(['ASC', 'DESC']).default('ASC'),
  take: z.coerce.number().int().min(1).max(500).default(50),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type EffortOverviewQuery = z.infer<typeof EffortOverviewQuery>;

const Named = z.object({ id: z.string(), name: z.string() });
const ByArea = z.record(z.enum(EFFORT_AREAS_SHOWN), z.number());

export const EffortOverviewRow = z.object({
  instructor: Named,
  workgroup: Named.nullable(),
  planned: z.object({
    required: z.number(),
    teaching: z.number(),
    administrative: z.number(),
  }),
  payroll: z.object({
    /** Pay periods of the academic period with lines of theirs, of those with any line at all. */
    payPeriods: z.number().int(),
    expectedPayPeriods: z.number().int(),
    /** Average effort per area over the pay periods they have lines in (%). */
    byArea: ByArea,
    amount: z.number(),
  }),
  flags: z.array(z.object({ flag: EffortFlagName, words: z.string() })),
});
export type EffortOverviewRow = z.infer<typeof EffortOverviewRow>;

export const EffortOverviewAnswer = z.object({
  period: z.object({ id: z.string(), name: z.string() }).nullable(),
  count: z.number().int(),
  rows: z.array(EffortOverviewRow),
  /** Per workgroup (of the instructors filtered), planned points and payroll beside them. */
  workgroups: z.array(
    z.object({
      workgroup: Named.nullable(),
      instructors: z.number().int(),
      teaching: z.number(),
      administrative: z.number(),
      payrollTeaching: z.number(),
      amount: z.number(),
      flagged: z.number().int(),
    }),
  ),
});
export type EffortOverviewAnswer = z.infer<typeof EffortOverviewAnswer>;
