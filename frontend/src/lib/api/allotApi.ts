import { Intent } from '@blueprintjs/core';
import { createApi } from '@reduxjs/toolkit/query/react';
import { createAllotBaseQuery } from './allotBaseQuery.js';
import { CACHE_KEEP_UNUSED_SECONDS } from '../constants.js';
import { notify } from '../notifications/notify.js';

/** Every cache tag; features that add a kind add its tag here and its refresh rules in cacheRefresh.ts. */
export const TAG_TYPES = [
  'Auth',
  'Status',
  'AppInfo',
  'Settings',
  'SettingTypes',
  'UserSettings',
  'Users',
  'AcademicPeriods',
  'AcademicTerms',
  'AcademicTermTypes',
  'ProgressSteps',
  'ProgressActions',
  'TeachingAssignments',
  'TeachingPreferences',
  'PreferenceSubmissions',
  'Workgroups',
  'ApiKeys',
  // The signed-in person's calendar feed (features/schedule).
  'CalendarFeed',
  // Email Instructors' sends and the caught mail (features/email).
  'EmailSends',
  // The generic resource pages' lists, by path, and records' histories (resources/resourceApi.ts).
  'ResourceList',
  'ResourceHistory',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * Whether `endpoint` is itself refreshed with the auth context. Its own 401/403 must not invalidate
 * `Auth`, or it would refetch itself, fail again, and loop (e.g. GET auth/me while signed out).
 */
function providesAuth(state: unknown, endpoint: string): boolean {
  const providers = allotApi.util.selectInvalidatedBy(
    state as Parameters<typeof allotApi.util.selectInvalidatedBy>[0],
    ['Auth'],
  );
  return providers.some((query) => query.endpointName === endpoint);
}

export const allotBaseQuery = createAllotBaseQuery({
  onAuthRejected: (api) => {
    if (api.type === 'query' && providesAuth(api.getState(), api.endpoint)) return;
    api.dispatch(allotApi.util.invalidateTags(['Auth']));
  },
  onMutationProblem: (problem) => {
    void notify({ message: problem.message, intent: Intent.DANGER });
  },
});

/**
 * The one RTK Query slice on /api/ (spec §7). Features add their calls with
 * `allotApi.injectEndpoints` in their own folder, so no feature edits this file to grow.
 */
export const allotApi = createApi({
  reducerPath: 'allotApi',
  baseQuery: allotBaseQuery,
  keepUnusedDataFor: CACHE_KEEP_UNUSED_SECONDS,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  refetchOnMountOrArgChange: false,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
