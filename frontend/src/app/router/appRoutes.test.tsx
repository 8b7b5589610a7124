/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { configure, screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import type { AuthContext } from '../../lib/api/sessionApi.js';
import { startApiServer } from '../../testing/apiServer.js';
import { ALL_FLAGS_ON, signedInAs, signedOut } from '../../testing/fixtures.js';
import { renderWithApp } from '../../testing/renderWithApp.js';
import { appRoutes, shellChildRoutes } from './appRoutes.js';
import { underBareLayout } from './testing.js';

// Two shared cores run many suites at once: lazy pages and the 300 ms branch animation can be slow.
configure({ asyncUtilTimeout: 5000 });

let auth: AuthContext = signedOut;
let authDelayMs = 0;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(async ({ path }) => {
    if (path !== '/api/auth') return undefined;
    if (authDelayMs) await new Promise((resolve) => setTimeout(resolve, authDelayMs));
    return { body: auth };
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedOut;
  authDelayMs = 0;
});

const AEM_OFF = { ...ALL_FLAGS_ON, aemEnabled: false, aemEnabledFaculty: false };

function visit(path: string) {
  return renderWithApp(underBareLayout(shellChildRoutes), path);
}

async function expectPage(title: string) {
  expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
}

// Written from spec §2 (its route list and the menu's extra routes), not from the route table.
const SPEC_ROUTES = [
  '/',
  '/dataServices',
  '/courses',
  '/courseOfferings',
  '/sections',
  '/sectionAssignments',
  '/effort',
  '/effort/anything',
  '/administrativeAssignments',
  '/mySharedTeaching',
  '/mySchedule',
  '/instructors',
  '/teachingPreferencesMine',
  '/myWorkload',
  '/schedule',
  '/instructorWorkload/42',
  '/reports',
  '/reports/7',
  '/academicPeriods',
  '/workgroups',
  '/cloning',
  '/emailInstructors',
  '/instructorCosts',
  '/locations',
  '/users',
  '/users/merge',
  '/apikeys',
  '/settings',
  '/academicTermTypes',
  '/administrativeAssignmentTypes',
  '/assignmentTypes',
  '/divisions',
  '/taxonomies',
  '/taxonomies/majors',
  '/instructorTypes',
  '/pointTypes',
  '/ranks',
  '/teachingModes',
  '/tracks',
  '/styles',
  '/styles/formik-fields',
  '/adminAssignmentsMine',
  '/effort/myTeaching',
  '/effort/myEffort',
  '/MyEffort',
  '/reports/admin',
  '/effort/timeline/position/9',
  '/effort/import',
  '/effort/classificationRules',
  '/effort/categories',
  '/effort/costCenterDescriptions',
  '/effort/types',
  '/effort/payPeriods',
];

test('every route of spec §2 exists and has a title; any other path is the not-found route', () => {
  for (const path of SPEC_ROUTES) {
    const matches = matchRoutes(appRoutes, path) ?? [];
    const leaf = matches.at(-1)?.route;
    expect([path, leaf?.path]).not.toEqual([path, '*']);
    expect([path, (leaf?.handle as { title?: string } | undefined)?.title]).toEqual([
      path,
      expect.any(String),
    ]);
  }
  expect(matchRoutes(appRoutes, '/no/such/page')?.at(-1)?.route.path).toBe('*');
  expect(matchRoutes(appRoutes, '/login')?.at(-1)?.route.path).toBe('/login');
});

test('a permitted page shows its frame: the menu label and a description', async () => {
  auth = signedInAs('admin');
  visit('/emailInstructors');
  await expectPage('Email Instructors');
  expect(screen.getByText('Send e-mail to groups of instructors.')).toBeInTheDocument();
});

test('a path under /effort that names no page is not found, inside the effort permission', async () => {
  auth = signedInAs('effortManager');
  visit('/effort/anything');
  await expectPage('Page not found');
  expect(screen.getByText('/effort/anything')).toBeInTheDocument();
});

test('routes are blocked (spinner) until the auth context and its flags have loaded', async () => {
  auth = signedInAs('admin');
  authDelayMs = 300;
  visit('/emailInstructors');
  expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Email Instructors' })).not.toBeInTheDocument();
  await expectPage('Email Instructors');
});

test('a signed-in user without the permission sees Unauthorized', async () => {
  auth = signedInAs('faculty');
  visit('/emailInstructors');
  await expectPage('Unauthorized');
  expect(screen.queryByRole('heading', { name: 'Email Instructors' })).not.toBeInTheDocument();
});

test('an anonymous visitor is sent to /login carrying the origin with its query', async () => {
  const { router } = visit('/emailInstructors?page=2');
  expect(await screen.findByText('Login page')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  expect(new URLSearchParams(router.state.location.search).get('origin')).toBe(
    '/emailInstructors?page=2',
  );
});

test('the dashboard is always allowed, also to an anonymous visitor', async () => {
  const { router } = visit('/');
  await expectPage('Dashboard');
  expect(screen.getByText('Sign in to see your dashboard')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
});

test('an unknown path shows the not-found page', async () => {
  auth = signedInAs('admin');
  visit('/no/such/page');
  await expectPage('Page not found');
  expect(screen.getByText('/no/such/page')).toBeInTheDocument();
});

test('/users/merge needs userMergeEnabled besides merge on User', async () => {
  auth = signedInAs('admin', { FeatureFlags: { ...ALL_FLAGS_ON, userMergeEnabled: false } });
  const first = visit('/users/merge');
  await expectPage('Unauthorized');
  first.unmount();

  auth = signedInAs('admin');
  visit('/users/merge');
  await expectPage('Merge Users');
});

test('every /effort page needs aemEnabled', async () => {
  auth = signedInAs('effortManager', { FeatureFlags: AEM_OFF });
  const first = visit('/effort/import');
  await expectPage('Unauthorized');
  first.unmount();

  auth = signedInAs('effortManager');
  visit('/effort/import');
  await expectPage('Import Effort');
});

test('/MyEffort needs aemEnabled and aemEnabledFaculty, then redirects to /effort/myEffort', async () => {
  auth = signedInAs('faculty', { FeatureFlags: { ...ALL_FLAGS_ON, aemEnabledFaculty: false } });
  const first = visit('/MyEffort');
  await expectPage('Unauthorized');
  first.unmount();

  auth = signedInAs('faculty');
  const { router } = visit('/MyEffort');
  await expectPage('My Effort');
  expect(router.state.location.pathname).toBe('/effort/myEffort');
});

test('/effort/timeline/position/:positionId needs read on EffortTimeline', async () => {
  auth = signedInAs('effortContributor');
  const first = visit('/effort/timeline/position/p-17');
  await expectPage('Effort Timeline');
  first.unmount();

  auth = signedInAs('reportingUser');
  visit('/effort/timeline/position/p-17');
  await expectPage('Unauthorized');
});

test('a path the permission table leaves out is open to any signed-in user', async () => {
  auth = signedInAs('faculty');
  visit('/instructorWorkload/u-3');
  await expectPage('Instructor Workload');
});

test('a developer page needs local or development mode', async () => {
  auth = signedInAs('admin', { mode: 'production' });
  const first = visit('/styles');
  await expectPage('Unauthorized');
  first.unmount();

  auth = signedInAs('admin', { mode: 'development' });
  visit('/styles');
  await expectPage('Style Guide');
});

test('paths match case-insensitively, as the server’s gates do', async () => {
  auth = signedInAs('faculty');
  visit('/COURSES');
  await expectPage('Unauthorized');
});

test('the route handle carries the page title the top bar shows', async () => {
  auth = signedInAs('admin');
  const { router } = visit('/academicTermTypes');
  await expectPage('Academic Term Types');
  await waitFor(() =>
    expect(router.state.matches.at(-1)?.route.handle).toEqual({ title: 'Academic Term Types' }),
  );
});
