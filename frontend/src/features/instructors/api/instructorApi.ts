import type {
  AlignmentMetricsAnswer,
  AlignmentSummaryAnswer,
  FacultyProfileAnswer,
  PreferenceListAnswer,
  TeachingPreferenceAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from '../../../lib/api/allotApi.js';
import type { PreferenceSubmission } from '../../../lib/api/preferencesApi.js';

/** GET /api/users/facultyProfile/:userId: the user's FacultyProfile fields (from its schema). */
export type FacultyProfileView = FacultyProfileAnswer;

/** A row of the staff list GET /api/teachingPreferences, with the names of what it names. */
export type StaffPreference = TeachingPreferenceAnswer;

export interface InstructorPeriod {
  UserId: string;
  AcademicPeriodId: string;
}

/** GET /api/preferenceAlignment/metrics, typed from the read API's schema. */
export type AlignmentSummary = AlignmentSummaryAnswer;
export type AlignmentMetrics = AlignmentMetricsAnswer;

/** The most preferences one instructor may state for a period (docs/teaching.md). */
const MAX_PREFERENCES = 100;

/**
 * One instructor seen by staff: faculty profile, preferences and submission of a period, and the
 * preference-alignment metrics. Tags follow the writes that change them: a user write refreshes
 * the profile, preference writes and reopening the preferences, assignment writes the metrics.
 */
export const instructorApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    facultyProfile: build.query<FacultyProfileView, string>({
      query: (userId) => `users/facultyProfile/${encodeURIComponent(userId)}`,
      providesTags: (_answer, _error, userId) => [
        { type: 'Users', id: userId },
        { type: 'ResourceList', id: 'users' },
      ],
    }),
    instructorPreferences: build.query<PreferenceListAnswer, InstructorPeriod>({
      query: ({ UserId, AcademicPeriodId }) => ({
        url: 'teachingPreferences',
        params: { UserId, AcademicPeriodId, take: MAX_PREFERENCES },
      }),
      providesTags: ['TeachingPreferences', { type: 'ResourceList', id: 'teachingPreferences' }],
    }),
    /** The instructor's submission row; null when they are not (active) faculty. */
    instructorSubmission: build.query<PreferenceSubmission | null, InstructorPeriod>({
      query: ({ UserId, AcademicPeriodId }) => ({
        url: 'preferenceSubmissions',
        params: { UserId, AcademicPeriodId, take: 1 },
      }),
      transformResponse: (answer: { rows: PreferenceSubmission[] }) => answer.rows[0] ?? null,
      providesTags: ['PreferenceSubmissions'],
    }),
    alignmentMetrics: build.query<AlignmentMetrics, { AcademicPeriodId?: string }>({
      query: ({ AcademicPeriodId }) => ({
        url: 'preferenceAlignment/metrics',
        params: AcademicPeriodId ? { AcademicPeriodId } : {},
      }),
      providesTags: ['TeachingAssignments', 'TeachingPreferences', 'PreferenceSubmissions'],
    }),
  }),
});

export const {
  useFacultyProfileQuery,
  useInstructorPreferencesQuery,
  useInstructorSubmissionQuery,
  useAlignmentMetricsQuery,
} = instructorApi;
