import type { EffortTimelineAnswer } from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';
import { EFFORT_IMPORTS_LIST } from '../imports/effortImportsApi.js';

/** A position's effort timeline, now or as of an instant (docs/effort.md "Effort timeline"). */
export const effortTimelineApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    effortTimeline: build.query<EffortTimelineAnswer, { positionId: string; asOf: string | null }>({
      query: ({ positionId, asOf }) => ({
        url: `effort/timeline/position/${encodeURIComponent(positionId)}`,
        params: asOf ? { asOf } : {},
      }),
      // An import or its undo changes the timeline of every position it paid.
      providesTags: [EFFORT_IMPORTS_LIST, { type: 'ResourceList', id: 'effortPositions' }],
    }),
  }),
});

export const { useEffortTimelineQuery } = effortTimelineApi;
