import type { Decider } from '../../commands/decider.js';
import { TeachingCommandRefused } from '../refusal.js';
import type { ApprovalCommand, ProgressActionKind } from './commands.js';
import type { ApprovalEvent, ApprovalStatus } from './events.js';

export interface ApprovalState {
  status: ApprovalStatus;
}
export const initialApprovalState: ApprovalState = { status: 'pending' };

const NEXT: Record<ProgressActionKind, { from: readonly ApprovalStatus[]; to: ApprovalStatus }> = {
  submit: { from: ['pending', 'returned'], to: 'submitted' },
  approve: { from: ['submitted'], to: 'approved' },
  return: { from: ['submitted'], to: 'returned' },
};

const PAST: Record<ProgressActionKind, string> = {
  submit: 'submitted',
  approve: 'approved',
  return: 'returned',
};

export function evolveApproval(state: ApprovalState, event: ApprovalEvent): ApprovalState {
  switch (event.type) {
    case 'ProgressActionRecorded':
      return { status: event.data.status };
    default: {
      const unexpected: never = event.type;
      throw new Error(`Unknown approval event ${String(unexpected)} on ${state.status}`);
    }
  }
}

/** Who and when; structurally the command service's CommandMeta (this decider needs neither). */
export type ApprovalCommandMeta = object;

export function decideApproval(
  command: ApprovalCommand,
  state: ApprovalState,
  _meta: ApprovalCommandMeta = {},
): ApprovalEvent[] {
  switch (command.type) {
    case 'RecordProgressAction': {
      const { data, context } = command;
      if (!context.step.isActive) {
        throw new TeachingCommandRefused('rule', `The step “${context.step.name}” is not active.`);
      }
      const rule = NEXT[data.action];
      if (!rule.from.includes(state.status)) {
        throw new TeachingCommandRefused(
          'rule',
          `A ${state.status} workgroup cannot be ${PAST[data.action]} at this step.`,
        );
      }
      return [
        {
          type: 'ProgressActionRecorded',
          data: {
            id: context.actionId,
            WorkgroupId: data.WorkgroupId,
            ProgressStepId: data.ProgressStepId,
            AcademicPeriodId: context.step.AcademicPeriodId,
            stepId: context.step.stepId,
            action: data.action,
            from: state.status,
            status: rule.to,
            comment: data.comment ?? null,
          },
        },
      ];
    }
    default: {
      const unexpected: never = command.type;
      throw new Error(`Unknown approval command ${String(unexpected)}`);
    }
  }
}

/** The workgroup approval decider in the shape the command service runs (DESIGN §4). */
export const approvalDecider = {
  initialState: initialApprovalState,
  decide: decideApproval,
  evolve: evolveApproval,
} satisfies Decider<ApprovalCommand, ApprovalState, ApprovalEvent, ApprovalCommandMeta>;
