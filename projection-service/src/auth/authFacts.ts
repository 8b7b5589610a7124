import type { RoleSlug, WorkgroupPermission } from '@allot/shared-events';

/** What the auth context needs to know about a user. */
export interface AuthUser {
  id: string;
  displayName: string;
  firstName: string;
  lastName: string;
  email: string | null;
  username: string | null;
  roles: RoleSlug[];
  isActive: boolean;
  /** The user's own working period; null means the institution's active one. */
  workingAcademicPeriodId: string | null;
}

/**
 * The narrow view of the read models (users, workgroups, periods, progress steps) that the auth
 * context and the abilities are built from. One implementation reads the read-model tables;
 * `createInMemoryAuthFacts` serves tests and composition before those tables exist.
 */
export interface AuthFacts {
  userById(id: string): Promise<AuthUser | null>;
  workgroupPermissionsOf(userId: string): Promise<WorkgroupPermission[]>;
  /** The period's current (highest active) progress step, null when none is active. */
  progressStepIdOf(periodId: string): Promise<number | null>;
  /** The institution's active period (`academicPeriods/systemActive`). */
  systemActivePeriodId(): Promise<string | null>;
}

export interface InMemoryAuthData {
  users: AuthUser[];
  workgroupPermissions?: Record<string, WorkgroupPermission[]>;
  activeSteps?: Record<string, number[]>;
  systemActivePeriodId?: string | null;
}

/** AuthFacts over plain data; the data object stays live, so a test can change it between calls. */
export function createInMemoryAuthFacts(data: InMemoryAuthData): AuthFacts {
  return {
    userById: (id) => Promise.resolve(data.users.find((u) => u.id === id) ?? null),
    workgroupPermissionsOf: (userId) =>
      Promise.resolve([...(data.workgroupPermissions?.[userId] ?? [])]),
    progressStepIdOf: (periodId) => {
      const steps = data.activeSteps?.[periodId] ?? [];
      return Promise.resolve(steps.length > 0 ? Math.max(...steps) : null);
    },
    systemActivePeriodId: () => Promise.resolve(data.systemActivePeriodId ?? null),
  };
}
