import type {
  SuggestedAssigneeAnswer,
  SuggestedAssigneesAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';
import { SUGGESTED_ASSIGNEES_LIST } from '../../../lib/api/cacheRefresh.js';

/** GET /api/sections/:id/suggestedAssignees, typed from the read API's schema. */
/** The browser shows the score, whether it is blocked and the reasons; not the terms. */
export type SuggestedAssignee = Omit<SuggestedAssigneeAnswer, 'alignment'> & {
  alignment: Omit<SuggestedAssigneeAnswer['alignment'], 'terms'>;
};
export type SuggestedAssignees = Omit<SuggestedAssigneesAnswer, 'suggested' | 'blocked'> & {
  suggested: SuggestedAssignee[];
  blocked: SuggestedAssignee[];
};

/**
 * Suggested assignees of a section. Tagged TeachingAssignments (every assignment write and the
 * realtime assignment events refresh it) and the `suggestedAssignees` list an administrative
 * assignment or a user's faculty profile write refreshes (api/cacheRefresh.ts).
 */
export const suggestionsApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    suggestedAssignees: build.query<SuggestedAssignees, { sectionId: string; take?: number }>({
      query: ({ sectionId, take = 10 }) => ({
        url: `sections/${encodeURIComponent(sectionId)}/suggestedAssignees`,
        params: { take },
      }),
      providesTags: (_answer, _error, { sectionId }) => [
        { type: 'TeachingAssignments', id: 'LIST' },
        { type: 'TeachingAssignments', id: `suggestions:${sectionId}` },
        SUGGESTED_ASSIGNEES_LIST,
      ],
    }),
  }),
});

export const { useSuggestedAssigneesQuery } = suggestionsApi;
