import type { Knex } from 'knex';
import { REPORT_EXPORT_JOB } from '@allot/shared-events';
import type { Jobs, ReportExportRecords } from '@allot/command-service';
import {
  createReadModelAuthFacts,
  createReportExportJob,
  createReportExportStore,
  createTableResolver,
  migrateReportExports,
  reportExportTables,
} from '@allot/projection-service';

/**
 * Report exports across the two services: the exports table (projection-service) migrated, the
 * export job defined on the jobs port (command-service) with the read models' connection, and
 * the records the write routes keep exports in. Here because only this package sees both.
 */
export async function composeReportExports(options: {
  knex: Knex;
  jobs: Pick<Jobs, 'define'>;
  /** The in-process runner forgets its jobs on restart: what they left unfinished fails. */
  jobsForgottenOnRestart: boolean;
  onError: (err: unknown, exportId: string) => void;
}): Promise<ReportExportRecords> {
  const { knex } = options;
  const tables = reportExportTables();
  await migrateReportExports(knex, tables);
  const readModels = createTableResolver(knex);
  const store = createReportExportStore({ knex, tables, readModels });
  if (options.jobsForgottenOnRestart) await store.endInterrupted(new Date());
  options.jobs.define(
    REPORT_EXPORT_JOB,
    createReportExportJob({ knex, tables: readModels, store, onError: options.onError }),
  );
  const facts = createReadModelAuthFacts(knex, readModels);
  return {
    async workingPeriodOf(userId) {
      return (await facts.sessionFacts(userId, userId)).workingAcademicPeriodId;
    },
    create: (input) => store.create(input),
    find: (id) => store.find(id),
    end: (id, status, now, reason) => store.end(id, status, now, reason),
    remove: (id) => store.remove(id),
    removeRuns: (dataServiceId) => store.removeRuns(dataServiceId),
  };
}
