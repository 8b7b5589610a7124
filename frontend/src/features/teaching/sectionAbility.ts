import { subjectOf, type AppAbility } from '@allot/shared-events/browser';
import type { AssignmentStatus } from '../../lib/domain/sectionTypes.js';

/**
 * What the working user may do with one section, by the same rules the server applies
 * (shared-events teaching/section/authorize.ts): the section's WorkgroupId is the CASL subject's
 * attribute, so the workgroup bits (2 assign, 1 approve, only at progress step 6) count.
 */
export interface SectionPermissions {
  update: boolean;
  delete: boolean;
  /** Meetings: update on the section or on Scheduler (sectionScheduler included). */
  schedule: boolean;
  /** Assign, change, withdraw, unassign. */
  assign: boolean;
  /** The workgroup approval (proposed/reopened → approved). */
  approve: boolean;
  /** The academic-affairs approval (approved → final). */
  finalize: boolean;
}

export const NO_PERMISSIONS: SectionPermissions = {
  update: false,
  delete: false,
  schedule: false,
  assign: false,
  approve: false,
  finalize: false,
};

export function sectionPermissions(
  ability: AppAbility | null,
  WorkgroupId: string,
): SectionPermissions {
  if (!ability) return NO_PERMISSIONS;
  const a = ability;
  const own = subjectOf('Section', { WorkgroupId });
  return {
    update: a.can('update', own),
    delete: a.can('manage', own),
    schedule: a.can('update', own) || a.can('update', 'Scheduler'),
    assign:
      a.can('assign', own) ||
      a.can('create', 'SectionAssignment') ||
      a.can('update', 'SectionAssignment'),
    approve: a.can('approve', own),
    finalize: a.can('approve', 'SectionAssignment'),
  };
}

/** Whether the user may create sections at all (in some workgroup). */
export function canCreateSections(ability: AppAbility | null): boolean {
  return ability?.can('create', 'Section') ?? false;
}

/**
 * The approval levels the user holds anywhere (a bare subject passes a conditional rule), as the
 * bulk routes require them: the workgroup's (approve Section: bit 1 at step 6, administrators)
 * and academic affairs' (approve SectionAssignment).
 */
export function approvalLevels(ability: AppAbility | null): {
  approve: boolean;
  finalize: boolean;
} {
  const a = ability;
  return {
    approve: a?.can('approve', 'Section') ?? false,
    finalize: a?.can('approve', 'SectionAssignment') ?? false,
  };
}

/** The buttons an assignment row shows: the permission and the status must both allow it. */
export function assignmentActions(status: AssignmentStatus, can: SectionPermissions) {
  const live = status !== 'withdrawn';
  return {
    edit: can.assign && live,
    approve: can.approve && (status === 'proposed' || status === 'reopened'),
    finalize: can.finalize && status === 'approved',
    withdraw: can.assign && live,
    unassign: can.assign,
  };
}
