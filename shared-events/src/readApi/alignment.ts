import { z } from 'zod';

/** Counts of one workgroup's (or every readable workgroup's) live assignments. */
export const AlignmentSummaryAnswer = z.object({
  assignments: z.number().int(),
  /** Mean alignment score (0–100), null without assignments. */
  meanScore: z.number().nullable(),
  /** Scored at least `alignedScore` and not blocked. */
  aligned: z.number().int(),
  blocked: z.number().int(),
});
export type AlignmentSummaryAnswer = z.infer<typeof AlignmentSummaryAnswer>;

/** GET /api/preferenceAlignment/metrics: a period's alignment, overall and per workgroup. */
export const AlignmentMetricsAnswer = z.object({
  AcademicPeriodId: z.string().nullable(),
  /** Absent when no period is known. */
  alignedScore: z.number().optional(),
  overall: AlignmentSummaryAnswer.nullable(),
  rows: z.array(AlignmentSummaryAnswer.extend({ WorkgroupId: z.string(), name: z.string() })),
});
export type AlignmentMetricsAnswer = z.infer<typeof AlignmentMetricsAnswer>;
