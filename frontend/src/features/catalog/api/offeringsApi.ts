import type { TagDescription } from '@reduxjs/toolkit/query';
import { allotApi, type TagType } from '../../../lib/api/allotApi.js';

/** One way an offering is taught, with the names the server read for it. */
export interface OfferingTermModeView {
  AcademicTermId: string;
  TeachingModeId: string;
  termName: string | null;
  teachingModeName: string | null;
}

/** A row of GET /api/courseOfferingOverview (projection-service/src/offerings/). */
export interface OfferingOverviewRow {
  id: string;
  revision: number;
  CourseId: string;
  courseNumber: string | null;
  courseName: string | null;
  WorkgroupId: string | null;
  workgroupName: string | null;
  AcademicPeriodId: string;
  periodName: string | null;
  termModes: OfferingTermModeView[];
  sectionCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface OfferingOverviewAnswer {
  count: number;
  rows: OfferingOverviewRow[];
}

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
