import { z } from 'zod';
import { listAnswerOf, WEEKDAY_VALUES } from './common.js';
import { PREFERENCE_STATUS_VALUES } from './dashboard.js';
import { PREFERENCE_LEVELS } from '../teaching/preferenceLevels.js';

/**
 * UniTime's scale, strongest wish first: the domain's own list (teaching/preferenceLevels.ts, zod
 * free and rrule free, so the browser entry may reach it), not a copy.
 */
export const PREFERENCE_LEVEL_VALUES = PREFERENCE_LEVELS;

/** A teaching preference with the names of what it names (course, type, term, mode). */
export const TeachingPreferenceAnswer = z.object({
  id: z.string(),
  UserId: z.string(),
  AcademicPeriodId: z.string(),
  level: z.enum(PREFERENCE_LEVEL_VALUES),
  weight: z.number().nullable(),
  CourseId: z.string().nullable(),
  courseNumber: z.string().nullable(),
  courseName: z.string().nullable(),
  AssignmentTypeId: z.string().nullable(),
  assignmentTypeName: z.string().nullable(),
  AcademicTermId: z.string().nullable(),
  academicTermName: z.string().nullable(),
  TeachingModeId: z.string().nullable(),
  teachingModeName: z.string().nullable(),
  notes: z.string().nullable(),
});
export type TeachingPreferenceAnswer = z.infer<typeof TeachingPreferenceAnswer>;

/** A weekly span the instructor cannot teach. */
export const UnavailableSpanAnswer = z.object({
  day: z.enum(WEEKDAY_VALUES),
  startTime: z.string(),
  endTime: z.string(),
});
export type UnavailableSpanAnswer = z.infer<typeof UnavailableSpanAnswer>;

/** GET /api/teachingPreferences/mine[/:AcademicPeriodId]: the session user's own. */
export const MyPreferencesAnswer = z.object({
  UserId: z.string(),
  AcademicPeriodId: z.string(),
  periodName: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(PREFERENCE_STATUS_VALUES),
  submittedAt: z.string().nullable(),
  /** The submission stream's revision (null before the first change). */
  revision: z.number().nullable(),
  unavailable: z.array(UnavailableSpanAnswer),
  preferences: z.array(TeachingPreferenceAnswer),
});
export type MyPreferencesAnswer = z.infer<typeof MyPreferencesAnswer>;

const Named = z.object({ id: z.string(), name: z.string() });

/** GET /api/teachingPreferences/choices: what a preference may name. */
export const PreferenceChoicesAnswer = z.object({
  AcademicPeriodId: z.string().nullable(),
  courses: z.array(z.object({ id: z.string(), courseNumber: z.string(), name: z.string() })),
  assignmentTypes: z.array(Named),
  teachingModes: z.array(Named),
  academicTerms: z.array(Named),
});
export type PreferenceChoicesAnswer = z.infer<typeof PreferenceChoicesAnswer>;

/** GET /api/teachingPreferences: the period's preferences (staff who read instructors). */
export const PreferenceListAnswer = listAnswerOf(TeachingPreferenceAnswer);
export type PreferenceListAnswer = z.infer<typeof PreferenceListAnswer>;

/** An instructor's submission of a period ("notStarted" when they have none). */
export const PreferenceSubmissionAnswer = z.object({
  UserId: z.string(),
  AcademicPeriodId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  status: z.enum(PREFERENCE_STATUS_VALUES),
  count: z.number().int(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PreferenceSubmissionAnswer = z.infer<typeof PreferenceSubmissionAnswer>;

/** GET /api/preferenceSubmissions. */
export const PreferenceSubmissionsAnswer = z.object({
  AcademicPeriodId: z.string().nullable(),
  count: z.number().int(),
  rows: z.array(PreferenceSubmissionAnswer),
});
export type PreferenceSubmissionsAnswer = z.infer<typeof PreferenceSubmissionsAnswer>;
