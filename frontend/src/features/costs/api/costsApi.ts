import type {
  CostLinesAnswer,
  CostLinesQuery,
  CostRatesAnswer,
  CostTotalsAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';

/** What a change of rates, costs, assignments or people's types and ranks makes stale. */
const COST_INPUTS = [
  { type: 'ResourceList', id: 'instructorRates' },
  { type: 'ResourceList', id: 'instructorCosts' },
  { type: 'ResourceList', id: 'users' },
  'TeachingAssignments',
] as const;

const defined = (params: object) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

/** The Instructor Cost Matrix's reads (docs/costs.md); writes go through the generic record calls. */
export const costsApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    costLines: build.query<CostLinesAnswer, Partial<CostLinesQuery>>({
      query: (params) => ({ url: 'costs/lines', params: defined(params) }),
      providesTags: [...COST_INPUTS],
    }),
    costTotals: build.query<CostTotalsAnswer, void>({
      query: () => 'costs/totals',
      providesTags: [...COST_INPUTS],
    }),
    costRates: build.query<CostRatesAnswer, { AcademicPeriodId?: string }>({
      query: (params) => ({ url: 'costs/rates', params: defined(params) }),
      providesTags: [...COST_INPUTS],
    }),
  }),
});

export const { useCostLinesQuery, useCostTotalsQuery, useCostRatesQuery } = costsApi;
