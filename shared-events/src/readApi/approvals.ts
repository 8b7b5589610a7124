import { z } from 'zod';

/** A workgroup's approval at one progress step (teaching/approvals/events.ts). */
export const APPROVAL_STATUS_VALUES = ['pending', 'submitted', 'approved', 'returned'] as const;
export const ApprovalStatusAnswer = z.enum(APPROVAL_STATUS_VALUES);
export type ApprovalStatusAnswer = z.infer<typeof ApprovalStatusAnswer>;

/** One workgroup at one step: its status, when it last moved, its last action's comment. */
export const ApprovalCell = z.object({
  status: ApprovalStatusAnswer,
  updatedAt: z.string().nullable(),
  comment: z.string().nullable().optional(),
});
export type ApprovalCell = z.infer<typeof ApprovalCell>;

/** GET /api/workgroupApprovals: every workgroup × progress step of a period. */
export const WorkgroupApprovalsAnswer = z.object({
  AcademicPeriodId: z.string().nullable(),
  steps: z.array(
    z.object({ id: z.string(), stepId: z.number(), name: z.string(), isActive: z.boolean() }),
  ),
  rows: z.array(
    z.object({
      WorkgroupId: z.string(),
      name: z.string(),
      /** By progress step id. */
      steps: z.record(z.string(), ApprovalCell),
    }),
  ),
});
export type WorkgroupApprovalsAnswer = z.infer<typeof WorkgroupApprovalsAnswer>;
