import { useMemo } from 'react';
import {
  defineAbilityFor,
  FEATURE_FLAG_NAMES,
  type AppAbility,
  type FeatureFlags,
} from '@allot/shared-events/browser';
import { useGetAuthQuery, type AuthContext } from '../api/sessionApi.js';

/** The viewer's CASL ability and what the route gates need beside it. */
export interface AbilityState {
  /** GET /api/auth has not answered yet: routes stay blocked (spec §2). */
  loading: boolean;
  /** GET /api/auth failed; the gates cannot decide, so they show an error instead. */
  failed: boolean;
  signedIn: boolean;
  /** The working user's abilities; a signed-out viewer gets those of a user without roles. */
  ability: AppAbility;
  /** The feature flags, or null until they loaded (every route but `/` is blocked then). */
  flags: FeatureFlags | null;
}

/** Before the auth context answers nothing is enabled. */
const NO_FLAGS = Object.fromEntries(
  FEATURE_FLAG_NAMES.map((name) => [name, false]),
) as FeatureFlags;

/**
 * The working user's ability from the auth context, by the server's own rules (spec §6): the
 * masqueraded user's roles while masquerading, the masquerade refusals included.
 */
export function abilityFromAuthContext(auth: AuthContext | undefined): AppAbility {
  const signedIn = Boolean(auth?.authenticatedUserId);
  const authenticatedUserId = auth?.authenticatedUserId ?? '';
  const workingUserId = auth?.workingUserId ?? authenticatedUserId;
  return defineAbilityFor({
    userId: workingUserId,
    roles: signedIn && auth ? auth.Roles.map((role) => role.slug) : [],
    workgroupPermissions: signedIn && auth ? auth.workgroupPermissions : [],
    featureFlags: auth?.FeatureFlags ?? NO_FLAGS,
    mode: auth?.mode ?? 'production',
    progressStepId: auth?.progressStepId ?? null,
    masquerading: signedIn && workingUserId !== authenticatedUserId,
  });
}

export function abilityStateFrom(
  auth: AuthContext | undefined,
  status: { isLoading: boolean; isError: boolean },
): AbilityState {
  return {
    loading: status.isLoading,
    failed: !auth && status.isError,
    signedIn: Boolean(auth?.authenticatedUserId),
    ability: abilityFromAuthContext(auth),
    flags: auth?.FeatureFlags ?? null,
  };
}

/** The viewer's ability, rebuilt only when the auth context changes. */
export function useAbility(): AbilityState {
  const { data, isLoading, isError } = useGetAuthQuery();
  return useMemo(() => abilityStateFrom(data, { isLoading, isError }), [data, isLoading, isError]);
}

/**
 * The working user's ability for pages that act as someone; null while signed out (or before the
 * auth context answers), so nothing is offered to nobody.
 */
export function useSignedInAbility(): AppAbility | null {
  const { ability, signedIn } = useAbility();
  return signedIn ? ability : null;
}
