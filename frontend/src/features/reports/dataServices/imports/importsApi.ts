import type {
  CommandResult,
  ImportSpecBody,
  ImportSpecsAnswer,
  ImportKindName,
  ImportPreviewAnswer,
  ImportRunDetailAnswer,
  ImportRunsAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../../lib/api/allotApi.js';

/**
 * Imports (docs/data-services.md "Imports"): preview a file, start and stop a run, the runs'
 * history. A started or stopped run refreshes the history.
 */
export const IMPORT_RUNS_LIST = { type: 'ResourceList', id: 'importRuns' } as const;
export const IMPORT_SPECS_LIST = { type: 'ResourceList', id: 'importSpecs' } as const;

/** A file with what it holds and how its headings map; absent mapping: matched by name. */
export interface ImportRequest {
  file: File;
  kind: ImportKindName;
  mapping?: Record<string, string | null>;
  valueMappings?: Record<string, Record<string, string>>;
  /** A saved import whose columns and value mappings apply instead. */
  specId?: string;
}

function formOf({ file, kind, mapping, valueMappings, specId }: ImportRequest): FormData {
  const form = new FormData();
  // The fields first: the server reads them before the file.
  form.append('kind', kind);
  if (specId) form.append('specId', specId);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  if (valueMappings) form.append('valueMappings', JSON.stringify(valueMappings));
  form.append('file', file, file.name);
  return form;
}

/** Where a kind's template downloads (a plain GET: the browser saves it). */
export const templateUrl = (kind: ImportKindName, format: 'csv' | 'xlsx') =>
  `/api/imports/templates/${kind}?format=${format}`;

export const importsApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    previewImport: build.mutation<ImportPreviewAnswer, ImportRequest>({
      query: (request) => ({ url: 'imports/preview', method: 'POST', body: formOf(request) }),
    }),
    startImport: build.mutation<{ id: string }, ImportRequest>({
      query: (request) => ({ url: 'imports/runs', method: 'POST', body: formOf(request) }),
      invalidatesTags: [IMPORT_RUNS_LIST],
    }),
    stopImport: build.mutation<void, string>({
      query: (id) => ({ url: `imports/runs/${encodeURIComponent(id)}/stop`, method: 'POST' }),
      invalidatesTags: [IMPORT_RUNS_LIST],
    }),
    undoImport: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: `imports/runs/${encodeURIComponent(id)}/undo`, method: 'POST' }),
    }),
    listImportSpecs: build.query<ImportSpecsAnswer, void>({
      query: () => ({ url: 'importSpecs' }),
      providesTags: [IMPORT_SPECS_LIST],
    }),
    createImportSpec: build.mutation<CommandResult, ImportSpecBody>({
      query: (body) => ({ url: 'importSpecs', method: 'POST', body }),
      invalidatesTags: [IMPORT_SPECS_LIST],
    }),
    updateImportSpec: build.mutation<CommandResult, ImportSpecBody & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `importSpecs/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: [IMPORT_SPECS_LIST],
    }),
    /** A saved import run now from its own source (a job: follow it by the run's id). */
    runImportSpec: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: `importSpecs/${encodeURIComponent(id)}/runs`, method: 'POST' }),
      invalidatesTags: [IMPORT_RUNS_LIST],
    }),
    deleteImportSpec: build.mutation<CommandResult, string>({
      query: (id) => ({ url: `importSpecs/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [IMPORT_SPECS_LIST],
    }),
    listImportRuns: build.query<ImportRunsAnswer, { take: number; skip: number }>({
      query: ({ take, skip }) => ({ url: 'imports/runs', params: { take, skip } }),
      providesTags: [IMPORT_RUNS_LIST],
    }),
    getImportRun: build.query<ImportRunDetailAnswer, string>({
      query: (id) => ({ url: `imports/runs/${encodeURIComponent(id)}` }),
      providesTags: [IMPORT_RUNS_LIST],
    }),
  }),
});

export const {
  usePreviewImportMutation,
  useStartImportMutation,
  useStopImportMutation,
  useUndoImportMutation,
  useListImportRunsQuery,
  useGetImportRunQuery,
  useListImportSpecsQuery,
  useCreateImportSpecMutation,
  useUpdateImportSpecMutation,
  useDeleteImportSpecMutation,
  useRunImportSpecMutation,
} = importsApi;
