import { z } from 'zod';
import { listAnswerOf } from './common.js';

/** One way an offering is taught, with the names the server read for it. */
export const OfferingTermModeAnswer = z.object({
  AcademicTermId: z.string(),
  TeachingModeId: z.string(),
  /** Null when the term or mode is gone. */
  termName: z.string().nullable(),
  teachingModeName: z.string().nullable(),
});
export type OfferingTermModeAnswer = z.infer<typeof OfferingTermModeAnswer>;

/** A row of GET /api/courseOfferingOverview. */
export const OfferingOverviewRow = z.object({
  id: z.string(),
  revision: z.number(),
  CourseId: z.string(),
  courseNumber: z.string().nullable(),
  courseName: z.string().nullable(),
  WorkgroupId: z.string().nullable(),
  workgroupName: z.string().nullable(),
  AcademicPeriodId: z.string(),
  periodName: z.string().nullable(),
  termModes: z.array(OfferingTermModeAnswer),
  /** Live sections of the offering. */
  sectionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OfferingOverviewRow = z.infer<typeof OfferingOverviewRow>;

export const OfferingOverviewAnswer = listAnswerOf(OfferingOverviewRow);
export type OfferingOverviewAnswer = z.infer<typeof OfferingOverviewAnswer>;
