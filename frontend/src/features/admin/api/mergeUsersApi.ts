import type { TagDescription } from '@reduxjs/toolkit/query';
import type { MergeUsersBody } from '@allot/shared-events/browser';
import { allotApi, type TagType } from '../../../lib/api/allotApi.js';
import type { CommandAnswer } from '../../../lib/api/resourceApi.js';

/** The read routes whose `count` tells what of a user a merge moves (docs/teaching.md "User merge"). */
export type HoldingList =
  'sectionAssignments' | 'teachingPreferences' | 'administrativeAssignments';

export interface HoldingCountArgs {
  list: HoldingList;
  params: Record<string, string>;
}

const HOLDING_TAGS: Record<HoldingList, TagDescription<TagType>[]> = {
  sectionAssignments: [{ type: 'TeachingAssignments', id: 'LIST' }],
  teachingPreferences: ['TeachingPreferences', { type: 'ResourceList', id: 'teachingPreferences' }],
  administrativeAssignments: [{ type: 'ResourceList', id: 'administrativeAssignments' }],
};

export const mergeUsersApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    /** How many rows of `list` match: one row asked for, the answer's `count` kept. */
    holdingCount: build.query<number, HoldingCountArgs>({
      query: ({ list, params }) => ({ url: list, params: { ...params, take: 1 } }),
      transformResponse: (answer: { count: number }) => answer.count,
      providesTags: (_answer, _error, { list }) => ['Users', ...HOLDING_TAGS[list]],
    }),
    /** One instructor's preference status for a period; null when they are not active faculty. */
    submissionStatus: build.query<string | null, { UserId: string; AcademicPeriodId: string }>({
      query: (params) => ({ url: 'preferenceSubmissions', params: { ...params, take: 1 } }),
      transformResponse: (answer: { rows: { status: string }[] }) => answer.rows[0]?.status ?? null,
      providesTags: ['Users', 'PreferenceSubmissions'],
    }),
    mergeUsers: build.mutation<CommandAnswer, MergeUsersBody>({
      query: (body) => ({ url: 'users/merge', method: 'POST', body }),
      // Memberships, settings and teaching data move: every list naming either user is stale.
      invalidatesTags: [
        'Users',
        'Workgroups',
        'Auth',
        'UserSettings',
        'TeachingPreferences',
        'PreferenceSubmissions',
        { type: 'TeachingAssignments', id: 'LIST' },
        { type: 'ResourceList', id: 'users' },
        { type: 'ResourceList', id: 'workgroups' },
        { type: 'ResourceList', id: 'sections' },
        { type: 'ResourceList', id: 'teachingPreferences' },
        { type: 'ResourceList', id: 'administrativeAssignments' },
      ],
    }),
  }),
});

export const { useHoldingCountQuery, useSubmissionStatusQuery, useMergeUsersMutation } =
  mergeUsersApi;
