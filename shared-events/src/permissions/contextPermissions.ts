import type { DefinePermissions } from './rolePermissions.js';
import {
  APPROVE_BIT,
  ASSIGN_BIT,
  REVIEW_PROGRESS_STEP_ID,
  workgroupIdsWithBit,
} from './workgroupBits.js';

/** "Dashboard: read for all". */
export const everyone: DefinePermissions = (_ctx, { can }) => {
  can('read', 'Dashboard');
};

/** Rules that follow from workgroup membership, whatever the roles. */
export const workgroupMembers: DefinePermissions = (ctx, { can }) => {
  const { workgroupPermissions, featureFlags: flags } = ctx;
  if (workgroupPermissions.length === 0) return;
  can('read', 'Section', { WorkgroupId: { $in: workgroupPermissions.map((p) => p.id) } });
  can('read', ['SectionAssignment', 'WorkgroupApproval']);
  if (!flags.aemEnabled) can('read', 'AdminAssignment');
  if (ctx.progressStepId !== REVIEW_PROGRESS_STEP_ID) return;
  const assignable = workgroupIdsWithBit(workgroupPermissions, ASSIGN_BIT);
  const approvable = workgroupIdsWithBit(workgroupPermissions, APPROVE_BIT);
  if (assignable.length > 0) can('assign', 'Section', { WorkgroupId: { $in: assignable } });
  if (approvable.length > 0) can('approve', 'Section', { WorkgroupId: { $in: approvable } });
};

/** Refusals that override every grant, so they are added last (in CASL a later rule wins). */
export const restrictions: DefinePermissions = (ctx, { cannot }) => {
  const { featureFlags: flags } = ctx;
  // Field-level: the roles that manage periods keep every other field.
  if (!flags.aemEnabled) cannot(['create', 'update'], 'AcademicPeriod', ['useAdvancedEffort']);
  // `manage` on User would otherwise include merge.
  if (!flags.userMergeEnabled) cannot('merge', 'User');
  if (ctx.masquerading) {
    cannot('create', 'Masquerade');
    cannot('update', 'WorkingAcademicPeriod');
  }
};
