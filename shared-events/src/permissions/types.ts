import { z } from 'zod';

/** The ten role slugs of spec §6. */
export const ROLE_SLUGS = [
  'admin',
  'academicOpsAdmin',
  'academicAffairsApprover',
  'businessOfficeAdmin',
  'financialReportingUser',
  'reportingUser',
  'sectionScheduler',
  'effortManager',
  'effortContributor',
  'faculty',
] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];
export const roleSlugSchema = z.enum(ROLE_SLUGS);

/**
 * `manage` is CASL's wildcard: it covers every other action. `delete` is granted only through
 * `manage` (deleting a record is an administrator's act; others deactivate).
 */
export const ACTIONS = [
  'manage',
  'read',
  'create',
  'update',
  'delete',
  'approve',
  'assign',
  'merge',
] as const;
export type Action = (typeof ACTIONS)[number];

/** Every subject of spec §6 and §2, the two DESIGN §7 adds, and the masquerade/working-period ones. */
export const SUBJECTS = [
  'AcademicPeriod',
  'AdminAssignment',
  'AdminAssignmentType',
  'Administration',
  'ApiKey',
  'Clone',
  'Configuration',
  'Course',
  'CourseOffering',
  'Dashboard',
  'DataExport',
  'DataServices',
  'DeveloperItem',
  'Effort',
  'EffortActual',
  'EffortCategory',
  'EffortImport',
  'EffortPayPeriod',
  'EffortRule',
  'EffortTimeline',
  'EffortType',
  'Email',
  'FinancialData',
  'Instructor',
  'Location',
  'Masquerade',
  'MyAdminAssignment',
  'MyAdvancedTeachingEffort',
  'MySchedule',
  'MySectionAssignment',
  'MySharedTeaching',
  'MyTeachingPreference',
  'ProgressAction',
  'Report',
  'Scheduler',
  'Section',
  'SectionAssignment',
  'User',
  'Workgroup',
  'WorkgroupApproval',
  'WorkingAcademicPeriod',
] as const;
export type SubjectName = (typeof SUBJECTS)[number];
/** A subject type as CASL sees it; `all` is CASL's wildcard subject. */
export type Subject = SubjectName | 'all';

export const FEATURE_FLAG_NAMES = [
  'aemEnabled',
  'aemEnabledFaculty',
  'userMergeEnabled',
  'devEmailsEnabled',
  'apiEnabled',
  'exportsEnabled',
  'dataServicesEnabled',
  'mySharedTeachingEnabled',
  'myTeachingPreferencesEnabled',
  'myTeachingAssignmentsEnabled',
  'myScheduleEnabled',
] as const;
export type FeatureFlagName = (typeof FEATURE_FLAG_NAMES)[number];
export type FeatureFlags = Record<FeatureFlagName, boolean>;
export const featureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, z.boolean()])) as Record<
    FeatureFlagName,
    z.ZodBoolean
  >,
);

export const MODES = ['production', 'development', 'local', 'staging-build', 'test'] as const;
export type Mode = (typeof MODES)[number];
export const modeSchema = z.enum(MODES);

/** One workgroup the user belongs to, with its permission bits (1 = approve, 2 = assign). */
export interface WorkgroupPermission {
  id: string;
  permission: number;
}

/** Everything the rules depend on; the server builds it from the session, the browser from GET /api/auth. */
export interface AbilityContext {
  userId: string;
  roles: RoleSlug[];
  workgroupPermissions: WorkgroupPermission[];
  featureFlags: FeatureFlags;
  mode: Mode;
  /** The working period's current (highest active) progress step. */
  progressStepId: number | null;
  masquerading: boolean;
}
