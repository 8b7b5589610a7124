/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { readFileSync } from 'node:fs';
import { screen, waitFor } from '@testing-library/react';
import { LoginPage, LOGIN_PAGE_TITLE } from './LoginPage.js';
import { startApiServer, type ApiCall } from '../../../testing/apiServer.js';
import { settingsRows, signedInAs, signedOut } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import type { AppInfo, AuthContext } from '../../../lib/api/sessionApi.js';

interface World {
  auth: AuthContext;
  appInfo: AppInfo;
  settingsDelayMs?: number;
  appInfoStatus?: number;
  institution?: string;
}

let world: World;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(async ({ path }: ApiCall) => {
    if (path === '/api/auth') return { body: world.auth };
    if (path === '/api/app-info')
      return world.appInfoStatus
        ? { status: world.appInfoStatus, body: { message: 'It broke.' } }
        : { body: world.appInfo };
    if (path === '/api/settings') {
      if (world.settingsDelayMs)
        await new Promise((resolve) => setTimeout(resolve, world.settingsDelayMs));
      return {
        body: settingsRows({
          institution_name: world.institution ?? 'State University',
          primary_color: '#8a1538',
        }),
      };
    }
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  world = {
    auth: signedOut,
    appInfo: { strategyExists: true, error: '', featureFlags: { auth0Enabled: true } },
  };
  document.body.className = '';
  window.localStorage.clear();
});

function renderLogin(path = '/login') {
  return renderWithApp(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    path,
  );
}

test('shows Loading while the session and colour load, then the card', async () => {
  world.settingsDelayMs = 300;
  renderLogin();
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  expect(await screen.findByRole('heading', { name: LOGIN_PAGE_TITLE })).toBeInTheDocument();
  expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  expect(document.title).toBe('Login to Allot');
  expect(screen.getByText('State University Users')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'State University logo' })).toHaveAttribute(
    'src',
    '/api/logo.png',
  );
});

test('a slow colour answer holds the card back only until the theme load timeout', async () => {
  world.settingsDelayMs = 2000;
  renderWithApp([{ path: '/login', element: <LoginPage appearanceTimeoutMs={200} /> }], '/login');
  expect(screen.getByRole('status')).toHaveTextContent('Loading');
  const started = Date.now();
  expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
  expect(Date.now() - started).toBeLessThan(1500);
  expect(document.body).toHaveClass('bp6-dark');
});

test('Log In goes to the SSO service with the origin when auth0Enabled', async () => {
  renderLogin('/login?origin=%2Fcourses%3Fterm%3D2');
  const button = await screen.findByRole('button', { name: 'Log In' });
  expect(button).toHaveAttribute('href', '/api/auth0/login?origin=%2Fcourses%3Fterm%3D2');
});

test('Log In goes to SAML when auth0Enabled is false, and drops an absolute origin', async () => {
  world.appInfo = { strategyExists: true, error: '', featureFlags: { auth0Enabled: false } };
  renderLogin('/login?origin=https%3A%2F%2Fevil.example%2F');
  const button = await screen.findByRole('button', { name: 'Log In' });
  expect(button).toHaveAttribute('href', '/api/auth/saml');
});

test('an app-info error is shown followed by a request to contact support', async () => {
  world.appInfo = {
    strategyExists: true,
    error: 'The identity provider did not answer.',
    featureFlags: { auth0Enabled: true },
  };
  renderLogin();
  expect(
    await screen.findByText('The identity provider did not answer. Please contact support.'),
  ).toBeInTheDocument();
});

test('no authentication strategy: Authentication Configuration Issue, contact support, no button', async () => {
  world.appInfo = { strategyExists: false, error: '', featureFlags: { auth0Enabled: false } };
  renderLogin();
  expect(await screen.findByText('Authentication Configuration Issue')).toBeInTheDocument();
  expect(screen.getByText('Please contact support.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();
});

test('a misconfigured sign-in points the administrator to the server log', async () => {
  const error =
    'Sign-in is not set up correctly. An administrator can find the reason in the server log.';
  world.appInfo = { strategyExists: false, error, featureFlags: { auth0Enabled: false } };
  renderLogin();
  expect(await screen.findByText('Authentication Configuration Issue')).toBeInTheDocument();
  expect(screen.getByText(`${error} Please contact support.`)).toBeInTheDocument();
});

test('app-info that cannot be read: sign-in unavailable, contact support', async () => {
  world.appInfoStatus = 500;
  renderLogin();
  expect(await screen.findByText('Sign-in is unavailable')).toBeInTheDocument();
  expect(
    screen.getByText('The sign-in service could not be reached. Please contact support.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();
});

test('an authenticated visitor is sent to /', async () => {
  world.auth = signedInAs('faculty');
  renderLogin('/login?origin=%2Fcourses');
  expect(await screen.findByText('Home page')).toBeInTheDocument();
});

test('applies the dark theme by default and the institution colour', async () => {
  renderLogin();
  await screen.findByRole('button', { name: 'Log In' });
  await waitFor(() => expect(document.body).toHaveClass('bp6-dark'));
  expect(document.documentElement.style.getPropertyValue('--allot-primary')).toBe('#8a1538');
});

test('the theme this browser last showed applies on the login page', async () => {
  window.localStorage.setItem('allot.theme', 'light');
  renderLogin();
  await screen.findByRole('button', { name: 'Log In' });
  expect(document.body).not.toHaveClass('bp6-dark');
});

/** The declarations of one rule of the app's stylesheet (jsdom lays nothing out). */
function cssRule(selector: string): string {
  const css = readFileSync(new URL('../../../app/index.css', import.meta.url), 'utf8');
  const at = css.indexOf(`${selector} {`);
  return at < 0 ? '' : css.slice(at, css.indexOf('}', at));
}

test('the longest institution name (120 characters, one word) wraps inside the card', async () => {
  world.institution = 'N'.repeat(120);
  renderLogin();
  const audience = await screen.findByText(`${'N'.repeat(120)} Users`);
  expect(audience).toHaveClass('allot-login__audience');
  // Broken anywhere and held to the card's width, even without a space to break at.
  const rule = cssRule('.allot-login__audience');
  expect(rule).toMatch(/overflow-wrap:\s*anywhere/);
  expect(rule).toMatch(/max-width:\s*100%/);
});
