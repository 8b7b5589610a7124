import { FEATURE_FLAG_NAMES, type FeatureFlags, type RoleSlug } from '@allot/shared-events/browser';
import type { AcademicPeriod, AuthContext, SettingRow } from '../lib/api/sessionApi.js';

export const ALL_FLAGS_ON = Object.fromEntries(
  FEATURE_FLAG_NAMES.map((name) => [name, true]),
) as FeatureFlags;

const base: AuthContext = {
  authenticatedUserId: null,
  workingUserId: null,
  displayName: null,
  Roles: [],
  FeatureFlags: ALL_FLAGS_ON,
  workgroupPermissions: [],
  progressStepId: null,
  workingAcademicPeriodId: null,
  mode: 'test',
  version: '2025.4.0',
  mySharedTeachingEnabled: false,
  myTeachingPreferencesEnabled: false,
  myTeachingAssignmentsEnabled: false,
  myScheduleEnabled: false,
};

export const signedOut: AuthContext = base;

export function signedInAs(
  role: RoleSlug,
  extra: Partial<AuthContext> = {},
  name = 'Ada Admin',
): AuthContext {
  return {
    ...base,
    authenticatedUserId: 'user-1',
    workingUserId: 'user-1',
    displayName: name,
    Roles: [{ slug: role }],
    ...extra,
  };
}

export function masqueradingAs(role: RoleSlug, extra: Partial<AuthContext> = {}): AuthContext {
  return signedInAs(role, { workingUserId: 'user-2', ...extra }, 'Fiona Faculty');
}

export function settingsRows(values: Record<string, string>): SettingRow[] {
  return Object.entries(values).map(([machineName, value]) => ({
    id: machineName,
    machineName,
    Setting: { value },
  }));
}

export const PERIODS: AcademicPeriod[] = [
  period('p-2024', '2024–2025', '2024-08-15'),
  period('p-2026', '2026–2027', '2026-08-15', true),
  period('p-2025', '2025–2026', '2025-08-15'),
];

function period(id: string, name: string, startDate: string, isSystemActive = false) {
  return {
    id,
    name,
    startDate,
    endDate: startDate,
    isSystemActive,
    publishedForFaculty: true,
    revision: 1,
  };
}
