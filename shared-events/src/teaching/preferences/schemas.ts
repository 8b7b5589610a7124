import { z } from 'zod';
import { PREFERENCE_LEVELS } from '../preferenceLevels.js';
import { WEEKDAYS } from '../meetingSchema.js';

const id = z.string().trim().min(1).max(100);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');

/** DOMAIN.md lifecycle of a preference submission (one per instructor and period). */
export const SUBMISSION_STATUSES = ['notStarted', 'draft', 'submitted', 'reopened'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/** At most this many preferences per instructor and period. */
export const MAX_PREFERENCES = 100;

/**
 * One teaching preference (spec: term, teaching mode, assignment type, course, weight, notes),
 * with its level on UniTime's scale (DOMAIN.md). It is about a course or an assignment type.
 */
export const PreferenceFields = z.object({
  level: z.enum(PREFERENCE_LEVELS),
  weight: z.number().finite().min(0).max(1).nullable().optional(),
  CourseId: id.nullable().optional(),
  AssignmentTypeId: id.nullable().optional(),
  AcademicTermId: id.nullable().optional(),
  TeachingModeId: id.nullable().optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
});
export type PreferenceFields = z.infer<typeof PreferenceFields>;

/** A weekly span the instructor cannot teach (the T term of the alignment score). */
export const UnavailableSpan = z
  .object({ day: z.enum(WEEKDAYS), startTime: hhmm, endTime: hhmm })
  .strict()
  .refine((s) => s.startTime < s.endTime, {
    message: 'the end time must be after the start time',
    path: ['endTime'],
  });
export const UnavailableTimes = z.array(UnavailableSpan).max(50);
