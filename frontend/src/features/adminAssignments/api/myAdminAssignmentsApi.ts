import type { ListAnswer, MyAdministrativeAssignmentAnswer } from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

/** A row of GET /api/administrativeAssignments/mine as the page reads it (from its schema). */
export type MyAdminAssignment = Pick<
  MyAdministrativeAssignmentAnswer,
  | 'id'
  | 'AcademicPeriodId'
  | 'periodName'
  | 'AdministrativeAssignmentTypeId'
  | 'typeName'
  | 'AcademicTermId'
  | 'termName'
  | 'points'
  | 'takesWholeTerm'
  | 'notes'
>;

const withTag = allotApi.enhanceEndpoints({ addTagTypes: ['AdministrativeAssignments'] });

export const myAdminAssignmentsApi = withTag.injectEndpoints({
  endpoints: (build) => ({
    myAdminAssignments: build.query<ListAnswer<MyAdminAssignment>, void>({
      query: () => ({ url: 'administrativeAssignments/mine', params: { take: 500 } }),
      providesTags: ['AdministrativeAssignments'],
    }),
  }),
});

export const { useMyAdminAssignmentsQuery } = myAdminAssignmentsApi;
