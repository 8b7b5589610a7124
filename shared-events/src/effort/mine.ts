import { z } from 'zod';
import { InstructorWorkloadRow } from '../readApi/workload.js';
import { EffortTimelineAnswer } from './timeline.js';

/**
 * The faculty member's own views of effort (docs/effort.md "My Teaching and My Effort"; read
 * MyAdvancedTeachingEffort: faculty, with aemEnabledFaculty and aemEnabled on), read-only.
 */

/** GET /api/effort/myTeaching: their teaching across the periods shown to faculty, newest first. */
export const MyTeachingAnswer = z.object({
  periods: z.array(
    z.object({
      period: z.object({
        id: z.string(),
        name: z.string(),
        startDate: z.string(),
        endDate: z.string(),
      }),
      /** Points planned (sections and administrative assignments) against points required. */
      workload: InstructorWorkloadRow.nullable(),
      /**
       * Payroll's share of their effort counted as teaching, averaged over the period's pay
       * periods that have lines of theirs; null when payroll has none in the period.
       */
      payrollTeachingPercent: z.number().nullable(),
      payPeriods: z.number().int(),
    }),
  ),
});
export type MyTeachingAnswer = z.infer<typeof MyTeachingAnswer>;

/** GET /api/effort/myEffort: each of their positions' effort per pay period and category. */
export const MyEffortAnswer = z.object({
  positions: z.array(EffortTimelineAnswer),
});
export type MyEffortAnswer = z.infer<typeof MyEffortAnswer>;
