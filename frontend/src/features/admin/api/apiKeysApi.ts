import type { CreateApiKeyBody, CreatedApiKeyAnswer } from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

export interface ApiKeyItem {
  id: string;
  UserId: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
}

export const apiKeysApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<ApiKeyItem[], void>({
      query: () => 'apiKeys',
      // The read side answers a plain list; a `{ rows }` answer is read the same way.
      transformResponse: (answer: ApiKeyItem[] | { rows: ApiKeyItem[] }) =>
        Array.isArray(answer) ? answer : answer.rows,
      providesTags: ['ApiKeys'],
    }),
    /** POST /api/apiKeys answers the key once (docs/session-masquerade-api-keys.md). */
    createApiKey: build.mutation<CreatedApiKeyAnswer, CreateApiKeyBody>({
      query: (body) => ({ url: 'apiKeys', method: 'POST', body }),
      invalidatesTags: ['ApiKeys'],
    }),
    revokeApiKey: build.mutation<unknown, string>({
      query: (id) => ({ url: `apiKeys/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['ApiKeys'],
    }),
  }),
});

export const { useListApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } = apiKeysApi;
