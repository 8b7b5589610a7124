import type {
  ApprovalCell,
  ApprovalStatusAnswer,
  DashboardAnswer,
  DashboardItemAnswer,
  WorkgroupApprovalsAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

/** GET /api/dashboard, typed from the read API's schema. */
export type DashboardItem = DashboardItemAnswer;
export type Dashboard = DashboardAnswer;
/** GET /api/workgroupApprovals, typed from the read API's schema. */
export type ApprovalStatus = ApprovalStatusAnswer;
export type WorkgroupApprovals = WorkgroupApprovalsAnswer;
export type { ApprovalCell };

// Counts move with assignments, preferences and progress: each of those tags refreshes them.
export const dashboardApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<Dashboard, void>({
      query: () => 'dashboard',
      providesTags: ['TeachingAssignments', 'PreferenceSubmissions', 'ProgressActions'],
    }),
    workgroupApprovals: build.query<WorkgroupApprovals, void>({
      query: () => 'workgroupApprovals',
      providesTags: ['ProgressActions', 'ProgressSteps'],
    }),
    recordProgressAction: build.mutation<
      unknown,
      {
        ProgressStepId: string;
        WorkgroupId: string;
        action: 'submit' | 'approve' | 'return';
        comment?: string;
      }
    >({
      query: ({ ProgressStepId, WorkgroupId, action, comment }) => ({
        url: `progressSteps/${encodeURIComponent(ProgressStepId)}/workgroups/${encodeURIComponent(WorkgroupId)}/${action}`,
        method: 'POST',
        body: comment ? { comment } : {},
      }),
      invalidatesTags: ['ProgressActions'],
    }),
  }),
});

export const { useDashboardQuery, useWorkgroupApprovalsQuery, useRecordProgressActionMutation } =
  dashboardApi;
