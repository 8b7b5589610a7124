import { allotApi } from '../api/allotApi.js';
import type { CommandAnswer } from '../resources/resourceApi.js';

export const mergeUsersApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    mergeUsers: build.mutation<CommandAnswer, { masterId: string; duplicateId: string }>({
      query: (body) => ({ url: 'users/merge', method: 'POST', body }),
      // Memberships and settings move: every list of users and workgroups is stale.
      invalidatesTags: [
        'Users',
        'Workgroups',
        'Auth',
        { type: 'ResourceList', id: 'users' },
        { type: 'ResourceList', id: 'workgroups' },
      ],
    }),
  }),
});

export const { useMergeUsersMutation } = mergeUsersApi;
