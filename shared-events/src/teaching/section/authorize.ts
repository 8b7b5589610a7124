import { subjectOf, type SubjectInstance } from '../../permissions/ability.js';
import type { Action, Subject } from '../../permissions/types.js';
import type { ApprovalAuthority, SectionCommand } from './commands.js';
import type { SectionState } from './decider.js';

/** What is asked of an ability: the shared AppAbility and the command service's both fit. */
export interface SectionAbility {
  can(action: Action, subject: Subject | SubjectInstance): boolean;
}

export interface SectionAuthorization {
  allowed: boolean;
  /** Set for ApproveAssignment: which approvals the caller may give (the decider picks the step). */
  approvalAuthority?: ApprovalAuthority;
}

/**
 * Whether the ability allows a section command (DOMAIN.md, DESIGN §6–7), with the section's
 * WorkgroupId as the CASL subject's attributes so the workgroup bits (2 assign, 1 approve, at
 * progress step 6 only) apply. Pure, so the decider stays pure and tests build abilities directly.
 * An unknown section is checked against the command's own WorkgroupId, else the bare subject: the
 * decider then answers 404 to whoever may act on sections at all.
 */
export function authorizeSectionCommand(
  ability: SectionAbility,
  command: SectionCommand,
  state: SectionState,
): SectionAuthorization {
  const existing = state.status === 'absent' ? null : state.section.WorkgroupId;
  const commandWorkgroup = 'WorkgroupId' in command.data ? command.data.WorkgroupId : undefined;
  const section = (WorkgroupId: string | null | undefined) =>
    subjectOf('Section', { WorkgroupId: WorkgroupId ?? '' });
  const target = existing ?? commandWorkgroup;
  // An unknown section naming no workgroup: the bare subject, so whoever may act on some
  // sections passes and hears 404 from the decider, and nobody else learns anything.
  const own: Subject | SubjectInstance = target ? section(target) : 'Section';
  const assigning = (action: 'create' | 'update') =>
    ability.can('assign', own) || ability.can(action, 'SectionAssignment');

  switch (command.type) {
    case 'CreateSection':
      return { allowed: ability.can('create', own) };
    case 'UpdateSection': {
      const moving = commandWorkgroup !== undefined && commandWorkgroup !== existing;
      // Moving a section to another workgroup needs the right on both.
      return {
        allowed:
          ability.can('update', existing ? section(existing) : own) &&
          (!moving || ability.can('update', section(commandWorkgroup))),
      };
    }
    case 'DeleteSection':
      // The permission vocabulary has no `delete`: removing a section takes `manage`.
      return { allowed: ability.can('manage', own) };
    case 'SetMeetings':
    case 'MoveMeeting':
      // The schedule's drag: whoever manages Scheduler, sectionScheduler included (issue 6).
      return { allowed: ability.can('update', own) || ability.can('update', 'Scheduler') };
    case 'AssignInstructor':
      return { allowed: assigning('create') };
    case 'ChangeAssignment':
    case 'WithdrawAssignment':
    case 'UnassignInstructor':
      return { allowed: assigning('update') };
    case 'ApproveAssignment': {
      const { level } = command.data;
      const approvalAuthority = {
        workgroup: level !== 'academicAffairs' && ability.can('approve', own),
        academicAffairs: level !== 'workgroup' && ability.can('approve', 'SectionAssignment'),
      };
      return {
        allowed: approvalAuthority.workgroup || approvalAuthority.academicAffairs,
        approvalAuthority,
      };
    }
    case 'ReassignMergedInstructor':
      // A user merge's follow-up: whoever may merge users moves what the duplicate holds.
      return { allowed: ability.can('merge', 'User') };
    default: {
      const unexpected: never = command;
      throw new Error(`Unknown section command ${JSON.stringify(unexpected)}`);
    }
  }
}
