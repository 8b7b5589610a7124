import { randomUUID } from 'node:crypto';
import {
  approvalDecider,
  progressSteps,
  RecordProgressAction,
  subjectOf,
  workgroupApprovalStreamId,
  workgroups,
  type ApprovalCommand,
  type ApprovalContext,
  type ApprovalEvent,
  type ApprovalState,
  type EventStore,
} from '@allot/shared-events';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import type { AppAbility } from '../authorization/ability.js';
import { DomainRuleError, ForbiddenError } from '../errors/errors.js';
import { loadRecord } from '../resources/loadRecord.js';
import { translated } from '../teaching/translateRefusal.js';

/**
 * DESIGN §7: a workgroup submits its step (assign on its sections: bit 2 at step 6, or academic
 * ops), approvers approve or return it (approve on its sections: bit 1 at step 6, or approve on
 * SectionAssignment: academic-affairs approvers).
 */
export function mayRecord(ability: AppAbility, action: RecordProgressAction): boolean {
  const sections = subjectOf('Section', { WorkgroupId: action.WorkgroupId });
  if (action.action === 'submit') {
    return ability.can('assign', sections) || ability.can('create', 'SectionAssignment');
  }
  return ability.can('approve', sections) || ability.can('approve', 'SectionAssignment');
}

/** The step, checked to exist (and the workgroup too), and the id the action will have. */
async function load(store: EventStore, data: RecordProgressAction): Promise<ApprovalContext> {
  const [step, workgroup] = await Promise.all([
    loadRecord(store, progressSteps, data.ProgressStepId),
    loadRecord(store, workgroups, data.WorkgroupId),
  ]);
  if (!step) throw new DomainRuleError('This progress step does not exist.');
  if (!workgroup) throw new DomainRuleError('This workgroup does not exist.');
  return {
    actionId: randomUUID(),
    step: {
      AcademicPeriodId: String(step.AcademicPeriodId),
      stepId: Number(step.stepId),
      isActive: step.isActive === true,
      name: String(step.name),
    },
  };
}

export const recordProgressActionCommand = defineCommand<
  ApprovalCommand,
  ApprovalState,
  ApprovalEvent
>({
  name: 'RecordProgressAction',
  schema: RecordProgressAction,
  decider: approvalDecider,
  streamId: (data) => workgroupApprovalStreamId(data.WorkgroupId, data.ProgressStepId),
  entityId: (_data, context) => context.actionId,
  permit(ability, data) {
    if (!mayRecord(ability, data)) throw new ForbiddenError();
  },
  load,
  refusal: translated,
});
