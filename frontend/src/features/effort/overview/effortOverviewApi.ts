import type { EffortOverviewAnswer, EffortOverviewQuery } from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';
import { EFFORT_IMPORTS_LIST } from '../imports/effortImportsApi.js';

/** Effort per instructor of the working period, planned beside payroll (docs/effort.md). */
export const effortOverviewApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    effortOverview: build.query<EffortOverviewAnswer, Partial<EffortOverviewQuery>>({
      query: (params) => ({
        url: 'effort/overview',
        params: Object.fromEntries(
          Object.entries(params).filter(([, v]) => v !== undefined && v !== ''),
        ),
      }),
      providesTags: [
        EFFORT_IMPORTS_LIST,
        { type: 'ResourceList', id: 'effortPositions' },
        'TeachingAssignments',
      ],
    }),
  }),
});

export const { useEffortOverviewQuery } = effortOverviewApi;
