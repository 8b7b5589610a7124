import { randomUUID } from 'node:crypto';
import {
  decideApproval,
  evolveApproval,
  initialApprovalState,
  progressSteps,
  RecordProgressAction,
  subjectOf,
  workgroupApprovalStreamId,
  workgroups,
  type ApprovalEvent,
  type ApprovalState,
} from '@allot/shared-events';
import type { RunnableCommand } from '../commandHandling/commandDefinition.js';
import type { Decider } from '../commandHandling/decider.js';
import { handleCommand } from '../commandHandling/handleCommand.js';
import { assertRegisteredEvents } from '../commandHandling/registeredEvents.js';
import type { AppAbility } from '../authorization/ability.js';
import {
  DomainRuleError,
  ForbiddenError,
  ValidationError,
  fieldIssuesFrom,
} from '../errors/errors.js';
import { loadRecord } from '../resources/loadRecord.js';
import { translated } from '../teaching/translateRefusal.js';

type Command = { type: 'RecordProgressAction'; data: RecordProgressAction };

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

export const recordProgressActionCommand: RunnableCommand = {
  name: 'RecordProgressAction',
  async run(store, rawPayload, { ability, meta, expectedRevision }) {
    const parsed = RecordProgressAction.safeParse(rawPayload);
    if (!parsed.success) throw new ValidationError(fieldIssuesFrom(parsed.error.issues));
    const data = parsed.data;
    if (!mayRecord(ability, data)) throw new ForbiddenError();
    const [step, workgroup] = await Promise.all([
      loadRecord(store, progressSteps, data.ProgressStepId),
      loadRecord(store, workgroups, data.WorkgroupId),
    ]);
    if (!step) throw new DomainRuleError('This progress step does not exist.');
    if (!workgroup) throw new DomainRuleError('This workgroup does not exist.');
    const context = {
      actionId: randomUUID(),
      step: {
        AcademicPeriodId: String(step.AcademicPeriodId),
        stepId: Number(step.stepId),
        isActive: step.isActive === true,
        name: String(step.name),
      },
    };
    const decider: Decider<Command, ApprovalState, ApprovalEvent> = {
      initialState: initialApprovalState,
      evolve: evolveApproval,
      decide(command, state) {
        try {
          return assertRegisteredEvents(decideApproval(command.data, state, context));
        } catch (error) {
          throw translated(error);
        }
      },
    };
    return handleCommand(
      store,
      decider,
      workgroupApprovalStreamId(data.WorkgroupId, data.ProgressStepId),
      { type: 'RecordProgressAction', data },
      {
        meta,
        entityId: context.actionId,
        ...(expectedRevision === undefined ? {} : { expectedRevision }),
      },
    );
  },
};
