import {
  defineAbilityFor,
  type AbilityContext,
  type AppAbility,
  type AuthContextAnswer,
  type FeatureFlags,
  type Mode,
  type SessionData,
} from '@allot/shared-events';
import type { AuthFacts, AuthUser } from './authFacts.js';

/** GET /api/auth (spec §3): its schema is the read API's contract (`AuthContextAnswer`). */
export type AuthContextResponse = AuthContextAnswer;

export interface AuthEnvironment {
  facts: AuthFacts;
  featureFlags: FeatureFlags;
  mode: Mode;
  version: string;
}

/** Who a session speaks for, once both users are known to exist and be active. */
export interface ResolvedSession {
  authenticated: AuthUser;
  working: AuthUser;
  abilityContext: AbilityContext;
  workingAcademicPeriodId: string | null;
}

/**
 * Resolves a session against the read models. Null when either user is gone or deactivated:
 * such a session is treated as signed out rather than trusted on the cookie's word.
 */
export async function resolveSession(
  session: Pick<SessionData, 'userId' | 'workingUserId'> &
    Partial<Pick<SessionData, 'sid' | 'issuedAt'>>,
  env: AuthEnvironment,
): Promise<ResolvedSession | null> {
  const facts = await env.facts.sessionFacts(session.userId, session.workingUserId);
  const { authenticated, working } = facts;
  if (!authenticated?.isActive || !working?.isActive) return null;
  if (sessionEnded(session, authenticated.sessionsValidFrom ?? null, facts.endedSessionIds)) {
    return null;
  }
  return {
    authenticated,
    working,
    workingAcademicPeriodId: facts.workingAcademicPeriodId,
    abilityContext: {
      userId: working.id,
      roles: working.roles,
      workgroupPermissions: facts.workgroupPermissions,
      featureFlags: env.featureFlags,
      mode: env.mode,
      progressStepId: facts.progressStepId,
      masquerading: authenticated.id !== working.id,
    },
  };
}

/**
 * Whether a sign-in was ended on the server: by its logout (its sid), or by signing out
 * everywhere after it was issued. An API key's session has no sign-in (issued at 0): keys are
 * revoked on their own.
 */
function sessionEnded(
  session: Partial<Pick<SessionData, 'sid' | 'issuedAt'>>,
  validFrom: string | null,
  endedSids: readonly string[],
): boolean {
  if (session.sid && endedSids.includes(session.sid)) return true;
  return Boolean(validFrom && session.issuedAt && session.issuedAt < Date.parse(validFrom));
}

function myFlags(flags: FeatureFlags) {
  return {
    mySharedTeachingEnabled: flags.mySharedTeachingEnabled,
    myTeachingPreferencesEnabled: flags.myTeachingPreferencesEnabled,
    myTeachingAssignmentsEnabled: flags.myTeachingAssignmentsEnabled,
    myScheduleEnabled: flags.myScheduleEnabled,
  };
}

/** The signed-out context: the shell still needs the flags, mode and version. */
export function signedOutContext(env: Omit<AuthEnvironment, 'facts'>): AuthContextResponse {
  return {
    authenticatedUserId: null,
    workingUserId: null,
    displayName: null,
    Roles: [],
    FeatureFlags: env.featureFlags,
    workgroupPermissions: [],
    progressStepId: null,
    workingAcademicPeriodId: null,
    mode: env.mode,
    version: env.version,
    ...myFlags(env.featureFlags),
  };
}

export function authContextOf(
  resolved: ResolvedSession,
  env: Omit<AuthEnvironment, 'facts'>,
): AuthContextResponse {
  const { abilityContext: ctx } = resolved;
  return {
    authenticatedUserId: resolved.authenticated.id,
    workingUserId: resolved.working.id,
    displayName: resolved.working.displayName,
    Roles: ctx.roles.map((slug) => ({ slug })),
    FeatureFlags: env.featureFlags,
    workgroupPermissions: ctx.workgroupPermissions,
    progressStepId: ctx.progressStepId,
    workingAcademicPeriodId: resolved.workingAcademicPeriodId,
    mode: env.mode,
    version: env.version,
    ...myFlags(env.featureFlags),
  };
}

/** The abilities of a session (the working user's); none for an unknown or inactive user. */
export async function abilityForSession(
  session: Pick<SessionData, 'userId' | 'workingUserId'> &
    Partial<Pick<SessionData, 'sid' | 'issuedAt'>>,
  env: AuthEnvironment,
): Promise<AppAbility | null> {
  const resolved = await resolveSession(session, env);
  return resolved ? defineAbilityFor(resolved.abilityContext) : null;
}
