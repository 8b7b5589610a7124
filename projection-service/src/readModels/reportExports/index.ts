export { migrateReportExports, reportExportTables, type ReportExportTables } from './schema.js';
export { createReportExportStore, type ReportExportStore } from './store.js';
export { createReportExportJob, type ReportExportJobOptions } from './job.js';
