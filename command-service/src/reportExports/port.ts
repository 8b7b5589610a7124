import type {
  DataServiceTrigger,
  QueryableReportType,
  ReportExportAnswer,
  ReportExportFormat,
  ReportQuery,
} from '@allot/shared-events';

/**
 * Where exports are kept (the projection-service's exports table, given by the embedded start):
 * what the write routes record and read. The job that makes the files is wired there too.
 */
export interface ReportExportRecords {
  /** The period a period-scoped report reads when its query names none (the user's working one). */
  workingPeriodOf(userId: string): Promise<string | null>;
  create(input: {
    id: string;
    ownerId: string;
    name: string;
    reportType: QueryableReportType;
    format: ReportExportFormat;
    query: ReportQuery;
    AcademicPeriodId: string | null;
    timeZone: string;
    createdAt: Date;
    /** A run of a data service (listed under it, not as the runner's export). */
    run?: { dataServiceId: string; trigger: DataServiceTrigger };
  }): Promise<ReportExportAnswer>;
  find(id: string): Promise<ReportExportAnswer | null>;
  /** Ends an unfinished export; false when it had ended already. */
  end(
    id: string,
    status: 'failed' | 'stopped',
    now: Date,
    reason?: string | null,
  ): Promise<boolean>;
  /** Deletes the export and its file. */
  remove(id: string): Promise<boolean>;
  /** Deletes a data service's runs and their files (the data service is gone). */
  removeRuns(dataServiceId: string): Promise<number>;
}
