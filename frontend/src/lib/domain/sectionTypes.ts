import {
  ASSIGNMENT_STATUS_VALUES,
  COVERAGE_STATUS_VALUES,
  WEEKDAY_VALUES,
  type AssignmentRowAnswer,
  type CoverageAnswer,
  type InstructorOptionAnswer,
  type MeetingAnswer,
  type PreferenceAlignmentAnswer,
  type SectionAnswer,
  type SectionAssignmentAnswer,
  type SectionHistoryEntryAnswer,
  type SectionFields,
} from '@allot/shared-events/browser';

/*
 * The sections read routes' answers are declared once, as schemas in shared-events (readApi):
 * these are their names in the browser, beside the write bodies and the labels of the values.
 */

export const WEEKDAYS = WEEKDAY_VALUES;
export type Weekday = (typeof WEEKDAYS)[number];
export { WEEKDAY_LABELS } from '@allot/shared-events/browser';

export type Meeting = MeetingAnswer;
export const ASSIGNMENT_STATUSES = ASSIGNMENT_STATUS_VALUES;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const COVERAGE_STATUSES = COVERAGE_STATUS_VALUES;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];
export type Coverage = CoverageAnswer;
export type SectionAssignment = SectionAssignmentAnswer;
export type TermMode = NonNullable<SectionAnswer['TermMode']>;
export type SectionRow = SectionAnswer;
export type AssignmentRow = AssignmentRowAnswer;
export type PreferenceAlignmentView = PreferenceAlignmentAnswer;
export type { ListAnswer } from '@allot/shared-events/browser';
export type InstructorOption = InstructorOptionAnswer;

/**
 * The fields a user edits (POST /api/sections sends them all, PUT /api/sections/:id those that
 * changed), as the command service validates them.
 */
export type SectionBody = Partial<SectionFields>;

/** One event of a section's stream, with the assignment it concerns (from its read contract). */
export type SectionHistoryEntry = SectionHistoryEntryAnswer;

/** The two bulk routes: the workgroup's approval and academic affairs' (final). */
export type BulkApprovalLevel = 'approve' | 'finalize';
