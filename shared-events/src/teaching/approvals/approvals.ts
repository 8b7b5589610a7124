import { z } from 'zod';
import { TeachingCommandRefused } from '../refusal.js';

/**
 * Workgroup approval per progress step (DOMAIN.md: pending → submitted → approved / returned,
 * returned → submitted …). One stream per workgroup and step:
 * `workgroupApproval-<WorkgroupId>-<ProgressStepId>`; each transition is a progress action.
 */
export const APPROVAL_STATUSES = ['pending', 'submitted', 'approved', 'returned'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const PROGRESS_ACTIONS = ['submit', 'approve', 'return'] as const;
export type ProgressActionKind = (typeof PROGRESS_ACTIONS)[number];

const id = z.string().trim().min(1).max(100);

export const RecordProgressAction = z
  .object({
    WorkgroupId: id,
    ProgressStepId: id,
    action: z.enum(PROGRESS_ACTIONS),
    comment: z.string().trim().max(2000).nullable().optional(),
  })
  .strict();
export type RecordProgressAction = z.infer<typeof RecordProgressAction>;

export const ProgressActionRecorded = z.object({
  id,
  WorkgroupId: id,
  ProgressStepId: id,
  AcademicPeriodId: id,
  stepId: z.number().int(),
  action: z.enum(PROGRESS_ACTIONS),
  from: z.enum(APPROVAL_STATUSES),
  status: z.enum(APPROVAL_STATUSES),
  comment: z.string().max(2000).nullable(),
});
export type ProgressActionRecorded = z.infer<typeof ProgressActionRecorded>;

export const approvalEventSchemas = { ProgressActionRecorded } as const;
export type ApprovalEvent = { type: 'ProgressActionRecorded'; data: ProgressActionRecorded };

export const workgroupApprovalStreamId = (WorkgroupId: string, ProgressStepId: string) =>
  `workgroupApproval-${WorkgroupId}-${ProgressStepId}`;

export interface ApprovalState {
  status: ApprovalStatus;
}
export const initialApprovalState: ApprovalState = { status: 'pending' };

const NEXT: Record<ProgressActionKind, { from: readonly ApprovalStatus[]; to: ApprovalStatus }> = {
  submit: { from: ['pending', 'returned'], to: 'submitted' },
  approve: { from: ['submitted'], to: 'approved' },
  return: { from: ['submitted'], to: 'returned' },
};

export function evolveApproval(_state: ApprovalState, event: ApprovalEvent): ApprovalState {
  return { status: event.data.status };
}

/** What the decider needs from outside the stream: the step, checked to exist and be active. */
export interface ApprovalContext {
  actionId: string;
  step: { AcademicPeriodId: string; stepId: number; isActive: boolean; name: string };
}

export function decideApproval(
  command: RecordProgressAction,
  state: ApprovalState,
  context: ApprovalContext,
): ApprovalEvent[] {
  if (!context.step.isActive) {
    throw new TeachingCommandRefused('rule', `The step “${context.step.name}” is not active.`);
  }
  const rule = NEXT[command.action];
  if (!rule.from.includes(state.status)) {
    throw new TeachingCommandRefused(
      'rule',
      `A ${state.status} workgroup cannot be ${command.action === 'submit' ? 'submitted' : command.action === 'approve' ? 'approved' : 'returned'} at this step.`,
    );
  }
  return [
    {
      type: 'ProgressActionRecorded',
      data: {
        id: context.actionId,
        WorkgroupId: command.WorkgroupId,
        ProgressStepId: command.ProgressStepId,
        AcademicPeriodId: context.step.AcademicPeriodId,
        stepId: context.step.stepId,
        action: command.action,
        from: state.status,
        status: rule.to,
        comment: command.comment ?? null,
      },
    },
  ];
}
