import { allotApi } from '../api/allotApi.js';
import { refreshAfterResourceWrite } from '../api/cacheRefresh.js';
import { textOf } from './cellText.js';
import type { ListParams } from './listParams.js';
import type { TaxonomyState } from './resourceUi.js';

export interface ResourceRow {
  id: string;
  revision: number;
  createdAt?: string;
  updatedAt?: string;
  [field: string]: unknown;
}

export interface ResourceList {
  count: number;
  rows: ResourceRow[];
}

export interface CommandAnswer {
  id: string;
  revision: number;
  position: string;
}

export interface HistoryActor {
  id: string;
  displayName: string;
}

export interface HistoryEntry {
  position: string;
  revision: number;
  type: string;
  at: string;
  by: HistoryActor | null;
  onBehalfOf: HistoryActor | null;
  changes: { field: string; from: unknown; to: unknown }[];
}

export interface ReferenceOption {
  value: string;
  label: string;
}

interface RecordArgs {
  path: string;
  id: string;
}

// ResourceList is the shared tag of the data layer; the history of a record is ours alone.
const withTags = allotApi.enhanceEndpoints({ addTagTypes: ['ResourceHistory'] });

/** The generic calls every declared kind answers (docs/resources.md). */
export const resourceApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    listResource: build.query<ResourceList, { path: string; params: ListParams }>({
      query: ({ path, params }) => ({ url: path, params: { ...params } }),
      providesTags: (_result, _error, { path }) => [{ type: 'ResourceList', id: path }],
    }),
    getResource: build.query<ResourceRow, RecordArgs>({
      query: ({ path, id }) => `${path}/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, { path }) => [{ type: 'ResourceList', id: path }],
    }),
    referenceOptions: build.query<
      ReferenceOption[],
      {
        path: string;
        labelField: string;
        activeOnly: boolean;
        /** Equality filters besides isActive (e.g. the terms of one period, faculty only). */
        where?: Readonly<Record<string, string | number | boolean>>;
      }
    >({
      query: ({ path, labelField, activeOnly, where }) => {
        const filter = { ...(activeOnly ? { isActive: true } : {}), ...where };
        return {
          url: path,
          params: {
            take: 1000,
            select: `id,${labelField}`,
            sort: JSON.stringify([[labelField, 'ASC']]),
            ...(Object.keys(filter).length > 0 ? { filter: JSON.stringify(filter) } : {}),
          },
        };
      },
      transformResponse: (answer: ResourceList, _meta, { labelField }) =>
        answer.rows.map((row) => ({ value: row.id, label: textOf(row[labelField]) || row.id })),
      providesTags: (_result, _error, { path }) => [{ type: 'ResourceList', id: path }],
    }),
    createResource: build.mutation<CommandAnswer, { path: string; body: Record<string, unknown> }>({
      query: ({ path, body }) => ({ url: path, method: 'POST', body }),
      invalidatesTags: (_result, _error, { path }) => [
        { type: 'ResourceList', id: path },
        ...refreshAfterResourceWrite(path),
      ],
    }),
    updateResource: build.mutation<
      CommandAnswer,
      RecordArgs & { revision: number; body: Record<string, unknown> }
    >({
      query: ({ path, id, revision, body }) => ({
        url: `${path}/${encodeURIComponent(id)}`,
        method: 'PUT',
        headers: { 'If-Match': `"${String(revision)}"` },
        body,
      }),
      invalidatesTags: (_result, _error, { path, id }) => [
        { type: 'ResourceList', id: path },
        { type: 'ResourceHistory', id: `${path}/${id}` },
        ...refreshAfterResourceWrite(path),
      ],
    }),
    deactivateResource: build.mutation<CommandAnswer, RecordArgs>({
      query: ({ path, id }) => ({
        url: `${path}/${encodeURIComponent(id)}/deactivate`,
        method: 'POST',
      }),
      invalidatesTags: (_result, _error, { path, id }) => [
        { type: 'ResourceList', id: path },
        { type: 'ResourceHistory', id: `${path}/${id}` },
        ...refreshAfterResourceWrite(path),
      ],
    }),
    deleteResource: build.mutation<CommandAnswer, RecordArgs>({
      query: ({ path, id }) => ({ url: `${path}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { path, id }) => [
        { type: 'ResourceList', id: path },
        { type: 'ResourceHistory', id: `${path}/${id}` },
        ...refreshAfterResourceWrite(path),
      ],
    }),
    resourceHistory: build.query<{ rows: HistoryEntry[] }, RecordArgs>({
      query: ({ path, id }) => `history/${path}/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, { path, id }) => [
        { type: 'ResourceHistory', id: `${path}/${id}` },
      ],
    }),
    taxonomiesEnabled: build.query<TaxonomyState, void>({
      query: () => 'taxonomies/enabled',
      providesTags: [{ type: 'ResourceList', id: 'taxonomies' }],
    }),
  }),
});

export const {
  useListResourceQuery,
  useGetResourceQuery,
  useReferenceOptionsQuery,
  useCreateResourceMutation,
  useUpdateResourceMutation,
  useDeactivateResourceMutation,
  useDeleteResourceMutation,
  useResourceHistoryQuery,
  useTaxonomiesEnabledQuery,
} = resourceApi;
