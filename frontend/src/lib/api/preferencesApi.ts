import type {
  AddPreferenceBody,
  ReopenPreferencesBody,
  SetUnavailableTimesBody,
  SubmitPreferencesBody,
  UpdatePreferenceBody,
  MyPreferencesAnswer,
  PreferenceChoicesAnswer,
  PreferenceSubmissionAnswer,
  PreferenceSubmissionsAnswer,
  TeachingPreferenceAnswer,
  UnavailableSpanAnswer,
} from '@allot/shared-events/browser';
import { allotApi } from './allotApi.js';

/** UniTime's scale (DOMAIN.md), strongest wish first; labels as faculty read them. */
export const LEVELS = [
  ['required', 'Required'],
  ['stronglyPreferred', 'Strongly preferred'],
  ['preferred', 'Preferred'],
  ['neutral', 'Neutral'],
  ['discouraged', 'Discouraged'],
  ['stronglyDiscouraged', 'Strongly discouraged'],
  ['prohibited', 'Prohibited'],
] as const;
export type PreferenceLevel = (typeof LEVELS)[number][0];
export const levelLabel = (level: string): string =>
  LEVELS.find(([value]) => value === level)?.[1] ?? level;

export const WEEKDAYS = [
  ['MO', 'Monday'],
  ['TU', 'Tuesday'],
  ['WE', 'Wednesday'],
  ['TH', 'Thursday'],
  ['FR', 'Friday'],
  ['SA', 'Saturday'],
  ['SU', 'Sunday'],
] as const;

/** The read API's answers (GET /api/teachingPreferences..., /api/preferenceSubmissions). */
export type SubmissionStatus = MyPreferencesAnswer['status'];
/** The fields of a preference the pages read (the answer names more). */
export type TeachingPreference = Pick<
  TeachingPreferenceAnswer,
  | 'id'
  | 'level'
  | 'weight'
  | 'CourseId'
  | 'courseNumber'
  | 'courseName'
  | 'AssignmentTypeId'
  | 'AcademicTermId'
  | 'TeachingModeId'
  | 'notes'
>;

/** A weekly time the instructor cannot teach, as read and as sent (PUT …/unavailable). */
export type UnavailableSpan = UnavailableSpanAnswer;

export type MyPreferences = Omit<MyPreferencesAnswer, 'preferences'> & {
  preferences: TeachingPreference[];
};
export type PreferenceChoices = PreferenceChoicesAnswer;
export type PreferenceSubmission = PreferenceSubmissionAnswer;

/** What a preference's form sends, adding or changing one: all its fields. */
export type PreferenceBody = AddPreferenceBody;

const mine = (periodId: string) => `teachingPreferences/mine/${encodeURIComponent(periodId)}`;
const CHANGED = ['TeachingPreferences', 'PreferenceSubmissions'] as const;

/** docs/teaching.md "Teaching preferences": the faculty's own calls and the staff's lists. */
export const preferencesApi = allotApi.injectEndpoints({
  endpoints: (build) => ({
    myPreferences: build.query<MyPreferences, void>({
      query: () => 'teachingPreferences/mine',
      providesTags: ['TeachingPreferences'],
    }),
    preferenceChoices: build.query<PreferenceChoices, void>({
      query: () => 'teachingPreferences/choices',
    }),
    addPreference: build.mutation<unknown, { periodId: string; body: AddPreferenceBody }>({
      query: ({ periodId, body }) => ({ url: mine(periodId), method: 'POST', body }),
      invalidatesTags: [...CHANGED],
    }),
    updatePreference: build.mutation<
      unknown,
      { periodId: string; id: string; body: UpdatePreferenceBody }
    >({
      query: ({ periodId, id, body }) => ({
        url: `${mine(periodId)}/${encodeURIComponent(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: [...CHANGED],
    }),
    removePreference: build.mutation<unknown, { periodId: string; id: string }>({
      query: ({ periodId, id }) => ({
        url: `${mine(periodId)}/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: [...CHANGED],
    }),
    setUnavailable: build.mutation<unknown, { periodId: string; unavailable: UnavailableSpan[] }>({
      query: ({ periodId, unavailable }) => ({
        url: `${mine(periodId)}/unavailable`,
        method: 'PUT',
        body: { unavailable } satisfies SetUnavailableTimesBody,
      }),
      invalidatesTags: [...CHANGED],
    }),
    submitPreferences: build.mutation<unknown, { periodId: string; notes?: string }>({
      query: ({ periodId, notes }) => ({
        url: `${mine(periodId)}/submit`,
        method: 'POST',
        body: (notes ? { notes } : {}) satisfies SubmitPreferencesBody,
      }),
      invalidatesTags: [...CHANGED],
    }),
    preferenceSubmissions: build.query<
      PreferenceSubmissionsAnswer,
      {
        take: number;
        skip: number;
        /** The working period when left out. */
        AcademicPeriodId?: string;
        status?: string;
        q?: string;
        sort?: string;
        order?: string;
      }
    >({
      query: (params) => ({
        url: 'preferenceSubmissions',
        params: Object.fromEntries(
          Object.entries(params).filter(([, v]) => v !== undefined && v !== ''),
        ),
      }),
      providesTags: ['PreferenceSubmissions'],
    }),
    reopenPreferences: build.mutation<
      unknown,
      { UserId: string; AcademicPeriodId: string; reason?: string }
    >({
      query: ({ UserId, AcademicPeriodId, reason }) => ({
        url: `preferenceSubmissions/${encodeURIComponent(UserId)}/${encodeURIComponent(AcademicPeriodId)}/reopen`,
        method: 'POST',
        body: (reason ? { reason } : {}) satisfies ReopenPreferencesBody,
      }),
      invalidatesTags: [...CHANGED],
    }),
  }),
});

export const {
  useMyPreferencesQuery,
  usePreferenceChoicesQuery,
  useAddPreferenceMutation,
  useUpdatePreferenceMutation,
  useRemovePreferenceMutation,
  useSetUnavailableMutation,
  useSubmitPreferencesMutation,
  usePreferenceSubmissionsQuery,
  useReopenPreferencesMutation,
} = preferencesApi;
