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

/** One recorded progress action (submit, approve, return) of a workgroup at a step. */
export const ProgressActionAnswer = z.object({
  id: z.string(),
  WorkgroupId: z.string(),
  ProgressStepId: z.string(),
  stepId: z.number().int(),
  action: z.enum(['submit', 'approve', 'return']),
  from: ApprovalStatusAnswer,
  status: ApprovalStatusAnswer,
  comment: z.string().nullable(),
  /** Who acted (null when the log does not say). */
  by: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  at: z.string(),
});
export type ProgressActionAnswer = z.infer<typeof ProgressActionAnswer>;

/** GET /api/progressActions: a period's actions, newest first (at most 500). */
export const ProgressActionsAnswer = z.object({
  AcademicPeriodId: z.string().nullable(),
  rows: z.array(ProgressActionAnswer),
});
export type ProgressActionsAnswer = z.infer<typeof ProgressActionsAnswer>;
