import { allotApi } from '../../../lib/api/allotApi.js';
import { SUGGESTED_ASSIGNEES_LIST } from '../../../lib/api/cacheRefresh.js';
import type { PreferenceAlignmentView } from '../../../lib/domain/sectionTypes.js';

/** One ranked candidate of GET /api/sections/:id/suggestedAssignees. */
export interface SuggestedAssignee {
  UserId: string;
  name: string;
  alignment: Omit<PreferenceAlignmentView, 'reasons'> & {
    reasons: { code: string; message: string; term?: string; contribution?: number }[];
  };
  /** Points still to assign after this section (required − assigned − the section's share). */
  remainingAfter: number;
  required: number;
  assigned: number;
}

export interface SuggestedAssignees {
  SectionId: string;
  /** How many faculty were considered. */
  candidates: number;
  suggested: SuggestedAssignee[];
  blocked: SuggestedAssignee[];
}

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
