import { z } from 'zod';
import { Meeting } from '../meetings.js';

const id = z.string().min(1).max(100);

/** The section's term and teaching mode (one of its offering's term modes). */
export const TermMode = z.object({ AcademicTermId: id, TeachingModeId: id }).strict();
export type TermMode = z.infer<typeof TermMode>;

const points = z.number().finite().min(0).max(1000).nullable();

/** The fields of a section a user edits (CreateSection carries them, UpdateSection any of them). */
export const SectionFields = z.object({
  CourseOfferingId: id,
  WorkgroupId: id,
  name: z.string().trim().min(1).max(200),
  sectionNumber: z.string().trim().min(1).max(20),
  enrollment: z.number().int().min(0).max(100000).nullable().optional(),
  defaultPoints: points.optional(),
  points: points.optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
  TermMode: TermMode.nullable().optional(),
  /** Cross-listed sections may share instructor and room at the same time (both must allow). */
  allowOverlap: z.boolean().optional(),
});
export type SectionFields = z.infer<typeof SectionFields>;

export const ASSIGNMENT_STATUSES = [
  'proposed',
  'approved',
  'final',
  'reopened',
  'withdrawn',
] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

/** Percent of the section; null = an equal split of what explicit shares leave. */
export const Share = z.number().finite().gt(0).max(100).nullable();
export const AssignmentNotes = z.string().trim().max(2000).nullable();

export const Meetings = z
  .array(Meeting)
  .max(50)
  .refine((ms) => new Set(ms.map((m) => m.id)).size === ms.length, 'meeting ids must be distinct');

/** A conflict as events record it when the caller overrode it (see conflicts.ts). */
export const RecordedConflict = z.object({
  kind: z.enum(['instructorDoubleBooked', 'locationDoubleBooked', 'overCapacity', 'backToBack']),
  severity: z.enum(['conflict', 'warning']),
  SectionId: z.string(),
  meetingId: z.string(),
  otherSectionId: z.string().nullable(),
  otherMeetingId: z.string().nullable(),
  UserId: z.string().nullable(),
  LocationId: z.string().nullable(),
  dates: z.array(z.string()),
  dateCount: z.number().int(),
  message: z.string(),
});
