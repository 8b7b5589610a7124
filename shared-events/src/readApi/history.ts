import { z } from 'zod';
import { AssignmentStatusAnswer, MeetingAnswer } from './common.js';

/** A person a history row names (who acted, on whose behalf, an assignment's instructor). */
export const HistoryPersonAnswer = z.object({ id: z.string(), displayName: z.string() });
export type HistoryPersonAnswer = z.infer<typeof HistoryPersonAnswer>;

/** The API key a change came through, and who created it. */
export const HistoryApiKeyAnswer = z.object({
  id: z.string(),
  name: z.string(),
  createdBy: HistoryPersonAnswer.nullable(),
});
export type HistoryApiKeyAnswer = z.infer<typeof HistoryApiKeyAnswer>;

/**
 * The import a change was written by (its events carry the run's id as correlation id): the
 * saved import's name when it ran through one, the file, and whether the change undid the run.
 */
export const HistoryImportAnswer = z.object({
  runId: z.string(),
  name: z.string().nullable(),
  fileName: z.string(),
  undo: z.boolean(),
});
export type HistoryImportAnswer = z.infer<typeof HistoryImportAnswer>;

/**
 * What a person reads for one change: the server words it, so every client shows the same words
 * and none has to know ids, machine names or how a kind stores a list.
 */
export const ChangeDisplayAnswer = z.discriminatedUnion('kind', [
  /** A value from → to. */
  z.object({ kind: z.literal('text'), from: z.string(), to: z.string() }),
  /** A list: only what was added and what was removed, each item as words. */
  z.object({ kind: z.literal('list'), added: z.array(z.string()), removed: z.array(z.string()) }),
  /** An image (the logo): the address of each version, null for the default. */
  z.object({ kind: z.literal('image'), from: z.string().nullable(), to: z.string().nullable() }),
]);
export type ChangeDisplayAnswer = z.infer<typeof ChangeDisplayAnswer>;

/**
 * One field's change: the machine name and raw values for programs (absent when the field was
 * or became absent), the label and display for people.
 */
export const HistoryChangeAnswer = z.object({
  field: z.string(),
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  label: z.string(),
  display: ChangeDisplayAnswer,
});
export type HistoryChangeAnswer = z.infer<typeof HistoryChangeAnswer>;

/**
 * Who made a change, as every history row says it: the authenticated user (the admin while
 * masquerading; null for the system or the seed), the working user while masquerading, and the
 * API key of a Bearer request.
 */
/** The clone a change came from: the periods copied from and into. */
export const HistoryCloneAnswer = z.object({
  cloneId: z.string(),
  from: z.string(),
  into: z.string(),
});
export type HistoryCloneAnswer = z.infer<typeof HistoryCloneAnswer>;

export const HistoryAttributionAnswer = z.object({
  by: HistoryPersonAnswer.nullable(),
  onBehalfOf: HistoryPersonAnswer.nullable(),
  through: HistoryApiKeyAnswer.nullable(),
  /** The import that wrote it (absent or null: none). */
  importRun: HistoryImportAnswer.nullable().optional(),
  /** The clone that wrote it (absent or null: none); its changes to a record are one entry. */
  clone: HistoryCloneAnswer.nullable().optional(),
});
export type HistoryAttributionAnswer = z.infer<typeof HistoryAttributionAnswer>;

const eventHeader = {
  ...HistoryAttributionAnswer.shape,
  /** The event's position in the log (an opaque token). */
  position: z.string(),
  revision: z.number().int(),
  type: z.string(),
  at: z.string(),
};

/** One event of a record's stream (or of the settings stream) as the History panel shows it. */
export const HistoryEntryAnswer = z.object({
  ...eventHeader,
  /** A sentence for an event that changes no field (a masquerade, a merge), else null. */
  summary: z.string().nullable(),
  changes: z.array(HistoryChangeAnswer),
});
export type HistoryEntryAnswer = z.infer<typeof HistoryEntryAnswer>;

/** GET /api/history/:path/:id and GET /api/history/settings: the stream's rows, oldest first. */
export const HistoryAnswer = z.object({ rows: z.array(HistoryEntryAnswer) });
export type HistoryAnswer = z.infer<typeof HistoryAnswer>;

/** One event of a section's stream: the History panel's row, plus the assignment it concerns. */
export const SectionHistoryEntryAnswer = z.object({
  ...eventHeader,
  /** For assignment events: which assignment, and its instructor. */
  assignment: z.object({ id: z.string(), instructor: HistoryPersonAnswer }).nullable(),
  changes: z.array(HistoryChangeAnswer),
});
export type SectionHistoryEntryAnswer = z.infer<typeof SectionHistoryEntryAnswer>;

/** GET /api/history/sections/:id: the section's rows, oldest first. */
export const SectionHistoryAnswer = z.object({ rows: z.array(SectionHistoryEntryAnswer) });
export type SectionHistoryAnswer = z.infer<typeof SectionHistoryAnswer>;

/** A section's fields as its stream holds them at some moment (its record, not the read model). */
export const SectionRecordAnswer = z.object({
  id: z.string(),
  CourseOfferingId: z.string(),
  WorkgroupId: z.string(),
  name: z.string(),
  sectionNumber: z.string(),
  enrollment: z.number().nullable(),
  defaultPoints: z.number().nullable(),
  points: z.number().nullable(),
  notes: z.string().nullable(),
  TermMode: z.object({ AcademicTermId: z.string(), TeachingModeId: z.string() }).nullable(),
  allowOverlap: z.boolean(),
  meetings: z.array(MeetingAnswer),
});
export type SectionRecordAnswer = z.infer<typeof SectionRecordAnswer>;

/** GET /api/history/sections/:id/asOf?at=…: the section replayed up to that moment. */
export const SectionAsOfAnswer = z.object({
  at: z.string(),
  /** The revision of the last event that had occurred by then. */
  revision: z.number().int(),
  deleted: z.boolean(),
  section: SectionRecordAnswer,
  /** In the order they were made, withdrawn ones included. */
  assignments: z.array(
    z.object({
      id: z.string(),
      UserId: z.string(),
      share: z.number().nullable(),
      notes: z.string().nullable(),
      status: AssignmentStatusAnswer,
    }),
  ),
});
export type SectionAsOfAnswer = z.infer<typeof SectionAsOfAnswer>;
