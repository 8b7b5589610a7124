import { z } from 'zod';
import { ReportQuery, resolveReportQuery, type ReportQueryIssue } from './query.js';
import { QUERYABLE_REPORT_TYPES, type QueryableReportType } from './reportTypes.js';

/**
 * Report exports (docs/reports.md "Exports"): a report's every row written to a CSV or XLSX file
 * by a job, kept for its owner to download. The body of the route that starts one, the event
 * that records who exported what, the job's name and progress, and the answers of the list.
 * The answers are here rather than in readApi/ because they belong to this feature alone.
 */

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ReportExportFormat = z.enum(REPORT_EXPORT_FORMATS);
export type ReportExportFormat = z.infer<typeof ReportExportFormat>;

/** queued → running → done | failed | stopped; a stop before it ran goes from queued to stopped. */
export const REPORT_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'stopped'] as const;
export const ReportExportStatus = z.enum(REPORT_EXPORT_STATUSES);
export type ReportExportStatus = z.infer<typeof ReportExportStatus>;

/** The status of an export that may still change. */
export const isUnfinishedExport = (status: ReportExportStatus): boolean =>
  status === 'queued' || status === 'running';

/** The name of the job on the jobs port; its data is `ReportExportJobData`. */
export const REPORT_EXPORT_JOB = 'reportExport';

/** One export: `reportExport-<id>` (the export's id is its job's id too). */
export const reportExportStream = (id: string): string => `reportExport-${id}`;

export const REPORT_EXPORT_NAME_MAX = 200;

/** The content type and file extension a download is served with. */
export const REPORT_EXPORT_CONTENT_TYPES: Readonly<Record<ReportExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** An IANA time zone this runtime knows (dates and times in the file are written in it). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const TimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(isTimeZone, { message: 'is not a time zone (e.g. Europe/Berlin, UTC)' });

/** Body of `POST /api/reportExports`. */
export const StartReportExportBody = z.strictObject({
  reportType: z.enum(QUERYABLE_REPORT_TYPES).describe('The report to export.'),
  query: ReportQuery.default({}).describe(
    'Columns, filters, sorts, grouping (written as a column), period and as-of of the report; ' +
      'page and pageSize are ignored: every matching row is written.',
  ),
  format: ReportExportFormat.describe('csv (UTF-8, comma) or xlsx (one sheet, typed cells).'),
  name: z
    .string()
    .trim()
    .min(1)
    .max(REPORT_EXPORT_NAME_MAX)
    .optional()
    .describe('How the export is listed and its file named; the report’s title when absent.'),
  timeZone: TimeZone.default('UTC').describe(
    'The time zone the file writes date-times in (the browser sends its own).',
  ),
});
export type StartReportExportBody = z.infer<typeof StartReportExportBody>;

/**
 * The command's payload: the body with the id the server gives it, the name settled, and the
 * period the report reads (the requester's working period when the query names none).
 */
export const StartReportExport = StartReportExportBody.extend({
  id: z.string().min(1).max(200),
  name: z.string().trim().min(1).max(REPORT_EXPORT_NAME_MAX),
  AcademicPeriodId: z.string().min(1).max(100).nullable(),
});
export type StartReportExport = z.infer<typeof StartReportExport>;

/** Who exported what, when and how (the event log is the audit trail; the file is not in it). */
export const ReportExportStarted = z.object({
  id: z.string(),
  name: z.string(),
  reportType: z.enum(QUERYABLE_REPORT_TYPES),
  format: ReportExportFormat,
  query: ReportQuery,
  AcademicPeriodId: z.string().nullable(),
  timeZone: z.string(),
});
export type ReportExportStarted = z.infer<typeof ReportExportStarted>;

export const reportExportEventSchemas = { ReportExportStarted } as const;

/** What the job is given: the export's id (its row holds everything else). */
export const ReportExportJobData = z.object({ exportId: z.string() });
export type ReportExportJobData = z.infer<typeof ReportExportJobData>;

/** The job's progress, as the owner's browser hears it (`jobProgress` events). */
export const ReportExportProgress = z.object({
  exportId: z.string(),
  written: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type ReportExportProgress = z.infer<typeof ReportExportProgress>;

/** The query's issues against its report type, under `query.<part>` (400). */
export function reportExportQueryIssues(
  type: QueryableReportType,
  query: ReportQuery,
): ReportQueryIssue[] {
  const resolved = resolveReportQuery(type, { ...query, page: 0 });
  return resolved.ok
    ? []
    : resolved.issues.map((issue) => ({ ...issue, field: `query.${issue.field}` }));
}

/** GET /api/reportExports (a row each) and the answers of the write routes. */
export const ReportExportAnswer = z.object({
  id: z.string(),
  name: z.string(),
  reportType: z.enum(QUERYABLE_REPORT_TYPES),
  format: ReportExportFormat,
  status: ReportExportStatus,
  /** Why it failed, in words; null otherwise. */
  reason: z.string().nullable(),
  owner: z.object({ id: z.string(), name: z.string().nullable() }),
  /** Rows written (so far, while running); total: rows the report had when it was read. */
  rowCount: z.number().int().nullable(),
  totalRows: z.number().int().nullable(),
  /** The file's size in bytes, once done. */
  size: z.number().int().nullable(),
  fileName: z.string(),
  /** The plan the file shows: the change log's position it was read at, and its instant. */
  asOfPosition: z.string().nullable(),
  asOfAt: z.string().nullable(),
  AcademicPeriodId: z.string().nullable(),
  timeZone: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ReportExportAnswer = z.infer<typeof ReportExportAnswer>;

/** GET /api/reportExports: newest first; the viewer's own, every one for export managers. */
export const ReportExportsAnswer = z.object({
  count: z.number().int().min(0),
  rows: z.array(ReportExportAnswer),
});
export type ReportExportsAnswer = z.infer<typeof ReportExportsAnswer>;

/**
 * The file's name: the export's name without what file systems refuse (`/\:*?"<>|`, control
 * characters), and its extension. `ascii` also drops accents and other letters, for the plain
 * `filename` of a Content-Disposition header (the UTF-8 `filename*` carries the real one).
 */
export function reportExportFileName(
  name: string,
  format: ReportExportFormat,
  { ascii = false }: { ascii?: boolean } = {},
): string {
  const unsafe = (c: string) => '/\\:*?"<>|'.includes(c) || c < ' ' || c === '\u007f';
  let safe = [...name].map((c) => (unsafe(c) ? '_' : c)).join('');
  if (ascii) {
    safe = safe
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_');
  }
  safe = safe.replace(/\s+/g, ' ').trim().slice(0, 150);
  return `${safe || 'export'}.${format}`;
}
