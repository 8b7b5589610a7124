import type { Writable } from 'node:stream';
import {
  resolveReportQuery,
  type QueryableReportType,
  type ReportExportFormat,
  type ReportQuery,
} from '@allot/shared-events';
import type { createReportQuery, ReportReading } from '../query.js';
import { sheetWriter } from './sheetWriters.js';

export interface ReportExportRequest {
  type: QueryableReportType;
  /** Columns, filters, sorts, grouping, period and as-of; page and pageSize are ignored. */
  query: ReportQuery;
  format: ReportExportFormat;
  /** The period a period-scoped report reads. */
  AcademicPeriodId: string | null;
  /** Date-times are written in this zone. */
  timeZone: string;
  /** Names the sheet. */
  title: string;
}

export interface ReportExportWritten {
  rowCount: number;
  total: number;
  asOf: ReportReading['asOf'];
}

/** Rows read (and written) at once; progress is reported after each batch. */
export const EXPORT_BATCH_SIZE = 1000;

export class InvalidExportQuery extends Error {}

/**
 * Writes every row of a report to `output` as CSV or XLSX, streamed: rows are read through a
 * cursor in one transaction (the count, instant and rows agree) and written as they come. A
 * grouped report is written flat, its grouping column first (rows stay in group order).
 * `onProgress` hears the rows written after each batch; an aborted `signal` ends it between
 * batches with the signal's reason. Ends `output` when done (not on failure: the caller does).
 */
export async function writeReportExport(
  reports: Pick<ReturnType<typeof createReportQuery>, 'each'>,
  request: ReportExportRequest,
  output: Writable,
  options: {
    signal?: AbortSignal;
    onProgress?: (written: number, total: number) => void | Promise<void>;
    batchSize?: number;
  } = {},
): Promise<ReportExportWritten> {
  const resolved = resolveReportQuery(request.type, { ...request.query, page: 0 });
  if (!resolved.ok) {
    throw new InvalidExportQuery(resolved.issues.map((issue) => issue.message).join(' '));
  }
  const query = resolved.value;
  const groupBy = query.groupBy;
  const columns =
    groupBy && !query.columns.includes(groupBy) ? [groupBy, ...query.columns] : query.columns;
  const writer = sheetWriter(request.format, output, {
    title: request.title,
    timeZone: request.timeZone,
  });
  let reading: ReportReading | null = null;
  let started = false;
  let written = 0;
  const start = async (sample: readonly Record<string, unknown>[]) => {
    if (started || !reading) return;
    started = true;
    await writer.start(reading.columns, sample);
  };
  const read = await reports.each(
    request.type,
    { ...query, columns },
    {
      AcademicPeriodId: request.AcademicPeriodId,
      asOf: request.query.asOf ?? null,
      batchSize: options.batchSize ?? EXPORT_BATCH_SIZE,
      ...(options.signal ? { signal: options.signal } : {}),
      async onStart(r) {
        reading = r;
        await options.onProgress?.(0, r.total);
      },
      async onRows(rows) {
        await start(rows);
        await writer.rows(rows);
        written += rows.length;
        await options.onProgress?.(written, reading?.total ?? written);
      },
    },
  );
  await start([]);
  await writer.finish();
  return { rowCount: written, total: read.total, asOf: read.asOf };
}
