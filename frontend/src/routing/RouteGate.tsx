import type { ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { OfflineIcon, RefreshIcon } from '@blueprintjs/icons';
import { canVisitRoute } from '@allot/shared-events/browser';
import { Navigate, useLocation } from 'react-router';
import { useAbility } from '../ability/useAbility.js';
import { UnauthorizedPage } from '../pages/UnauthorizedPage.js';
import { loginPathFor } from './loginRedirect.js';
import { PageSpinner } from './PageSpinner.js';

/**
 * Spec §2 protected routes: blocked until the auth context and its flags loaded; then the
 * route's flag gates and permission (the server's tables) decide. A signed-in viewer who may not
 * see the page gets Unauthorized; an anonymous one goes to /login with the origin. Only the
 * dashboard is shown to anonymous visitors: every other page reads data that needs a session.
 */
export function RouteGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { loading, failed, signedIn, ability, flags } = useAbility();
  const isDashboard = pathname === '/' || pathname === '';

  if (isDashboard) return children;
  if (loading) return <PageSpinner />;
  if (failed) {
    return (
      <NonIdealState
        icon={<OfflineIcon size={48} />}
        title="Your session could not be loaded"
        description="Check your connection, then reload the page."
        action={
          <Button text="Reload" icon={<RefreshIcon />} onClick={() => window.location.reload()} />
        }
      />
    );
  }
  if (!signedIn) return <Navigate to={loginPathFor(pathname, search)} replace />;
  if (!canVisitRoute(ability, flags, pathname)) return <UnauthorizedPage />;
  return children;
}
