import { z } from 'zod';
import { REPORT_DEFINITIONS, type ReportDefinition } from './definitions.js';
import type { ReportType } from './reportTypes.js';

/** At most this many rows in one page of a report (an export reads every row, page by page). */
export const MAX_REPORT_PAGE_SIZE = 500;
export const DEFAULT_REPORT_PAGE_SIZE = 50;

const scalar = z.union([z.string().max(500), z.number().finite(), z.boolean()]);
/** A range for numbers and dates: either end may be left open. */
const range = z
  .object({
    min: z
      .union([z.number().finite(), z.string().max(40)])
      .nullable()
      .optional(),
    max: z
      .union([z.number().finite(), z.string().max(40)])
      .nullable()
      .optional(),
  })
  .strict();

/**
 * A column's filter: a text to look for (text columns: contained, case ignored), a value
 * (numbers, booleans), the values allowed (choices), or a range (numbers, dates).
 */
export const ReportFilterValue = z.union([scalar, z.array(scalar).max(200), range, z.null()]);
export type ReportFilterValue = z.infer<typeof ReportFilterValue>;

export const ReportSort = z
  .object({ column: z.string().max(100), direction: z.enum(['asc', 'desc']) })
  .strict();
export type ReportSort = z.infer<typeof ReportSort>;

/**
 * The plan as of an instant: a date-time, or a position of the event log (the opaque token a
 * write answers with). Absent: the plan as it is now.
 */
export const ReportAsOf = z.union([
  z.object({ at: z.iso.datetime({ offset: true }) }).strict(),
  z.object({ position: z.string().min(1).max(200) }).strict(),
]);
export type ReportAsOf = z.infer<typeof ReportAsOf>;

/** The body of POST /api/reports/:type/query. */
export const ReportQuery = z
  .object({
    /** Shown columns in order; absent: the type's default columns. */
    columns: z.array(z.string().max(100)).max(100).optional(),
    filters: z.record(z.string().max(100), ReportFilterValue).optional(),
    sorts: z.array(ReportSort).max(10).optional(),
    groupBy: z.string().max(100).nullable().optional(),
    /**
     * A second grouping inside each group: its rows counted (and summed) per value of this
     * column. A chart of workgroups by status asks once instead of once per status.
     */
    splitBy: z.string().max(100).nullable().optional(),
    AcademicPeriodId: z.string().min(1).max(100).nullable().optional(),
    /** Every period at once: an instructor's teaching record across the years. */
    allPeriods: z.boolean().optional(),
    /** Only one instructor's rows (teaching assignments, preferences). */
    UserId: z.string().min(1).max(100).optional(),
    asOf: ReportAsOf.nullable().optional(),
    page: z.number().int().min(0).max(1_000_000).optional(),
    pageSize: z.number().int().min(1).max(MAX_REPORT_PAGE_SIZE).optional(),
  })
  .strict();
export type ReportQuery = z.infer<typeof ReportQuery>;

/** Spec §5: empty, 'any' and empty-array values mean "no filter". */
export function isIgnoredReportFilter(value: ReportFilterValue | undefined): boolean {
  if (value === undefined || value === null || value === '' || value === 'any') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    const empty = (end: unknown) => end === undefined || end === null || end === '';
    return empty(value.min) && empty(value.max);
  }
  return false;
}

/**
 * The filters a client sends (spec §5): ignored values dropped, and nested-association filters
 * (`course.name`, a key reaching into another record) never sent.
 */
export function reportFiltersToSend(
  filters: Readonly<Record<string, ReportFilterValue | undefined>>,
): Record<string, ReportFilterValue> {
  return Object.fromEntries(
    Object.entries(filters).filter(
      (entry): entry is [string, ReportFilterValue] =>
        !entry[0].includes('.') && !isIgnoredReportFilter(entry[1]),
    ),
  );
}

export interface ReportQueryIssue {
  field: string;
  message: string;
}

/** A query checked against its type: every column it names exists, filters fit their columns. */
export interface ResolvedReportQuery {
  definition: ReportDefinition;
  columns: string[];
  filters: Record<string, ReportFilterValue>;
  sorts: ReportSort[];
  groupBy: string | null;
  splitBy: string | null;
  page: number;
  pageSize: number;
}

/**
 * Checks a query against its report type. Unknown columns are refused with the column named (a
 * 400), never silently dropped: a saved report that names one would otherwise show other rows.
 */
export function resolveReportQuery(
  type: ReportType,
  query: ReportQuery,
): { ok: true; value: ResolvedReportQuery } | { ok: false; issues: ReportQueryIssue[] } {
  const definition = REPORT_DEFINITIONS[type];
  const known = new Map(definition.columns.map((column) => [column.key, column]));
  const issues: ReportQueryIssue[] = [];
  const check = (field: string, key: string) => {
    if (!known.has(key))
      issues.push({ field, message: `${definition.title} has no column "${key}".` });
  };
  const columns = [...new Set(query.columns ?? definition.defaultColumns)];
  if (columns.length === 0)
    issues.push({ field: 'columns', message: 'Choose at least one column.' });
  columns.forEach((key) => check('columns', key));
  const filters = reportFiltersToSend(query.filters ?? {});
  for (const [key, value] of Object.entries(filters)) {
    check('filters', key);
    const column = known.get(key);
    if (!column) continue;
    const isRange = typeof value === 'object' && value !== null && !Array.isArray(value);
    if (isRange && !['number', 'date', 'datetime'].includes(column.type)) {
      issues.push({ field: 'filters', message: `${column.label} cannot be filtered by a range.` });
    }
  }
  const sorts = query.sorts ?? [...definition.defaultSort];
  sorts.forEach((sort) => check('sorts', sort.column));
  const groupBy = query.groupBy ?? null;
  if (groupBy !== null) {
    check('groupBy', groupBy);
    const column = known.get(groupBy);
    if (column && !column.groupable) {
      issues.push({ field: 'groupBy', message: `Rows cannot be grouped by ${column.label}.` });
    }
  }
  const splitBy = query.splitBy ?? null;
  if (splitBy !== null) {
    check('splitBy', splitBy);
    const column = known.get(splitBy);
    if (groupBy === null) {
      issues.push({ field: 'splitBy', message: 'Rows can be split only inside groups.' });
    } else if (column && !column.groupable) {
      issues.push({ field: 'splitBy', message: `Rows cannot be split by ${column.label}.` });
    }
  }
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: {
      definition,
      columns,
      filters,
      sorts,
      groupBy,
      splitBy,
      page: query.page ?? 0,
      pageSize: query.pageSize ?? DEFAULT_REPORT_PAGE_SIZE,
    },
  };
}
