import type {
  ApprovalCell,
  ApprovalStatusAnswer,
  DashboardAnswer,
  DashboardItemAnswer,
  ProgressActionKind,
  RecordProgressActionBody,
  WorkgroupApprovalsAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';
import type { CommandAnswer } from '../../../lib/api/resourceApi.js';

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
    /** The address names the step, the workgroup and the action; the body the comment. */
    recordProgressAction: build.mutation<
      CommandAnswer,
      RecordProgressActionBody & {
        ProgressStepId: string;
        WorkgroupId: string;
        action: ProgressActionKind;
      }
    >({
      query: ({ ProgressStepId, WorkgroupId, action, comment }) => ({
        url: `progressSteps/${encodeURIComponent(ProgressStepId)}/workgroups/${encodeURIComponent(WorkgroupId)}/${action}`,
        method: 'POST',
        body: (comment ? { comment } : {}) satisfies RecordProgressActionBody,
      }),
      invalidatesTags: ['ProgressActions'],
    }),
  }),
});

export const { useDashboardQuery, useWorkgroupApprovalsQuery, useRecordProgressActionMutation } =
  dashboardApi;
