import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { PageSpinner } from './PageSpinner.js';
import { RouteErrorPage } from './RouteErrorPage.js';

/**
 * The shell's routes under a bare layout instead of AppShell, so routing tests exercise the gates
 * and pages without the top bar's and drawer's own calls.
 */
export function underBareLayout(children: RouteObject[]): RouteObject[] {
  return [
    {
      path: '/',
      element: (
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      ),
      errorElement: <RouteErrorPage />,
      children,
    },
    { path: '/login', element: <p>Login page</p> },
  ];
}
