import type {
  CommandResult,
  EffortImportDetailAnswer,
  EffortImportMode,
  EffortImportPreviewAnswer,
  EffortImportsAnswer,
  EffortLinesAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';
import { EFFORT_CHANGE_REFRESH } from '../../../lib/api/cacheRefresh.js';

/**
 * Effort imports (docs/effort.md "Importing effort"): preview a payroll file, start, stop and
 * undo an import, the imports and their lines. Starting, stopping and undoing refresh the list.
 */
export const EFFORT_IMPORTS_LIST = { type: 'ResourceList', id: 'effortImports' } as const;

export interface EffortImportRequest {
  file: File;
  mode: EffortImportMode;
  /** The pay period a replacing import replaces. */
  payPeriodId?: string | null;
  /** Which heading fills each column; absent: matched by name. */
  mapping?: Record<string, string | null> | null;
}

function formOf({ file, mode, payPeriodId, mapping }: EffortImportRequest): FormData {
  const form = new FormData();
  // The fields first: the server reads them before the file.
  form.append('mode', mode);
  if (mode === 'replacePayPeriod' && payPeriodId) form.append('payPeriodId', payPeriodId);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  return form;
}

/** Where the empty effort file downloads (a plain GET: the browser saves it). */
export const effortTemplateUrl = (format: 'csv' | 'xlsx') =>
  `/api/effort/importTemplate?format=${format}`;

/** The payroll file an import read, as it was sent (a plain GET: the browser saves it). */
export const effortImportFileUrl = (id: string) =>
  `/api/effort/imports/${encodeURIComponent(id)}/file`;

export const effortImportsApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    previewEffortImport: build.mutation<EffortImportPreviewAnswer, EffortImportRequest>({
      query: (request) => ({
        url: 'effort/imports/preview',
        method: 'POST',
        body: formOf(request),
      }),
    }),
    startEffortImport: build.mutation<{ id: string }, EffortImportRequest>({
      query: (request) => ({ url: 'effort/imports', method: 'POST', body: formOf(request) }),
      invalidatesTags: [EFFORT_IMPORTS_LIST, ...EFFORT_CHANGE_REFRESH],
    }),
    stopEffortImport: build.mutation<void, string>({
      query: (id) => ({ url: `effort/imports/${encodeURIComponent(id)}/stop`, method: 'POST' }),
      invalidatesTags: [EFFORT_IMPORTS_LIST],
    }),
    undoEffortImport: build.mutation<CommandResult, string>({
      query: (id) => ({ url: `effort/imports/${encodeURIComponent(id)}/undo`, method: 'POST' }),
      invalidatesTags: [EFFORT_IMPORTS_LIST, ...EFFORT_CHANGE_REFRESH],
    }),
    listEffortImports: build.query<EffortImportsAnswer, { take: number; skip: number }>({
      query: ({ take, skip }) => ({ url: 'effort/imports', params: { take, skip } }),
      providesTags: [EFFORT_IMPORTS_LIST],
    }),
    getEffortImport: build.query<EffortImportDetailAnswer, string>({
      query: (id) => ({ url: `effort/imports/${encodeURIComponent(id)}` }),
      providesTags: [EFFORT_IMPORTS_LIST],
    }),
    effortImportLines: build.query<EffortLinesAnswer, { id: string; take: number; skip: number }>({
      query: ({ id, take, skip }) => ({
        url: `effort/imports/${encodeURIComponent(id)}/lines`,
        params: { take, skip },
      }),
      providesTags: [EFFORT_IMPORTS_LIST],
    }),
    /** Every current line classified again by today's rules (a job: follow it by its id). */
    reclassifyEffort: build.mutation<{ id: string }, void>({
      query: () => ({ url: 'effort/reclassify', method: 'POST' }),
    }),
  }),
});

export const {
  usePreviewEffortImportMutation,
  useStartEffortImportMutation,
  useStopEffortImportMutation,
  useUndoEffortImportMutation,
  useListEffortImportsQuery,
  useGetEffortImportQuery,
  useEffortImportLinesQuery,
  useReclassifyEffortMutation,
} = effortImportsApi;
