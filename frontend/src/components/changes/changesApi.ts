import type {
  ChangeCountAnswer,
  ChangedSinceAnswer,
  ChangedSinceQuery,
  ChangeFeedAnswer,
  ChangeFeedQuery,
  CompareAnswer,
  CompareQuery,
} from '@allot/shared-events/browser';
import { allotApi } from '../../lib/api/allotApi.js';

/**
 * The change feed (docs/changes.md): a page of changes (the list itself refreshes only when the
 * reader asks, so it never jumps), how many arrived since its newest row, and the dashboard's
 * recent changes. The realtime event `changesRecorded` refreshes the count, the recent ones and
 * the rows marked changed since the viewer's last approval.
 */
export const CHANGE_COUNT = { type: 'ResourceList', id: 'changeCount' } as const;
export const RECENT_CHANGES = { type: 'ResourceList', id: 'recentChanges' } as const;
/** What changed since the viewer's last approval (Section Assignments' marks). */
export const CHANGED_SINCE_APPROVAL = { type: 'ResourceList', id: 'changedSinceApproval' } as const;
const CHANGE_FEED = { type: 'ResourceList', id: 'changeFeed' } as const;

/** The address's filters as the read API takes them (empty ones left out). */
export type ChangeFilters = Omit<Partial<ChangeFeedQuery>, 'take' | 'before' | 'after'>;

/** Empty filters left out; a list of ids as the read API takes it (comma-separated). */
const params = (query: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]),
  );

export const changesApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    listChanges: build.query<
      ChangeFeedAnswer,
      ChangeFilters & { before?: string; after?: string; take?: number }
    >({
      query: (query) => ({ url: 'changes', params: params(query) }),
      providesTags: [CHANGE_FEED],
    }),
    countNewChanges: build.query<ChangeCountAnswer, ChangeFilters & { after?: string }>({
      query: (query) => ({ url: 'changes/count', params: params(query) }),
      providesTags: [CHANGE_COUNT],
    }),
    compareInstants: build.query<CompareAnswer, CompareQuery>({
      query: (query) => ({ url: 'changes/compare', params: params(query) }),
      providesTags: [CHANGE_FEED],
    }),
    changedSinceApproval: build.query<ChangedSinceAnswer, ChangedSinceQuery>({
      query: (query) => ({ url: 'changes/changed', params: params(query) }),
      providesTags: [CHANGED_SINCE_APPROVAL],
    }),
    recentChanges: build.query<ChangeFeedAnswer, void>({
      query: () => ({ url: 'changes', params: { take: 10 } }),
      providesTags: [RECENT_CHANGES],
    }),
  }),
});

export const {
  useListChangesQuery,
  useCountNewChangesQuery,
  useRecentChangesQuery,
  useCompareInstantsQuery,
  useChangedSinceApprovalQuery,
} = changesApi;

/** Where the comparison is downloaded as a file (a plain GET: the browser saves it). */
export function compareFileUrl(query: CompareQuery, format: 'csv' | 'xlsx'): string {
  const search = new URLSearchParams({ ...params(query), format });
  return `/api/changes/compare/file?${search.toString()}`;
}
