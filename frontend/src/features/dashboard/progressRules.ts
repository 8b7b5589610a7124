import { Intent, type IconName } from '@blueprintjs/core';
import { APPROVAL_STATUS_LABELS } from '@allot/shared-events/browser';
import type { ApprovalStatus } from './api/dashboardApi.js';

export type ProgressAction = 'submit' | 'approve' | 'return';

/** A workgroup's status at a step as a person reads it (declared once, in shared-events). */
export const STATUS_TEXT: Readonly<Record<ApprovalStatus, string>> = APPROVAL_STATUS_LABELS;

export const STATUS_LOOK: Record<ApprovalStatus, { intent: Intent; icon: IconName }> = {
  pending: { intent: Intent.NONE, icon: 'circle' },
  submitted: { intent: Intent.PRIMARY, icon: 'send-message' },
  approved: { intent: Intent.SUCCESS, icon: 'tick-circle' },
  returned: { intent: Intent.WARNING, icon: 'undo' },
};

export const ACTION_TEXT: Record<ProgressAction, string> = {
  submit: 'Submit',
  approve: 'Approve',
  return: 'Return',
};

/** The toast's ending: "Mathematics: submitted." */
export const ACTION_DONE: Record<ProgressAction, string> = {
  submit: 'submitted',
  approve: 'approved',
  return: 'returned',
};

/**
 * What a cell's status lets anyone do (DOMAIN.md: pending → submitted → approved / returned,
 * returned → submitted). At the current step a workgroup not yet submitted may be; an earlier
 * step is history, so only what still waits there is offered: a submission to approve or
 * return, a returned one to submit again.
 */
export function actionsAt(status: ApprovalStatus, isCurrentStep: boolean): ProgressAction[] {
  if (status === 'submitted') return ['approve', 'return'];
  if (status === 'returned') return ['submit'];
  if (status === 'pending' && isCurrentStep) return ['submit'];
  return [];
}

/**
 * The current step: the auth context's (the highest active step of the working period), else
 * the highest active step the grid lists.
 */
export function currentStepId(
  progressStepId: number | null | undefined,
  activeStepIds: readonly number[],
): number | null {
  if (progressStepId != null && activeStepIds.includes(progressStepId)) return progressStepId;
  return activeStepIds.length > 0 ? Math.max(...activeStepIds) : null;
}
