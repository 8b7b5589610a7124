import {
  reportExportFileName,
  type ReportExportAnswer,
  type ReportQuery,
} from '@allot/shared-events';
import type { ReportExportRecords } from '../port.js';

/** An export as kept in memory, with what it was started with (the query, the run). */
export type KeptExport = ReportExportAnswer & {
  query: ReportQuery;
  run: Parameters<ReportExportRecords['create']>[0]['run'];
};

/**
 * Exports kept in memory, for the command service's route tests (the real table and the job that
 * fills it are the projection-service's, tested there and through the whole app in infra).
 * `workingPeriodOf` answers the given period for everyone; `removedRunsOf` lists the data
 * services whose runs were removed.
 */
export function inMemoryExportRecords(
  workingPeriodOf: (userId: string) => string | null = () => null,
) {
  const kept = new Map<string, KeptExport>();
  const removedRunsOf: string[] = [];
  const records: ReportExportRecords = {
    workingPeriodOf: (userId) => Promise.resolve(workingPeriodOf(userId)),
    create(input) {
      const answer: ReportExportAnswer = {
        id: input.id,
        name: input.name,
        reportType: input.reportType,
        format: input.format,
        status: 'queued',
        reason: null,
        owner: { id: input.ownerId, name: null },
        rowCount: null,
        totalRows: null,
        size: null,
        fileName: reportExportFileName(input.name, input.format),
        asOfPosition: null,
        asOfAt: null,
        AcademicPeriodId: input.AcademicPeriodId,
        timeZone: input.timeZone,
        createdAt: input.createdAt.toISOString(),
        startedAt: null,
        finishedAt: null,
      };
      kept.set(input.id, { ...answer, query: input.query, run: input.run });
      return Promise.resolve(answer);
    },
    find(id) {
      const found = kept.get(id);
      if (!found) return Promise.resolve(null);
      const { query: _query, run: _run, ...answer } = found;
      return Promise.resolve(answer);
    },
    end(id, status, now, reason = null) {
      const found = kept.get(id);
      if (!found || (found.status !== 'queued' && found.status !== 'running')) {
        return Promise.resolve(false);
      }
      kept.set(id, { ...found, status, reason, finishedAt: now.toISOString() });
      return Promise.resolve(true);
    },
    remove: (id) => Promise.resolve(kept.delete(id)),
    removeRuns(dataServiceId) {
      removedRunsOf.push(dataServiceId);
      let removed = 0;
      for (const [id, found] of kept) {
        if (found.run?.dataServiceId === dataServiceId && kept.delete(id)) removed += 1;
      }
      return Promise.resolve(removed);
    },
  };
  return { records, kept, removedRunsOf };
}
