import { z } from 'zod';
import { Meeting } from '../meetingSchema.js';

export { AssignmentNotes, SectionFields, Share, TermMode } from './fields.js';

export const ASSIGNMENT_STATUSES = [
  'proposed',
  'approved',
  'final',
  'reopened',
  'withdrawn',
] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

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
