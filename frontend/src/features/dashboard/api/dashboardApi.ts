import type {
  ApprovalCell,
  ApprovalStatusAnswer,
  WorkgroupApprovalsAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

export interface DashboardItem {
  key: string;
  label: string;
  count: number;
  link: string;
}
export interface Dashboard {
  AcademicPeriodId: string | null;
  items: DashboardItem[];
  mine: {
    preferenceStatus: 'notStarted' | 'draft' | 'submitted' | 'reopened';
    preferenceCount: number;
    workload: { required: number; assigned: number; remaining: number; overloaded: boolean } | null;
  } | null;
}
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
