import { allotApi } from '../../../lib/api/allotApi.js';
import type { AssignmentStatus } from '../../../lib/domain/sectionTypes.js';

export interface InstructorWorkloadRow {
  UserId: string;
  name: string;
  email: string | null;
  AcademicPeriodId: string;
  required: number;
  teaching: number;
  administrative: number;
  assigned: number;
  remaining: number;
  sections: number;
  overloaded: boolean;
  underloaded: boolean;
}

export interface WorkloadSection {
  id: string;
  SectionId: string;
  courseNumber: string | null;
  courseName: string | null;
  sectionNumber: string;
  sectionName: string;
  status: AssignmentStatus;
  share: number;
  points: number;
  notes: string | null;
}

export interface InstructorWorkloadDetail extends InstructorWorkloadRow {
  sectionAssignments: WorkloadSection[];
  administrativeAssignments: {
    id: string;
    AdministrativeAssignmentTypeId: string;
    AcademicTermId: string | null;
    /** The names of its type and term (null: none recorded, or the whole period). */
    typeName: string | null;
    termName: string | null;
    points: number;
    takesWholeTerm: boolean;
    notes: string | null;
  }[];
}

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
    instructorWorkloads: build.query<
      { AcademicPeriodId: string | null; count: number; rows: InstructorWorkloadRow[] },
      WorkloadListQuery
    >({
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
        body: { FinancialData: { pointsRequired } },
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
