import { z } from 'zod';
import { Meeting } from '../meetingSchema.js';
import {
  AssignmentNotes,
  ASSIGNMENT_STATUSES,
  Meetings,
  RecordedConflict,
  SectionFields,
  Share,
} from './schemas.js';

const id = z.string().min(1).max(100);

/** The event types of the section stream (`section-<id>`), assignments included (DESIGN §4). */
export const SECTION_EVENTS = {
  created: 'SectionCreated',
  updated: 'SectionUpdated',
  deleted: 'SectionDeleted',
  meetingsSet: 'SectionMeetingsSet',
  meetingMoved: 'SectionMeetingMoved',
  assignmentCreated: 'TeachingAssignmentCreated',
  assignmentChanged: 'TeachingAssignmentChanged',
  assignmentDeleted: 'TeachingAssignmentDeleted',
  assignmentReassigned: 'TeachingAssignmentReassigned',
} as const;

/** The realtime (socket) name the projection emits for each assignment event (spec). */
export const REALTIME_EVENT_OF = {
  TeachingAssignmentCreated: 'teachingAssignmentCreated',
  TeachingAssignmentChanged: 'teachingAssignmentChanged',
  TeachingAssignmentDeleted: 'teachingAssignmentDeleted',
} as const;

/** A section as created: every field, defaults filled. */
export const SectionCreated = SectionFields.required().extend({ id });
export const SectionUpdated = SectionFields.partial().extend({ id });
export const SectionDeleted = z.object({ id });
export const SectionMeetingsSet = z.object({
  id,
  meetings: Meetings,
  /** Conflicts the caller chose to override (`override: true`); empty otherwise. */
  overriddenConflicts: z.array(RecordedConflict),
  warnings: z.array(RecordedConflict),
});
export const SectionMeetingMoved = z.object({
  id,
  meeting: Meeting,
  overriddenConflicts: z.array(RecordedConflict),
  warnings: z.array(RecordedConflict),
});
export const ApprovalLevel = z.enum(['workgroup', 'academicAffairs']);
export type ApprovalLevel = z.infer<typeof ApprovalLevel>;

export const TeachingAssignmentCreated = z.object({
  SectionId: id,
  id,
  UserId: id,
  share: Share,
  notes: AssignmentNotes,
  status: z.literal('proposed'),
  overriddenConflicts: z.array(RecordedConflict),
  warnings: z.array(RecordedConflict),
});
export const TeachingAssignmentChanged = z.object({
  SectionId: id,
  id,
  /** The fields that changed (share, notes), absent when only the status moves. */
  share: Share.optional(),
  notes: AssignmentNotes.optional(),
  status: z.enum(ASSIGNMENT_STATUSES),
  previousStatus: z.enum(ASSIGNMENT_STATUSES),
  /** Set on an approval: which one, by whom (the working user), when. */
  approval: z
    .object({ level: ApprovalLevel, by: z.string().nullable(), at: z.iso.datetime() })
    .optional(),
  reason: z.string().max(2000).nullable().optional(),
});
export const TeachingAssignmentDeleted = z.object({ SectionId: id, id, UserId: id });
/**
 * A user merge moved the assignment from the duplicate (`previousUserId`) to the master
 * (`UserId`), keeping its share, notes, status and approvals: the same person teaches it.
 */
export const TeachingAssignmentReassigned = z.object({
  SectionId: id,
  id,
  UserId: id,
  previousUserId: id,
});

/** For the event registry (`events/registry.ts`). */
export const teachingEventSchemas = {
  [SECTION_EVENTS.created]: SectionCreated,
  [SECTION_EVENTS.updated]: SectionUpdated,
  [SECTION_EVENTS.deleted]: SectionDeleted,
  [SECTION_EVENTS.meetingsSet]: SectionMeetingsSet,
  [SECTION_EVENTS.meetingMoved]: SectionMeetingMoved,
  [SECTION_EVENTS.assignmentCreated]: TeachingAssignmentCreated,
  [SECTION_EVENTS.assignmentChanged]: TeachingAssignmentChanged,
  [SECTION_EVENTS.assignmentDeleted]: TeachingAssignmentDeleted,
  [SECTION_EVENTS.assignmentReassigned]: TeachingAssignmentReassigned,
} as const;

export type SectionEvent =
  | { type: 'SectionCreated'; data: z.infer<typeof SectionCreated> }
  | { type: 'SectionUpdated'; data: z.infer<typeof SectionUpdated> }
  | { type: 'SectionDeleted'; data: z.infer<typeof SectionDeleted> }
  | { type: 'SectionMeetingsSet'; data: z.infer<typeof SectionMeetingsSet> }
  | { type: 'SectionMeetingMoved'; data: z.infer<typeof SectionMeetingMoved> }
  | { type: 'TeachingAssignmentCreated'; data: z.infer<typeof TeachingAssignmentCreated> }
  | { type: 'TeachingAssignmentChanged'; data: z.infer<typeof TeachingAssignmentChanged> }
  | { type: 'TeachingAssignmentDeleted'; data: z.infer<typeof TeachingAssignmentDeleted> }
  | { type: 'TeachingAssignmentReassigned'; data: z.infer<typeof TeachingAssignmentReassigned> };
