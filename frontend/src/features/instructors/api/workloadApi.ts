import type { z } from 'zod';
import type {
  FinancialData,
  InstructorWorkloadDetail,
  InstructorWorkloadRow,
  InstructorWorkloadsAnswer,
  WorkloadSection,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

/** GET /api/instructorWorkloads[/:UserId|/mine], typed from the read API's schemas. */
export type { InstructorWorkloadDetail, InstructorWorkloadRow, WorkloadSection };

export interface WorkloadListQuery {
  take: number;
  skip: number;
  q?: string;
  load?: string;
  sort?: string;
  /** The working period when absent. */
  AcademicPeriodId?: string;
}

// Workload follows assignments: the realtime assignment events invalidate this tag.
export const workloadApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    instructorWorkloads: build.query<InstructorWorkloadsAnswer, WorkloadListQuery>({
      query: (params) => ({
        url: 'instructorWorkloads',
        params: Object.fromEntries(
          Object.entries(params).filter(([, v]) => v !== undefined && v !== ''),
        ),
      }),
      providesTags: ['TeachingAssignments'],
    }),
    /** One instructor in a period (the working period when none is named). */
    instructorWorkload: build.query<
      InstructorWorkloadDetail,
      { UserId: string; AcademicPeriodId?: string }
    >({
      query: ({ UserId, AcademicPeriodId }) => ({
        url: `instructorWorkloads/${encodeURIComponent(UserId)}`,
        params: AcademicPeriodId ? { AcademicPeriodId } : {},
      }),
      providesTags: ['TeachingAssignments'],
    }),
    myWorkload: build.query<InstructorWorkloadDetail, void>({
      query: () => 'instructorWorkloads/mine',
      providesTags: ['TeachingAssignments'],
    }),
    /** The one figure of an instructor's financial data that is entered (FinancialData). */
    setPointsRequired: build.mutation<
      { id: string; revision: number; position: string },
      { UserId: string; pointsRequired: number }
    >({
      query: ({ UserId, pointsRequired }) => ({
        url: `users/${encodeURIComponent(UserId)}`,
        method: 'PUT',
        body: { FinancialData: { pointsRequired } satisfies z.input<typeof FinancialData> },
      }),
      invalidatesTags: ['TeachingAssignments', { type: 'ResourceList', id: 'users' }],
    }),
  }),
});

export const {
  useInstructorWorkloadsQuery,
  useInstructorWorkloadQuery,
  useMyWorkloadQuery,
  useSetPointsRequiredMutation,
} = workloadApi;
