import { z } from 'zod';
import { AssignmentStatusAnswer, MeetingAnswer } from './common.js';

/** A conflict or warning on an occurrence (GET /api/schedule). */
export const ScheduleFlag = z.object({
  kind: z.enum(['instructorDoubleBooked', 'locationDoubleBooked', 'overCapacity', 'backToBack']),
  message: z.string(),
  otherSectionId: z.string().nullable(),
  /** "MATH 101 002", or null when the viewer may not read the other section. */
  otherSection: z.string().nullable(),
  UserId: z.string().nullable(),
  LocationId: z.string().nullable(),
  /** For a conflict: who overrode it, when (null when nobody did). */
  overridden: z
    .object({ at: z.string(), by: z.string().nullable(), byName: z.string().nullable() })
    .nullable(),
});
export type ScheduleFlag = z.infer<typeof ScheduleFlag>;

/** One dated meeting of a section. */
export const ScheduleOccurrence = z.object({
  key: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  SectionId: z.string(),
  sectionRevision: z.number(),
  WorkgroupId: z.string(),
  sectionNumber: z.string(),
  sectionName: z.string(),
  courseNumber: z.string().nullable(),
  courseName: z.string().nullable(),
  meetingId: z.string(),
  meeting: MeetingAnswer,
  LocationId: z.string().nullable(),
  locationCode: z.string().nullable(),
  instructors: z.array(z.object({ UserId: z.string(), name: z.string() })),
  /** Double bookings and over capacity on this date, each marked when it was overridden. */
  conflicts: z.array(ScheduleFlag),
  /** The conflicts above that a command recorded as overridden. */
  overridden: z.array(ScheduleFlag),
  /** Back-to-back meetings in different buildings on this date. */
  warnings: z.array(ScheduleFlag),
});
export type ScheduleOccurrence = z.infer<typeof ScheduleOccurrence>;

/** GET /api/schedule (by location or instructor) and GET /api/schedule/mine. */
export const ScheduleAnswer = z.object({
  AcademicPeriodId: z.string(),
  from: z.string(),
  to: z.string(),
  by: z.enum(['location', 'instructor']),
  LocationId: z.string().optional(),
  UserId: z.string().optional(),
  occurrences: z.array(ScheduleOccurrence),
});
export type ScheduleAnswer = z.infer<typeof ScheduleAnswer>;

/** GET /api/schedule/locations: the rooms a period's sections meet in. */
export const ScheduleLocationsAnswer = z.object({
  count: z.number().int(),
  rows: z.array(z.object({ id: z.string(), code: z.string(), capacity: z.number().nullable() })),
});
export type ScheduleLocationsAnswer = z.infer<typeof ScheduleLocationsAnswer>;

/** A section the viewer teaches with others (GET /api/sharedTeaching/mine). */
export const SharedTeachingRow = z.object({
  SectionId: z.string(),
  AssignmentId: z.string(),
  courseNumber: z.string().nullable(),
  courseName: z.string().nullable(),
  sectionNumber: z.string(),
  sectionName: z.string(),
  status: AssignmentStatusAnswer,
  sharePercent: z.number(),
  points: z.number(),
  coInstructors: z.array(
    z.object({
      UserId: z.string(),
      name: z.string(),
      status: AssignmentStatusAnswer,
      sharePercent: z.number(),
      points: z.number(),
    }),
  ),
});
export type SharedTeachingRow = z.infer<typeof SharedTeachingRow>;

export const SharedTeachingAnswer = z.object({
  AcademicPeriodId: z.string(),
  count: z.number().int(),
  rows: z.array(SharedTeachingRow),
});
export type SharedTeachingAnswer = z.infer<typeof SharedTeachingAnswer>;
