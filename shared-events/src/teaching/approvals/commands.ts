import { z } from 'zod';

export const PROGRESS_ACTIONS = ['submit', 'approve', 'return'] as const;
export type ProgressActionKind = (typeof PROGRESS_ACTIONS)[number];

const id = z.string().trim().min(1).max(100);

/** The one command of the workgroup approval aggregate (stream `workgroupApproval-…`). */
export const RecordProgressAction = z
  .object({
    WorkgroupId: id,
    ProgressStepId: id,
    action: z.enum(PROGRESS_ACTIONS),
    comment: z.string().trim().max(2000).nullable().optional(),
  })
  .strict();
export type RecordProgressAction = z.infer<typeof RecordProgressAction>;

/**
 * Body of `POST /api/progressSteps/:ProgressStepId/workgroups/:WorkgroupId/:action`: the
 * command's optional comment (the address names the rest).
 */
export const RecordProgressActionBody = RecordProgressAction.pick({ comment: true });
export type RecordProgressActionBody = z.infer<typeof RecordProgressActionBody>;

/** What the decider needs from outside the stream: the step, checked to exist and be active. */
export interface ApprovalContext {
  /** The id the recorded action gets (made by the command service). */
  actionId: string;
  step: { AcademicPeriodId: string; stepId: number; isActive: boolean; name: string };
}

export interface ApprovalCommand {
  type: 'RecordProgressAction';
  data: RecordProgressAction;
  context: ApprovalContext;
}
