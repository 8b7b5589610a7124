import type { WorkgroupApprovalsAnswer } from '@allot/shared-events/browser';
import type { WorkgroupLine } from './workgroupBreakdown.js';

/** The period's active progress steps, each with its workgroups counted by approval status. */
export interface StepBreakdown {
  /** A line per active step, in step order; `count` is the number of workgroups. */
  lines: WorkgroupLine[];
  workgroups: number;
  /** The last step where any workgroup has submitted or been approved or returned; else null. */
  current: WorkgroupLine | null;
}

/**
 * Counts each active step's workgroups by status (a workgroup with nothing recorded at a step is
 * pending there), from GET /api/workgroupApprovals.
 */
export function stepBreakdown(answer: WorkgroupApprovalsAnswer): StepBreakdown {
  const steps = answer.steps.filter((s) => s.isActive).sort((a, b) => a.stepId - b.stepId);
  const lines = steps.map((step): WorkgroupLine => {
    const counts: Record<string, number> = { approved: 0, submitted: 0, returned: 0, pending: 0 };
    for (const row of answer.rows) {
      const status = row.steps[step.id]?.status ?? 'pending';
      counts[status] = (counts[status] ?? 0) + 1;
    }
    return {
      id: step.id,
      name: `${String(step.stepId)}. ${step.name}`,
      counts,
      sums: {},
      count: answer.rows.length,
    };
  });
  const current = lines.findLast((line) => (line.counts.pending ?? 0) < line.count) ?? null;
  return { lines, workgroups: answer.rows.length, current };
}
