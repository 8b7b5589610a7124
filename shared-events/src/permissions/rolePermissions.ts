import type { AppAbilityBuilder } from './ability.js';
import type { AbilityContext, RoleSlug } from './types.js';

export type DefinePermissions = (ctx: AbilityContext, builder: AppAbilityBuilder) => void;

/** The subjects whose rows in spec §6 begin "with aemEnabled: … without it denied". */
const EFFORT_READ_SUBJECTS = [
  'EffortActual',
  'EffortCategory',
  'EffortPayPeriod',
  'EffortRule',
  'Effort',
  'EffortType',
] as const;

/** Rules admin and academicOpsAdmin share, row by row of spec §6. */
const administrators: DefinePermissions = ({ featureFlags: flags }, { can }) => {
  can('manage', [
    'AcademicPeriod',
    'Clone',
    'Email',
    'Location',
    'Workgroup',
    'Instructor',
    'Report',
    'Scheduler',
    'Section',
    'User',
  ]);
  // "administrators may change the working period"; refused while masquerading (contextPermissions).
  can('update', 'WorkingAcademicPeriod');
  if (!flags.aemEnabled) can('manage', ['AdminAssignment', 'AdminAssignmentType']);
  if (flags.apiEnabled) can('manage', 'ApiKey');
  if (flags.exportsEnabled) can('manage', 'DataExport');
  if (flags.dataServicesEnabled) can('manage', 'DataServices');
  can('read', 'ProgressAction');
  can('read', 'WorkgroupApproval');
};

/** Permissions are data: one function per role (CASL cookbook "roles with static permissions"). */
export const rolePermissions: Record<RoleSlug, DefinePermissions> = {
  admin(ctx, builder) {
    const { can } = builder;
    administrators(ctx, builder);
    can('manage', 'Administration');
    can('manage', 'Configuration');
    can('read', ['Course', 'CourseOffering', 'SectionAssignment']);
    if (ctx.featureFlags.aemEnabled) {
      can('read', [
        'EffortActual',
        'EffortCategory',
        'EffortRule',
        'Effort',
        'EffortType',
        'EffortImport',
        'EffortTimeline',
      ]);
      can('manage', 'EffortPayPeriod');
    }
    if (ctx.mode === 'local' || ctx.mode === 'development') can('manage', 'DeveloperItem');
    can('create', 'Masquerade');
  },
  academicOpsAdmin(ctx, builder) {
    const { can } = builder;
    administrators(ctx, builder);
    can('read', 'Administration');
    can('manage', ['Course', 'CourseOffering', 'SectionAssignment']);
  },
  academicAffairsApprover({ featureFlags: flags }, { can }) {
    if (!flags.aemEnabled) can('read', 'AdminAssignment');
    can(['read', 'approve'], 'SectionAssignment');
    can('read', ['Section', 'ProgressAction', 'WorkgroupApproval']);
  },
  businessOfficeAdmin(_ctx, { can }) {
    can('read', ['Instructor', 'WorkgroupApproval']);
  },
  financialReportingUser(_ctx, { can }) {
    can('read', ['Administration', 'Instructor']);
    can('manage', 'FinancialData');
  },
  reportingUser({ featureFlags: flags }, { can }) {
    can(['create', 'read'], 'Report');
    if (flags.exportsEnabled) can(['create', 'read'], 'DataExport');
  },
  sectionScheduler(_ctx, { can }) {
    can('manage', 'Scheduler');
    can('read', 'Section');
  },
  effortManager({ featureFlags: flags }, { can }) {
    if (!flags.aemEnabled) return;
    can('manage', [
      'EffortActual',
      'EffortCategory',
      'EffortPayPeriod',
      'EffortRule',
      'EffortType',
      'EffortImport',
    ]);
    can('read', ['Effort', 'EffortTimeline']);
  },
  effortContributor({ featureFlags: flags }, { can }) {
    if (!flags.aemEnabled) return;
    can('read', [...EFFORT_READ_SUBJECTS, 'EffortImport', 'EffortTimeline']);
  },
  faculty({ userId, featureFlags: flags }, { can }) {
    can('manage', 'MyTeachingPreference');
    if (flags.aemEnabledFaculty) can('read', 'MyAdvancedTeachingEffort');
    if (flags.mySharedTeachingEnabled) can('read', 'MySharedTeaching');
    if (flags.myTeachingAssignmentsEnabled) can('read', 'MySectionAssignment');
    if (flags.myScheduleEnabled) can('read', 'MySchedule');
    if (!flags.aemEnabled) can('read', 'MyAdminAssignment', { UserId: userId });
    if (flags.aemEnabled) can('read', 'EffortTimeline', { UserId: userId });
  },
};
