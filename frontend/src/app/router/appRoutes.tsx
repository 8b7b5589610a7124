import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../../features/login/pages/LoginPage.js';
import { NOT_FOUND_TITLE, NotFoundPage } from '../../components/layout/NotFoundPage.js';
import { AppShell } from '../shell/AppShell.js';
import { GatedPage } from './GatedPage.js';
import { pageLoaderFor } from './pageRegistry.js';
import { PAGE_ROUTES, type PageRoute } from './routeTable.js';
import { RouteErrorPage } from './RouteErrorPage.js';
import { RouteGate } from './RouteGate.js';
import '../../components/layout/pages.css';

/** The top bar and the tab title read `handle.title` (shell/pageTitle.ts). */
function handleOf(title: string) {
  return { title };
}

function pageRoute(route: PageRoute): RouteObject {
  const Page = lazy(pageLoaderFor(route.path));
  const element = <GatedPage info={route} Page={Page} />;
  const handle = handleOf(route.title);
  return route.path === '/'
    ? { index: true, element, handle }
    : { path: route.path, element, handle };
}

/** Every page inside the shell: the spec §2 routes, /MyEffort's redirect, and the not-found page. */
export const shellChildRoutes: RouteObject[] = [
  ...PAGE_ROUTES.map(pageRoute),
  // The feature-flag rule names /MyEffort; the page lives at /effort/myEffort (spec §2, §6).
  {
    path: '/MyEffort',
    element: (
      <RouteGate>
        <Navigate to="/effort/myEffort" replace />
      </RouteGate>
    ),
    handle: handleOf('My Effort'),
  },
  { path: '*', element: <NotFoundPage />, handle: handleOf(NOT_FOUND_TITLE) },
];

/** Spec §2: /login on its own; every other path inside the shell, gated, or the not-found page. */
export const appRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, errorElement: <RouteErrorPage /> },
  {
    path: '/',
    element: <AppShell />,
    errorElement: <RouteErrorPage />,
    children: shellChildRoutes,
  },
];
