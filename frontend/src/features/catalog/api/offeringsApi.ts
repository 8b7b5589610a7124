import type { TagDescription } from '@reduxjs/toolkit/query';
import type {
  OfferingOverviewAnswer,
  OfferingOverviewRow,
  OfferingTermModeAnswer,
} from '@allot/shared-events/browser';
import { allotApi, type TagType } from '../../../lib/api/allotApi.js';

/** GET /api/courseOfferingOverview: rows with the names the server read, from its schema. */
export type OfferingTermModeView = OfferingTermModeAnswer;
export type { OfferingOverviewAnswer, OfferingOverviewRow };

export type OfferingOverviewQuery = Record<string, string | number>;

/**
 * The rows show the offerings and what they name (course, workgroup, period, terms, teaching
 * modes), so a write of any of those kinds refreshes them; section writes and another user's
 * `sectionsChanged` invalidate the offerings list already (cacheRefresh.ts, sectionsRealtime.ts),
 * which keeps the section counts current.
 */
const OVERVIEW_TAGS: TagDescription<TagType>[] = [
  'courseOfferings',
  'courses',
  'workgroups',
  'academicPeriods',
  'academicTerms',
  'teachingModes',
].map((id) => ({ type: 'ResourceList' as const, id }));

export const offeringsApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    courseOfferingOverview: build.query<OfferingOverviewAnswer, OfferingOverviewQuery>({
      query: (params) => ({ url: 'courseOfferingOverview', params }),
      providesTags: OVERVIEW_TAGS,
    }),
  }),
});

export const { useCourseOfferingOverviewQuery } = offeringsApi;
