import type {
  ChangeDisplayAnswer,
  CommandResult,
  HistoryAnswer,
  HistoryApiKeyAnswer,
  HistoryAttributionAnswer,
  HistoryChangeAnswer,
  HistoryEntryAnswer,
  HistoryPersonAnswer,
  ListAnswer,
  ResourceRecordAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from './allotApi.js';
import { refreshAfterResourceWrite } from './cacheRefresh.js';
import { textOf } from '../resources/cellText.js';
import type { ListParams } from '../resources/listParams.js';
import type { TaxonomyState } from '../resources/resourceUi.js';

/** A record of a generic list (GET /api/<path> without `select`), from its read contract. */
export type ResourceRow = ResourceRecordAnswer;

/** GET /api/<path> without `select`: a page of whole records. */
export type ResourceList = ListAnswer<ResourceRow>;

/**
 * A record the generic dialog edits: a listed record, or one assembled from another answer (the
 * offering overview's row); its id and revision (If-Match) and the fields.
 */
export type EditedRecord = Pick<ResourceRow, 'id' | 'revision'> & Record<string, unknown>;

/** What a successful command answers (DESIGN §4), as the command service declares it. */
export type CommandAnswer = CommandResult;

// The history answers, from their read contracts (shared-events' readApi/history.ts).
/** A person a history row names. */
export type HistoryActor = HistoryPersonAnswer;

/** The API key a change came through, and who created it. */
export type HistoryApiKey = HistoryApiKeyAnswer;

/** What a person reads for one change; the server words it. */
export type ChangeDisplay = ChangeDisplayAnswer;

/** Machine name and raw values, for programs; people read `label` and `display`. */
export type HistoryChange = HistoryChangeAnswer;

/** Who acted, as every history row says it. */
export type HistoryAttribution = HistoryAttributionAnswer;

/** One event of a record's (or the settings') stream, as GET history/… answers it. */
export type HistoryEntry = HistoryEntryAnswer;

export interface ReferenceOption {
  value: string;
  label: string;
}

interface RecordArgs {
  path: string;
  id: string;
}

/** The generic calls every declared kind answers (docs/resources.md). */
export const resourceApi = allotApi.injectEndpoints({
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
        /** Shown after the label ("BIOL 101 — Principles of Biology I"). */
        detailField?: string;
        activeOnly: boolean;
        /** Equality filters besides isActive (e.g. the terms of one period, faculty only). */
        where?: Readonly<Record<string, string | number | boolean>>;
      }
    >({
      query: ({ path, labelField, detailField, activeOnly, where }) => {
        const filter = { ...(activeOnly ? { isActive: true } : {}), ...where };
        return {
          url: path,
          params: {
            take: 1000,
            select: detailField ? `id,${labelField},${detailField}` : `id,${labelField}`,
            sort: JSON.stringify([[labelField, 'ASC']]),
            ...(Object.keys(filter).length > 0 ? { filter: JSON.stringify(filter) } : {}),
          },
        };
      },
      transformResponse: (answer: ResourceList, _meta, { labelField, detailField }) =>
        answer.rows.map((row) => {
          const label = textOf(row[labelField]) || row.id;
          const detail = detailField ? textOf(row[detailField]) : '';
          return { value: row.id, label: detail ? `${label} — ${detail}` : label };
        }),
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
    resourceHistory: build.query<HistoryAnswer, RecordArgs>({
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
