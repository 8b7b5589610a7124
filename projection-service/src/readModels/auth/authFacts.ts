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
  /** Sign out everywhere: sessions issued before this instant (ISO) are refused; null: none. */
  sessionsValidFrom?: string | null;
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
  /** The user's sign-ins ended by logout (recent ones: older ones have expired anyway). */
  endedSessionIdsOf(userId: string): Promise<string[]>;
  /**
   * What resolving a session needs, at once (every request pays for it): both users, and the
   * working user's working period (their own, else the institution's active one), its progress
   * step and the working user's workgroup permissions.
   */
  sessionFacts(userId: string, workingUserId: string): Promise<SessionFacts>;
}

export interface SessionFacts {
  authenticated: AuthUser | null;
  working: AuthUser | null;
  workingAcademicPeriodId: string | null;
  progressStepId: number | null;
  workgroupPermissions: WorkgroupPermission[];
  /** The authenticated user's sessions ended by logout (recent ones; older ones expired). */
  endedSessionIds: string[];
}

/** `sessionFacts` from the single-fact reads (in-memory facts; the read model asks once). */
export async function sessionFactsOneByOne(
  facts: Omit<AuthFacts, 'sessionFacts'>,
  userId: string,
  workingUserId: string,
): Promise<SessionFacts> {
  const authenticated = await facts.userById(userId);
  const working = workingUserId === userId ? authenticated : await facts.userById(workingUserId);
  const workingAcademicPeriodId =
    working?.workingAcademicPeriodId ?? (await facts.systemActivePeriodId());
  return {
    authenticated,
    working,
    workingAcademicPeriodId,
    progressStepId:
      workingAcademicPeriodId === null
        ? null
        : await facts.progressStepIdOf(workingAcademicPeriodId),
    workgroupPermissions: working ? await facts.workgroupPermissionsOf(working.id) : [],
    endedSessionIds: authenticated ? await facts.endedSessionIdsOf(authenticated.id) : [],
  };
}

export interface InMemoryAuthData {
  users: AuthUser[];
  workgroupPermissions?: Record<string, WorkgroupPermission[]>;
  activeSteps?: Record<string, number[]>;
  systemActivePeriodId?: string | null;
  endedSessionIds?: Record<string, string[]>;
}

/** AuthFacts over plain data; the data object stays live, so a test can change it between calls. */
export function createInMemoryAuthFacts(data: InMemoryAuthData): AuthFacts {
  const facts: Omit<AuthFacts, 'sessionFacts'> = {
    userById: (id) => Promise.resolve(data.users.find((u) => u.id === id) ?? null),
    workgroupPermissionsOf: (userId) =>
      Promise.resolve([...(data.workgroupPermissions?.[userId] ?? [])]),
    progressStepIdOf: (periodId) => {
      const steps = data.activeSteps?.[periodId] ?? [];
      return Promise.resolve(steps.length > 0 ? Math.max(...steps) : null);
    },
    systemActivePeriodId: () => Promise.resolve(data.systemActivePeriodId ?? null),
    endedSessionIdsOf: (userId) => Promise.resolve([...(data.endedSessionIds?.[userId] ?? [])]),
  };
  return {
    ...facts,
    sessionFacts: (userId, workingUserId) => sessionFactsOneByOne(facts, userId, workingUserId),
  };
}
