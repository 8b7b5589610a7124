import { allotApi } from '../../../lib/api/allotApi.js';

export interface MyAdminAssignment {
  id: string;
  AcademicPeriodId: string;
  periodName: string | null;
  AdministrativeAssignmentTypeId: string;
  typeName: string | null;
  AcademicTermId: string | null;
  termName: string | null;
  points: number;
  takesWholeTerm: boolean;
  notes: string | null;
}

const withTag = allotApi.enhanceEndpoints({ addTagTypes: ['AdministrativeAssignments'] });

export const myAdminAssignmentsApi = withTag.injectEndpoints({
  endpoints: (build) => ({
    myAdminAssignments: build.query<{ count: number; rows: MyAdminAssignment[] }, void>({
      query: () => ({ url: 'administrativeAssignments/mine', params: { take: 500 } }),
      providesTags: ['AdministrativeAssignments'],
    }),
  }),
});

export const { useMyAdminAssignmentsQuery } = myAdminAssignmentsApi;
