import type { TagDescription } from '@reduxjs/toolkit/query';
import type {
  AlignmentMetricsAnswer,
  QueryableReportType,
  ReportAnswer,
  ReportQuery,
  WorkgroupApprovalsAnswer,
} from '@allot/shared-events/browser';
import { allotApi, type TagType } from '../../../lib/api/allotApi.js';
import { combineBreakdown, type WorkgroupBreakdown } from './workgroupBreakdown.js';

/** One report counted per workgroup, once per value of one of its choice columns. */
export interface BreakdownArgs {
  type: QueryableReportType;
  AcademicPeriodId: string;
  /** The choice column the series split on: `load`, `coverage`, `status`. */
  column: string;
  values: readonly string[];
  /** Summable columns whose sums per workgroup come along (`required`, `assigned`). */
  sums?: readonly string[];
}

/**
 * What the charts follow: the plan's changes the realtime connection announces (assignments,
 * sections, people, workgroups, administrative assignments) make them ask again.
 */
const PLAN_TAGS: TagDescription<TagType>[] = [
  'TeachingAssignments',
  'TeachingPreferences',
  'PreferenceSubmissions',
  'Workgroups',
  ...[
    'sections',
    'courses',
    'courseOfferings',
    'users',
    'workgroups',
    'administrativeAssignments',
    'progressSteps',
  ].map((path) => ({ type: 'ResourceList' as const, id: path })),
];

/**
 * The body of a chart's query: the rows of the series' values, grouped by workgroup and split by
 * the series column, one row of the page at most (the chart reads the groups, not the rows).
 */
export function breakdownQuery(args: BreakdownArgs): ReportQuery {
  return {
    columns: ['workgroup', ...(args.sums ?? [])],
    filters: { [args.column]: [...args.values] },
    groupBy: 'workgroup',
    splitBy: args.column,
    sorts: [],
    AcademicPeriodId: args.AcademicPeriodId,
    page: 0,
    pageSize: 1,
  };
}

/**
 * The Reports page's charts: one grouped report query per chart (POST /api/reports/:type/query,
 * its groups split by the series column, each answering its per-workgroup counts and sums)
 * rather than every row, and the alignment per workgroup for report readers
 * (GET /api/reports/alignment/metrics).
 */
export const chartsApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    reportChartBreakdown: build.query<WorkgroupBreakdown, BreakdownArgs>({
      query: (args) => ({
        url: `reports/${encodeURIComponent(args.type)}/query`,
        method: 'POST',
        body: breakdownQuery(args),
      }),
      transformResponse: (answer: ReportAnswer, _meta, args) =>
        combineBreakdown(args.values, answer),
      providesTags: PLAN_TAGS,
    }),
    reportChartAlignment: build.query<AlignmentMetricsAnswer, { AcademicPeriodId: string }>({
      query: ({ AcademicPeriodId }) => ({
        url: 'reports/alignment/metrics',
        params: { AcademicPeriodId },
      }),
      providesTags: PLAN_TAGS,
    }),
    /** GET /api/workgroupApprovals: every workgroup at every progress step of the period. */
    reportChartSteps: build.query<WorkgroupApprovalsAnswer, { AcademicPeriodId: string }>({
      query: ({ AcademicPeriodId }) => ({
        url: 'workgroupApprovals',
        params: { AcademicPeriodId },
      }),
      providesTags: ['ProgressActions', 'ProgressSteps'],
    }),
  }),
});

export const {
  useReportChartBreakdownQuery,
  useReportChartAlignmentQuery,
  useReportChartStepsQuery,
} = chartsApi;
