import type {
  CommandResult,
  DataServiceBody,
  DataServiceRunAnswer,
  DataServiceRunsAnswer,
  DataServicesAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';
import { downloadFrom } from '../exports/exportsApi.js';

/**
 * Data services (docs/reports.md "Data services"): list, define, change, delete and run them,
 * and a data service's runs. Every write refreshes the list and the runs.
 */
export const DATA_SERVICES_LIST = { type: 'ResourceList', id: 'dataServices' } as const;

const path = (id: string) => `dataServices/${encodeURIComponent(id)}`;

/** Where a done run's file is downloaded (a plain GET: the browser saves it). */
export const runFileUrl = (id: string, runId: string) =>
  `/api/${path(id)}/runs/${encodeURIComponent(runId)}/file`;

export const dataServicesApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    listDataServices: build.query<DataServicesAnswer, void>({
      query: () => ({ url: 'dataServices' }),
      providesTags: [DATA_SERVICES_LIST],
    }),
    listDataServiceRuns: build.query<DataServiceRunsAnswer, string>({
      query: (id) => ({ url: `${path(id)}/runs` }),
      providesTags: [DATA_SERVICES_LIST],
    }),
    createDataService: build.mutation<CommandResult, DataServiceBody>({
      query: (body) => ({ url: 'dataServices', method: 'POST', body }),
      invalidatesTags: [DATA_SERVICES_LIST],
    }),
    updateDataService: build.mutation<CommandResult, DataServiceBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: path(id), method: 'PUT', body }),
      invalidatesTags: [DATA_SERVICES_LIST],
    }),
    deleteDataService: build.mutation<CommandResult, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      invalidatesTags: [DATA_SERVICES_LIST],
    }),
    runDataService: build.mutation<DataServiceRunAnswer, string>({
      query: (id) => ({ url: `${path(id)}/runs`, method: 'POST' }),
      invalidatesTags: [DATA_SERVICES_LIST],
    }),
  }),
});

export const {
  useListDataServicesQuery,
  useListDataServiceRunsQuery,
  useCreateDataServiceMutation,
  useUpdateDataServiceMutation,
  useDeleteDataServiceMutation,
  useRunDataServiceMutation,
} = dataServicesApi;

/** Starts the browser's download of a done run's file. */
export function downloadRun(id: string, runId: string, fileName: string): void {
  downloadFrom(runFileUrl(id, runId), fileName);
}
