import { useMemo } from 'react';
import type { AppAbility } from '@allot/shared-events/browser';
import { abilityFromAuthContext } from './useAbility.js';
import { useGetAuthQuery, type AuthContext } from '../api/sessionApi.js';

export interface Viewer {
  /** The auth context has not answered yet. */
  loading: boolean;
  auth: AuthContext | undefined;
  /** Spec §4: logged in when authenticatedUserId is present. */
  signedIn: boolean;
  /** Spec §4: workingUserId differs from authenticatedUserId. */
  masquerading: boolean;
  displayName: string;
  /** The working user's abilities, built by the same rules as the server's; null when signed out. */
  ability: AppAbility | null;
}

export function viewerFrom(auth: AuthContext | undefined, loading: boolean): Viewer {
  const signedIn = Boolean(auth?.authenticatedUserId);
  const masquerading =
    signedIn && auth?.workingUserId != null && auth.workingUserId !== auth.authenticatedUserId;
  // The same rules as the route gates and the server (spec §6), for the working user.
  const ability = auth && signedIn ? abilityFromAuthContext(auth) : null;
  return {
    loading,
    auth,
    signedIn,
    masquerading,
    displayName: auth?.displayName ?? '',
    ability,
  };
}

/** Who is looking at the shell, derived once from GET /api/auth. */
export function useViewer(): Viewer {
  const { data, isLoading } = useGetAuthQuery();
  return useMemo(() => viewerFrom(data, isLoading), [data, isLoading]);
}
