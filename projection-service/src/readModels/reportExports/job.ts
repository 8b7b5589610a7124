import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Knex } from 'knex';
import {
  REPORT_DEFINITIONS,
  ReportExportJobData,
  type ReportExportProgress,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { createReportQuery } from '../reports/query.js';
import { InvalidExportQuery, writeReportExport } from '../reports/export/writeReportExport.js';
import type { ReportExportStore } from './store.js';

/** What the job is given by the jobs port (command-service's JobContext, as far as it is used). */
export interface ReportExportJobContext {
  data: unknown;
  signal: AbortSignal;
  reportProgress(progress: ReportExportProgress): Promise<void>;
}

export interface ReportExportJobOptions {
  knex: Knex;
  /** The read models' tables (the plan's history). */
  tables: TableResolver;
  store: ReportExportStore;
  /** Where a file is staged while it is written (the system's temporary folder by default). */
  tmpDir?: string;
  batchSize?: number;
  /** At most one progress report per this many milliseconds (the last one always). */
  progressEveryMs?: number;
  now?: () => Date;
  /** A failure that is ours, not the request's (logged; the owner reads a sentence). */
  onError?: (err: unknown, exportId: string) => void;
}

const FAULT = 'Something went wrong while writing the export. Please try again.';

/**
 * The `reportExport` job: takes a queued export, writes its report to a staged file (rows read
 * through one consistent cursor, written as they come), stores the file and marks it done. The
 * owner hears `{ exportId, written, total }` as it goes. Stopped (the signal) or failed, the
 * export says so and keeps no file. Run again for an export that is no longer queued (a retry,
 * a stop before it began), it does nothing.
 */
export function createReportExportJob(options: ReportExportJobOptions) {
  const reports = createReportQuery(options.knex, options.tables);
  const now = options.now ?? (() => new Date());
  const every = options.progressEveryMs ?? 250;

  return async function reportExportJob(ctx: ReportExportJobContext) {
    const { exportId } = ReportExportJobData.parse(ctx.data);
    const row = await options.store.start(exportId, now());
    if (!row) return { exportId, skipped: true };
    const dir = await mkdtemp(path.join(options.tmpDir ?? tmpdir(), 'allot-export-'));
    const file = path.join(dir, `export.${row.format}`);
    const output = createWriteStream(file);
    let last = 0;
    try {
      const written = await writeReportExport(
        reports,
        {
          type: row.report_type,
          query: row.query,
          format: row.format,
          AcademicPeriodId: row.academic_period_id,
          timeZone: row.time_zone,
          title: REPORT_DEFINITIONS[row.report_type].title,
        },
        output,
        {
          signal: ctx.signal,
          ...(options.batchSize ? { batchSize: options.batchSize } : {}),
          onProgress: async (count, total) => {
            if (Date.now() - last < every && count < total) return;
            last = Date.now();
            await ctx.reportProgress({ exportId, written: count, total });
          },
        },
      );
      await finished(output);
      const { size } = await stat(file);
      const stored = await options.store.finish(
        exportId,
        { path: file, size },
        { ...written, now: now() },
        ctx.signal,
      );
      // Stopped or deleted while the file was being stored: the stop's status stands. Once the
      // file is stored, a stop that comes later changes nothing.
      if (!stored) return { exportId, skipped: true };
      await ctx.reportProgress({ exportId, written: written.rowCount, total: written.total });
      return { exportId, rowCount: written.rowCount, size };
    } catch (err) {
      output.destroy();
      if (ctx.signal.aborted) {
        await options.store.end(exportId, 'stopped', now());
        throw err;
      }
      const known = err instanceof InvalidExportQuery;
      if (!known) options.onError?.(err, exportId);
      await options.store.end(exportId, 'failed', now(), known ? err.message : FAULT);
      // The job's failure reaches the owner's browser: the sentence, never the fault's own words.
      throw known ? err : new Error(FAULT);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
