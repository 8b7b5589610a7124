import { canVisitRoute } from '@allot/shared-events/browser';
import { useLocation } from 'react-router';
import { useAbility } from '../../lib/auth/useAbility.js';

/** What spec §2's route gate decides for the current path (RouteGate renders it; the top bar names it). */
export type RouteAccess = 'dashboard' | 'loading' | 'failed' | 'anonymous' | 'denied' | 'allowed';

export function useRouteAccess(): RouteAccess {
  const { pathname } = useLocation();
  const { loading, failed, signedIn, ability, flags } = useAbility();
  if (pathname === '/' || pathname === '') return 'dashboard';
  if (loading) return 'loading';
  if (failed) return 'failed';
  if (!signedIn) return 'anonymous';
  return canVisitRoute(ability, flags, pathname) ? 'allowed' : 'denied';
}
