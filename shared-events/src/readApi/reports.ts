import { z } from 'zod';
import { REPORT_TYPES } from '../reports/reportTypes.js';

/** A cell of a report: typed as its column says (dates and date-times as ISO text). */
export const ReportCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportCell = z.infer<typeof ReportCell>;

export const ReportColumnAnswer = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'number', 'date', 'datetime', 'boolean', 'choice']),
});

/** One value of the split column inside a group: how many of the group's rows, their sums. */
export const ReportSplitAnswer = z.object({
  value: ReportCell,
  count: z.number().int(),
  sums: z.record(z.string(), z.number()),
});
export type ReportSplitAnswer = z.infer<typeof ReportSplitAnswer>;

/** One group of a grouped report: its value, how many rows and the sums of summable columns. */
export const ReportGroupAnswer = z.object({
  value: ReportCell,
  label: z.string(),
  count: z.number().int(),
  sums: z.record(z.string(), z.number()),
  /** When the query split its groups: the group's rows per value of the split column. */
  splits: z.array(ReportSplitAnswer).optional(),
});
export type ReportGroupAnswer = z.infer<typeof ReportGroupAnswer>;

/** Which plan a report read: now, or as of a log position (with the instant it was recorded). */
export const ReportAsOfAnswer = z.object({
  position: z.string().nullable(),
  at: z.string().nullable(),
});

/** POST /api/reports/:type/query: a page of rows, the total count, groups and totals. */
export const ReportAnswer = z.object({
  type: z.enum(REPORT_TYPES),
  columns: z.array(ReportColumnAnswer),
  /** Each row keyed by column; `id` names the record the row shows. */
  rows: z.array(z.record(z.string(), ReportCell)),
  count: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Present when the query grouped: every group of all pages, in the sort's order. */
  groups: z.array(ReportGroupAnswer).nullable(),
  /** The sums of the summable shown columns over every matching row. */
  totals: z.record(z.string(), z.number()),
  AcademicPeriodId: z.string().nullable(),
  asOf: ReportAsOfAnswer,
});
export type ReportAnswer = z.infer<typeof ReportAnswer>;

/**
 * GET /api/reports/periods (Report read): the academic periods a report may read, newest first.
 * Reporting users may not list periods themselves (AcademicPeriod), yet read every period's plan.
 */
export const ReportPeriodsAnswer = z.object({
  rows: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ReportPeriodsAnswer = z.infer<typeof ReportPeriodsAnswer>;
