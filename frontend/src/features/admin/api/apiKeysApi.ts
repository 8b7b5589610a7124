import type {
  ApiKeyAnswer,
  ApiKeyListAnswer,
  CreateApiKeyBody,
  CreatedApiKeyAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

/** A key as GET /api/apiKeys lists it (from its schema). */
export type ApiKeyItem = ApiKeyAnswer;

export const apiKeysApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    listApiKeys: build.query<ApiKeyListAnswer, void>({
      query: () => 'apiKeys',
      // The read side answers a plain list; a `{ rows }` answer is read the same way.
      transformResponse: (answer: ApiKeyListAnswer | { rows: ApiKeyListAnswer }) =>
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
