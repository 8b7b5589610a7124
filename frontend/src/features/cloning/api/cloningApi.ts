import type { ClonePreviewAnswer, CloneSettings } from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

/** Clone Resources' calls (docs/cloning.md): the preview, the clone started as a job, its stop. */
export const cloningApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    previewClone: build.mutation<ClonePreviewAnswer, CloneSettings>({
      query: (body) => ({ url: 'cloning/preview', method: 'POST', body }),
    }),
    startClone: build.mutation<{ id: string }, CloneSettings>({
      query: (body) => ({ url: 'cloning', method: 'POST', body }),
    }),
    stopClone: build.mutation<void, string>({
      query: (jobId) => ({ url: `cloning/${encodeURIComponent(jobId)}/stop`, method: 'POST' }),
    }),
  }),
});

export const { usePreviewCloneMutation, useStartCloneMutation, useStopCloneMutation } = cloningApi;
