import { z } from 'zod';
import { InstructorWorkloadRow } from './workload.js';

/** One thing that needs attention: how many, and the filtered list that shows them. */
export const DashboardItemAnswer = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  link: z.string(),
});
export type DashboardItemAnswer = z.infer<typeof DashboardItemAnswer>;

/** Where an instructor's teaching preferences of a period stand. */
export const PREFERENCE_STATUS_VALUES = ['notStarted', 'draft', 'submitted', 'reopened'] as const;

/**
 * GET /api/dashboard: what needs the viewer's attention in the working period, and for faculty
 * their own preferences and workload (null when they have none).
 */
export const DashboardAnswer = z.object({
  AcademicPeriodId: z.string().nullable(),
  items: z.array(DashboardItemAnswer),
  mine: z
    .object({
      preferenceStatus: z.enum(PREFERENCE_STATUS_VALUES),
      preferenceCount: z.number().int(),
      workload: InstructorWorkloadRow.nullable(),
    })
    .nullable(),
});
export type DashboardAnswer = z.infer<typeof DashboardAnswer>;
