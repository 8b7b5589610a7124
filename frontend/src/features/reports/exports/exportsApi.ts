import type {
  CommandResult,
  ReportExportAnswer,
  ReportExportsAnswer,
  StartReportExportBody,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

/**
 * Report exports (docs/reports.md "Exports"): start one (a job; its progress comes on the
 * socket, lib/jobs/jobProgress.ts), list them, stop or delete one. Their lists are tagged with
 * the `reportExports` list, which every write here refreshes.
 */
export const REPORT_EXPORTS_LIST = { type: 'ResourceList', id: 'reportExports' } as const;

/** Where a done export's file is downloaded (a plain GET: the browser saves it). */
export const exportFileUrl = (id: string) => `/api/reportExports/${encodeURIComponent(id)}/file`;

/** `mine`: only the viewer's own (an export manager's list of everyone's is `visible`). */
export type ExportsScope = 'mine' | 'visible';

export type StartExport = Pick<StartReportExportBody, 'reportType' | 'format'> &
  Partial<Pick<StartReportExportBody, 'query' | 'name' | 'timeZone'>>;

export const exportsApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    listReportExports: build.query<ReportExportsAnswer, ExportsScope>({
      query: (scope) => ({ url: 'reportExports', params: { scope } }),
      providesTags: [REPORT_EXPORTS_LIST],
    }),
    startReportExport: build.mutation<CommandResult, StartExport>({
      query: (body) => ({
        url: 'reportExports',
        method: 'POST',
        body: {
          ...body,
          // Date-times in the file read as the person reads them here.
          timeZone: body.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      }),
      invalidatesTags: [REPORT_EXPORTS_LIST],
    }),
    stopReportExport: build.mutation<ReportExportAnswer, string>({
      query: (id) => ({ url: `reportExports/${encodeURIComponent(id)}/stop`, method: 'POST' }),
      invalidatesTags: [REPORT_EXPORTS_LIST],
    }),
    deleteReportExport: build.mutation<ReportExportAnswer, string>({
      query: (id) => ({ url: `reportExports/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [REPORT_EXPORTS_LIST],
    }),
  }),
});

export const {
  useListReportExportsQuery,
  useStartReportExportMutation,
  useStopReportExportMutation,
  useDeleteReportExportMutation,
} = exportsApi;

/** Starts the browser's download of the file at `url` (an export's or a data service run's). */
export function downloadFrom(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Starts the browser's download of a done export's file. */
export function downloadExport(id: string, fileName: string): void {
  downloadFrom(exportFileUrl(id), fileName);
}
