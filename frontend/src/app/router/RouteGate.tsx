import type { ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { OfflineIcon, RefreshIcon } from '@blueprintjs/icons';
import { Navigate, useLocation } from 'react-router';
import { UnauthorizedPage } from './pages/UnauthorizedPage.js';
import { loginPathFor } from './loginRedirect.js';
import { PageSpinner } from './PageSpinner.js';
import { useRouteAccess } from './routeAccess.js';

/**
 * Spec §2 protected routes: blocked until the auth context and its flags loaded; then the
 * route's flag gates and permission (the server's tables) decide. A signed-in viewer who may not
 * see the page gets Unauthorized; an anonymous one goes to /login with the origin. Only the
 * dashboard is shown to anonymous visitors: every other page reads data that needs a session.
 */
export function RouteGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const access = useRouteAccess();

  if (access === 'dashboard' || access === 'allowed') return children;
  if (access === 'loading') return <PageSpinner />;
  if (access === 'failed') {
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
  if (access === 'anonymous') return <Navigate to={loginPathFor(pathname, search)} replace />;
  return <UnauthorizedPage />;
}
