import type { MyEffortAnswer, MyTeachingAnswer } from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';
import { EFFORT_IMPORTS_LIST } from '../imports/effortImportsApi.js';

/** A faculty member's own teaching and effort (docs/effort.md "My Teaching and My Effort"). */
export const myEffortApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    myTeaching: build.query<MyTeachingAnswer, void>({
      query: () => ({ url: 'effort/myTeaching' }),
      providesTags: [EFFORT_IMPORTS_LIST],
    }),
    myEffort: build.query<MyEffortAnswer, void>({
      query: () => ({ url: 'effort/myEffort' }),
      providesTags: [EFFORT_IMPORTS_LIST],
    }),
  }),
});

export const { useMyTeachingQuery, useMyEffortQuery } = myEffortApi;
