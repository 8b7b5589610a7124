import type { TagDescription } from '@reduxjs/toolkit/query';
import type {
  CreateSavedReportBody,
  QueryableReportType,
  ReportAnswer,
  ReportPeriodsAnswer,
  ReportQuery,
  ReportSnapshotAnswer,
  ReportSnapshotsAnswer,
  ReportType,
  SavedReportAnswer,
  SavedReportsAnswer,
  TakeReportSnapshotBody,
  UpdateSavedReportBody,
} from '@allot/shared-events/browser';
import { allotApi, type TagType } from '../../../lib/api/allotApi.js';
import type { CommandAnswer } from '../../../lib/api/resourceApi.js';

// Saved reports, snapshots and report runs are the reports feature's alone.
const REPORT_TAGS = ['SavedReports', 'ReportSnapshots', 'ReportRuns'] as const;
type ReportTag = (typeof REPORT_TAGS)[number];
type Tag = TagDescription<TagType | ReportTag>;
const withTags = allotApi.enhanceEndpoints({ addTagTypes: REPORT_TAGS });

const LIST = 'LIST';
const listTags =
  (type: ReportTag) =>
  (answer: { rows: { id: string }[] } | undefined): Tag[] => [
    { type, id: LIST },
    ...(answer?.rows ?? []).map((row) => ({ type, id: row.id })),
  ];

/** A run of a report: its type and the query body. */
export interface ReportRunArgs {
  type: QueryableReportType;
  query: ReportQuery;
}

export interface UpdateSavedReportArgs {
  id: string;
  /** The revision the change is based on: a concurrent change answers 409. */
  revision: number;
  body: UpdateSavedReportBody;
}

/** The lists whose live changes (realtime) a report of the plan now reads again after. */
const PLAN_TAGS: Tag[] = [
  { type: 'TeachingAssignments', id: LIST },
  { type: 'TeachingPreferences', id: LIST },
  { type: 'PreferenceSubmissions', id: LIST },
  ...['sections', 'courses', 'courseOfferings', 'users', 'workgroups', 'academicTerms'].map(
    (path) => ({ type: 'ResourceList' as const, id: path }),
  ),
];

const reportPath = (id: string) => `reports/${encodeURIComponent(id)}`;
const snapshotPath = (id: string) => `reportSnapshots/${encodeURIComponent(id)}`;

export const reportsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/reports/:type/query: a page of the report (a read, though a POST). */
    runReport: build.query<ReportAnswer, ReportRunArgs>({
      query: ({ type, query }) => ({
        url: `reports/${encodeURIComponent(type)}/query`,
        method: 'POST',
        body: query,
      }),
      // A report of the plan now follows the plan's changes the realtime connection announces.
      providesTags: (_answer, _error, { query }) =>
        query.asOf
          ? [{ type: 'ReportRuns', id: 'asOf' }]
          : [{ type: 'ReportRuns', id: 'now' }, ...PLAN_TAGS],
    }),
    /** GET /api/reports/periods: the periods a report may read (for who may not list periods). */
    reportPeriods: build.query<ReportPeriodsAnswer, void>({
      query: () => 'reports/periods',
      providesTags: [{ type: 'ResourceList', id: 'academicPeriods' }],
    }),
    listSavedReports: build.query<SavedReportsAnswer, { reportType?: ReportType } | void>({
      query: (args) => ({
        url: 'reports',
        params: args?.reportType ? { reportType: args.reportType } : {},
      }),
      providesTags: listTags('SavedReports'),
    }),
    getSavedReport: build.query<SavedReportAnswer, string>({
      query: (id) => reportPath(id),
      providesTags: (_answer, _error, id) => [{ type: 'SavedReports', id }],
    }),
    createSavedReport: build.mutation<CommandAnswer, CreateSavedReportBody>({
      query: (body) => ({ url: 'reports', method: 'POST', body }),
      invalidatesTags: [{ type: 'SavedReports', id: LIST }],
    }),
    updateSavedReport: build.mutation<CommandAnswer, UpdateSavedReportArgs>({
      query: ({ id, revision, body }) => ({
        url: reportPath(id),
        method: 'PUT',
        body,
        headers: { 'If-Match': `"${String(revision)}"` },
      }),
      invalidatesTags: (_answer, _error, { id }) => [
        { type: 'SavedReports', id },
        { type: 'SavedReports', id: LIST },
      ],
    }),
    deleteSavedReport: build.mutation<CommandAnswer, string>({
      query: (id) => ({ url: reportPath(id), method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [
        { type: 'SavedReports', id },
        { type: 'SavedReports', id: LIST },
      ],
    }),
    listReportSnapshots: build.query<ReportSnapshotsAnswer, void>({
      query: () => 'reportSnapshots',
      providesTags: listTags('ReportSnapshots'),
    }),
    getReportSnapshot: build.query<ReportSnapshotAnswer, string>({
      query: (id) => snapshotPath(id),
      providesTags: (_answer, _error, id) => [{ type: 'ReportSnapshots', id }],
    }),
    takeReportSnapshot: build.mutation<CommandAnswer, TakeReportSnapshotBody>({
      query: (body) => ({ url: 'reportSnapshots', method: 'POST', body }),
      invalidatesTags: [{ type: 'ReportSnapshots', id: LIST }],
    }),
    deleteReportSnapshot: build.mutation<CommandAnswer, string>({
      query: (id) => ({ url: snapshotPath(id), method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [
        { type: 'ReportSnapshots', id },
        { type: 'ReportSnapshots', id: LIST },
      ],
    }),
  }),
});

export const {
  useRunReportQuery,
  useReportPeriodsQuery,
  useListSavedReportsQuery,
  useGetSavedReportQuery,
  useCreateSavedReportMutation,
  useUpdateSavedReportMutation,
  useDeleteSavedReportMutation,
  useListReportSnapshotsQuery,
  useGetReportSnapshotQuery,
  useTakeReportSnapshotMutation,
  useDeleteReportSnapshotMutation,
} = reportsApi;
