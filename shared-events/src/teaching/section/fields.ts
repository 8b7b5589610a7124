import { z } from 'zod';

/*
 * The fields of a section and of an assignment a user sends, apart from the meetings so the
 * browser entry can export them (this module imports only zod; schemas.ts reaches rrule through
 * meetings.ts). schemas.ts re-exports them.
 */

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

/** Percent of the section; null = an equal split of what explicit shares leave. */
export const Share = z.number().finite().gt(0).max(100).nullable();
export const AssignmentNotes = z.string().trim().max(2000).nullable();
