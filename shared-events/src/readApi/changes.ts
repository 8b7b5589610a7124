import { z } from 'zod';
import { ALIGNED_SCORE } from '../teaching/alignedScore.js';
import { AlignmentSummaryAnswer } from './alignment.js';
import { HistoryAttributionAnswer, HistoryChangeAnswer } from './history.js';

/**
 * The change feed (`/changes`): every change to the records a viewer may read, newest first, in
 * words. Read from the plan's history (one row per event and record it created, changed or
 * removed), so it is exactly the event log, filtered.
 */

/** The kinds of record the feed names, in the words of its filter. */
export const CHANGE_KINDS = {
  section: 'Sections',
  assignment: 'Teaching assignments',
  preferences: 'Teaching preferences',
  administrativeAssignment: 'Administrative assignments',
  course: 'Courses',
  courseOffering: 'Course offerings',
  user: 'Users',
  workgroup: 'Workgroups',
  location: 'Rooms',
  academicPeriod: 'Academic periods',
} as const;
export type ChangeKind = keyof typeof CHANGE_KINDS;
export const ChangeKind = z.enum(Object.keys(CHANGE_KINDS) as [ChangeKind, ...ChangeKind[]]);

/** "Since my last approval": changes after the viewer's own last approval in the workgroup. */
export const CHANGES_SINCE_MY_APPROVAL = 'myLastApproval';

const id = z.string().trim().min(1).max(100);
const instant = z.iso.datetime({ offset: true });

/** GET /api/changes: filters in the address; paged by a cursor (`before`) from the newest. */
export const ChangeFeedQuery = z
  .object({
    AcademicPeriodId: id.optional(),
    WorkgroupId: id.optional(),
    /** One kind of record (CHANGE_KINDS, or a configuration list's name). */
    kind: z.string().trim().min(1).max(100).optional(),
    /** Changes made by this user (as themselves or while masquerading as someone). */
    actorId: id.optional(),
    from: instant.optional(),
    to: instant.optional(),
    since: z.literal(CHANGES_SINCE_MY_APPROVAL).optional(),
    /** Only changes to these records (ids, comma-separated): one assignment and its section. */
    records: z
      .string()
      .max(2100)
      .transform((text) => text.split(',').map((part) => part.trim()))
      .pipe(z.array(id).min(1).max(20))
      .optional(),
    /** Search by the record's name (a section's number and name, a course's name, …). */
    q: z.string().trim().max(100).optional(),
    /** The cursor of the last row of the previous page: the next page is older than it. */
    before: z.string().max(200).optional(),
    /** Only changes newer than this cursor (how many arrived since the list was read). */
    after: z.string().max(200).optional(),
    take: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict()
  .refine((q) => !q.since || q.WorkgroupId, {
    message: 'Choose a workgroup to see the changes since your last approval of it.',
    path: ['since'],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start of the time range must come before its end.',
    path: ['to'],
  });
export type ChangeFeedQuery = z.infer<typeof ChangeFeedQuery>;

/**
 * GET /api/changes/changed: the section assignments an approver should look at again — those that
 * changed (or whose section changed) since the viewer last put their name to them: their own
 * approval of the assignment, else their approval of the workgroup's step, else their first
 * approval in the workgroup that period. Without a workgroup: each the viewer approved in, when
 * they are few.
 */
export const ChangedSinceQuery = z
  .object({ AcademicPeriodId: id.optional(), WorkgroupId: id.optional() })
  .strict();
export type ChangedSinceQuery = z.infer<typeof ChangedSinceQuery>;

/** The most workgroups marked at once without one being chosen. */
export const CHANGED_SINCE_WORKGROUPS_MAX = 10;

const Instant = z.object({ at: z.string(), position: z.string() });

export const ChangedSinceAnswer = z.object({
  /** Each workgroup looked at, with the viewer's approval its rows are compared with (null: none). */
  workgroups: z.array(z.object({ WorkgroupId: z.string(), since: Instant.nullable() })),
  rows: z.array(
    z.object({
      /** The assignment (a row of Section Assignments) and its section. */
      id: z.string(),
      SectionId: z.string(),
      /** The approval it is compared with; `ownApproval`: the viewer's of this assignment. */
      since: Instant,
      ownApproval: z.boolean(),
      /** GET /api/changes?after=…&records=id,SectionId: what changed since then. */
      after: z.string(),
    }),
  ),
});
export type ChangedSinceAnswer = z.infer<typeof ChangedSinceAnswer>;

/** The record a change is about: its name in words and where it is shown in Allot. */
export const ChangeRecordAnswer = z.object({
  /** The record's kind (one of CHANGE_KINDS, or a configuration list's). */
  kind: z.string(),
  /** The kind in words, singular: "Section", "Teaching assignment", "Rank". */
  kindLabel: z.string(),
  id: z.string(),
  name: z.string(),
  /** The page that shows it (a section's drawer, a course's list), null when none does. */
  link: z.string().nullable(),
});
export type ChangeRecordAnswer = z.infer<typeof ChangeRecordAnswer>;

export const ChangeFeedEntry = z.object({
  ...HistoryAttributionAnswer.shape,
  /** Opaque: where this row sits in the feed (the paging cursor). */
  cursor: z.string(),
  /** The event's position in the log (an opaque token, as commands answer). */
  position: z.string(),
  at: z.string(),
  change: z.enum(['created', 'changed', 'removed']),
  record: ChangeRecordAnswer,
  /** The change in one line: "Maria Garcia assigned", "Meetings changed", "Removed". */
  summary: z.string(),
  /** Field by field, before → after in words (fields the viewer may not read are left out). */
  changes: z.array(HistoryChangeAnswer.omit({ from: true, to: true })),
});
export type ChangeFeedEntry = z.infer<typeof ChangeFeedEntry>;

export const ChangeFeedAnswer = z.object({
  rows: z.array(ChangeFeedEntry),
  /** The cursor for the next (older) page; null at the oldest change. */
  next: z.string().nullable(),
  /** The viewer's last approval the `since` filter started from; null when not asked or none. */
  since: z.object({ at: z.string(), position: z.string() }).nullable(),
});
export type ChangeFeedAnswer = z.infer<typeof ChangeFeedAnswer>;

/** GET /api/changes/count?after=…: how many changes (same filters) arrived after a cursor. */
export const ChangeCountAnswer = z.object({ count: z.number().int() });
export type ChangeCountAnswer = z.infer<typeof ChangeCountAnswer>;

/**
 * Compare two instants of a workgroup's plan in a period: `from` and `to` are each "now", "my
 * last approval" (the viewer's, in that workgroup), a position of the log or a date and time.
 */
export const COMPARE_NOW = 'now';
const instantSpec = z.string().trim().min(1).max(200);
export const CompareQuery = z
  .object({
    AcademicPeriodId: id,
    WorkgroupId: id,
    from: instantSpec,
    to: instantSpec.default(COMPARE_NOW),
  })
  .strict();
export type CompareQuery = z.infer<typeof CompareQuery>;

/** GET /api/changes/compare/file: the same comparison as a file. */
export const CompareFileQuery = CompareQuery.extend({ format: z.enum(['csv', 'xlsx']) }).strict();
export type CompareFileQuery = z.infer<typeof CompareFileQuery>;

export const CompareInstantAnswer = z.object({
  /** "Now", "Your last approval", or the date and time asked for. */
  label: z.string(),
  at: z.string().nullable(),
  position: z.string().nullable(),
});

const CompareRecordAnswer = z.object({ id: z.string(), name: z.string() });
const CompareChangedAnswer = CompareRecordAnswer.extend({
  changes: z.array(HistoryChangeAnswer.omit({ from: true, to: true })),
});

const CompareTotalsAnswer = z.object({
  sections: z.number().int(),
  uncoveredSections: z.number().int(),
  assignments: z.number().int(),
  instructors: z.number().int(),
  /** Σ section points × share: the workload the workgroup's assignments carry. */
  assignedPoints: z.number(),
  sectionPoints: z.number(),
  /** How the live assignments aligned with their instructors' preferences at that instant. */
  alignment: AlignmentSummaryAnswer,
});
export type CompareTotalsAnswer = z.infer<typeof CompareTotalsAnswer>;

/**
 * The totals of a comparison as people read them, in order: the words and the figure at one
 * instant (null: none, as a mean of no assignments). The page and the file say the same.
 */
export const COMPARE_TOTALS: readonly {
  label: string;
  of: (totals: CompareTotalsAnswer) => number | null;
}[] = [
  { label: 'Sections', of: (t) => t.sections },
  { label: 'Sections without instructors', of: (t) => t.uncoveredSections },
  { label: 'Teaching assignments', of: (t) => t.assignments },
  { label: 'Instructors teaching', of: (t) => t.instructors },
  { label: 'Assigned points', of: (t) => t.assignedPoints },
  { label: 'Section points', of: (t) => t.sectionPoints },
  { label: 'Mean alignment score', of: (t) => t.alignment.meanScore },
  { label: `Aligned assignments (score ${ALIGNED_SCORE} or more)`, of: (t) => t.alignment.aligned },
  {
    label: 'Blocked assignments (a conflict, leave or prohibition)',
    of: (t) => t.alignment.blocked,
  },
];

export const CompareAnswer = z.object({
  from: CompareInstantAnswer,
  to: CompareInstantAnswer,
  assignments: z.object({
    added: z.array(CompareRecordAnswer),
    removed: z.array(CompareRecordAnswer),
    changed: z.array(CompareChangedAnswer),
  }),
  sections: z.object({
    created: z.array(CompareRecordAnswer),
    removed: z.array(CompareRecordAnswer),
    changed: z.array(CompareChangedAnswer),
  }),
  totals: z.object({ from: CompareTotalsAnswer, to: CompareTotalsAnswer }),
});
export type CompareAnswer = z.infer<typeof CompareAnswer>;
