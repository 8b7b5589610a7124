import { z } from 'zod';
import {
  AssignmentStatusAnswer,
  COVERAGE_STATUS_VALUES,
  listAnswerOf,
  MeetingAnswer,
} from './common.js';

/** How a section's shares cover its points. */
export const CoverageAnswer = z.object({
  status: z.enum(COVERAGE_STATUS_VALUES),
  /** Sum of the assignments' shares, percent. */
  shareTotal: z.number(),
  assignedPoints: z.number(),
  /** Assigned points minus section points: negative when short, positive when over. */
  variance: z.number(),
});
export type CoverageAnswer = z.infer<typeof CoverageAnswer>;

/** An assignment as a section carries it, with its instructor's name. */
export const SectionAssignmentAnswer = z.object({
  id: z.string(),
  UserId: z.string(),
  share: z.number().nullable(),
  notes: z.string().nullable(),
  status: AssignmentStatusAnswer,
  instructorName: z.string().nullable(),
});
export type SectionAssignmentAnswer = z.infer<typeof SectionAssignmentAnswer>;

/** A section (GET /api/sections/:id and each row of GET /api/sections). */
export const SectionAnswer = z.object({
  id: z.string(),
  revision: z.number(),
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
  CourseId: z.string().nullable(),
  AcademicPeriodId: z.string().nullable(),
  courseNumber: z.string().nullable(),
  courseName: z.string().nullable(),
  /** The points the section counts (its own, else its default, else the course's). */
  sectionPoints: z.number(),
  /** In the order they were made. */
  assignments: z.array(SectionAssignmentAnswer),
  coverage: CoverageAnswer,
  assignedPoints: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SectionAnswer = z.infer<typeof SectionAnswer>;

export const SectionListAnswer = listAnswerOf(SectionAnswer);
export type SectionListAnswer = z.infer<typeof SectionListAnswer>;

const ALIGNMENT_TERM = z.enum(['P', 'A', 'T', 'L']);
const TermValueAnswer = z.object({
  value: z.number(),
  weight: z.number(),
  contribution: z.number(),
});

/**
 * How an assignment aligns with the instructor's preferences (DOMAIN.md): a score, whether a
 * rule blocks it, each term's part of the score, and the reasons.
 */
export const PreferenceAlignmentAnswer = z.object({
  score: z.number(),
  blocked: z.boolean(),
  terms: z
    .object({ P: TermValueAnswer, A: TermValueAnswer, T: TermValueAnswer, L: TermValueAnswer })
    .nullable(),
  reasons: z.array(
    z.object({
      code: z.enum([
        'prohibited',
        'meetingConflict',
        'aboveMaximum',
        'wholeTermLeave',
        'coursePreference',
        'assignmentTypePreference',
        'noPreference',
        'attributes',
        'availability',
        'load',
      ]),
      message: z.string(),
      term: ALIGNMENT_TERM.optional(),
      /** The term's points in the score (weight × value × 100). */
      contribution: z.number().optional(),
      preferenceId: z.string().optional(),
    }),
  ),
});
export type PreferenceAlignmentAnswer = z.infer<typeof PreferenceAlignmentAnswer>;

/** A row of GET /api/sectionAssignments: an assignment with its section's facts. */
export const AssignmentRowAnswer = z.object({
  id: z.string(),
  SectionId: z.string(),
  WorkgroupId: z.string(),
  UserId: z.string(),
  instructorName: z.string().nullable(),
  status: AssignmentStatusAnswer,
  share: z.number().nullable(),
  sharePercent: z.number(),
  points: z.number(),
  notes: z.string().nullable(),
  CourseOfferingId: z.string(),
  AcademicPeriodId: z.string().nullable(),
  courseNumber: z.string().nullable(),
  courseName: z.string().nullable(),
  sectionNumber: z.string(),
  sectionName: z.string(),
  /** The section's term (null while it has no term mode). */
  AcademicTermId: z.string().nullable(),
  sectionRevision: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  preferenceAlignment: PreferenceAlignmentAnswer.nullable(),
});
export type AssignmentRowAnswer = z.infer<typeof AssignmentRowAnswer>;

export const AssignmentListAnswer = listAnswerOf(AssignmentRowAnswer);
export type AssignmentListAnswer = z.infer<typeof AssignmentListAnswer>;

/** A person for pickers and filters (GET /api/sectionInstructors). */
export const InstructorOptionAnswer = z.object({
  id: z.string(),
  displayName: z.string(),
  isFaculty: z.boolean(),
  isActive: z.boolean(),
});
export type InstructorOptionAnswer = z.infer<typeof InstructorOptionAnswer>;

export const InstructorOptionListAnswer = listAnswerOf(InstructorOptionAnswer);
export type InstructorOptionListAnswer = z.infer<typeof InstructorOptionListAnswer>;
