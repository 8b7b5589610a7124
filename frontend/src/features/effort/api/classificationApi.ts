import type { ClassificationAnswer, PayrollLine } from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

/** The rule tester: which classification rule a sample payroll line meets, and why. */
export const classificationApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    classifyLine: build.query<ClassificationAnswer, PayrollLine>({
      query: (line) => ({
        url: 'effortClassification',
        params: Object.fromEntries(
          Object.entries(line).filter(([, v]) => v !== undefined && v !== ''),
        ),
      }),
      // Rules change under it: each test asks again.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyClassifyLineQuery } = classificationApi;
