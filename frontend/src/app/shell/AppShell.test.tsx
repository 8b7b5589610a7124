/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import { jest } from '@jest/globals';
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { AppShell } from './AppShell.js';
import { renderWithApp } from '../../testing/renderWithApp.js';
import { defaultWorld, startShellApi, type ShellWorld } from '../../testing/shellWorld.js';
import { masqueradingAs, signedInAs } from '../../testing/fixtures.js';
import { MASQUERADE_LOCK_TEXT, DIFFERS_TEXT } from './WorkingPeriodControl.js';
import { THEME_LOCKED_TEXT } from './ThemeToggle.js';

let world: ShellWorld;
let api: Awaited<ReturnType<typeof startShellApi>>;

beforeAll(async () => {
  api = await startShellApi(() => world);
});
afterAll(() => api.close());
beforeEach(() => {
  world = defaultWorld();
  api.calls.length = 0;
  document.body.className = '';
  window.localStorage.clear();
  // jsdom has no layout, so no scrolling; the shell's scroll reset calls this on navigation.
  window.scrollTo = jest.fn();
});

const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <p>Home body</p>, handle: { title: 'Dashboard' } },
      { path: 'courses', element: <p>Courses body</p>, handle: { title: 'Courses' } },
    ],
  },
];

const renderShell = (path = '/') => renderWithApp(routes, path);
const callsTo = (method: string, path: RegExp) =>
  api.calls.filter((call) => call.method === method && path.test(call.path));

async function openAccountMenu() {
  fireEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
  return screen.findByRole('menu', { name: 'Account' });
}

describe('layout', () => {
  test('skip link first, then the drawer, top bar with the route title, and main content', async () => {
    world.auth = signedInAs('admin');
    const { router } = renderShell('/courses');
    expect(await screen.findByRole('heading', { name: 'Courses', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Courses | Allot');
    const focusable = document.querySelectorAll('a[href], button, [tabindex="0"], select, input');
    expect(focusable[0]).toHaveTextContent('Skip to main content');
    expect(focusable[0]).toHaveAttribute('href', '#main-content');
    expect(await screen.findByText('Courses body')).toBeInTheDocument();
    expect(document.getElementById('main-content')).toHaveTextContent('Courses body');
    expect(screen.getByRole('complementary', { name: 'Navigation' })).toBeInTheDocument();
    // Spec §9: a 240 px drawer sliding in 300 ms.
    const shell = document.querySelector<HTMLElement>('.allot-shell');
    expect(shell?.style.getPropertyValue('--allot-drawer-width')).toBe('240px');
    expect(shell?.style.getPropertyValue('--allot-transition')).toBe('300ms');

    const main = document.getElementById('main-content') as HTMLElement;
    main.scrollTop = 300;
    (window.scrollTo as jest.Mock).mockClear();
    await act(() => router.navigate('/'));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(main.scrollTop).toBe(0);
  });

  test('the default white logo, or the uploaded one when the logo setting is true', async () => {
    world.auth = signedInAs('faculty');
    const first = renderShell();
    expect(await screen.findByRole('img', { name: 'Allot logo' })).toBeInTheDocument();
    first.unmount();
    world.settings.logo = 'true';
    renderShell();
    const uploaded = await screen.findByRole('img', { name: 'State University logo' });
    expect(uploaded).toHaveAttribute('src', '/api/logo.png');
    // Spec §9: 170 px wide, at most 64 px high.
    expect(uploaded).toHaveAttribute('width', '170');
    expect(uploaded.style.maxHeight).toBe('64px');
  });

  test('the drawer footer holds the user name and the version and mode badges', async () => {
    world.auth = signedInAs('faculty', {}, 'Fiona Faculty');
    renderShell();
    expect(await screen.findByTestId('drawer-user-name')).toHaveTextContent('Fiona Faculty');
    const footer = screen.getByTestId('drawer-user-name').closest('.allot-drawer__footer');
    expect(footer).not.toBeNull();
    await waitFor(() => expect(footer).toHaveTextContent('test'));
  });

  test('the institution colour becomes the primary colour; dark is the default theme', async () => {
    world.auth = signedInAs('faculty');
    world.settings.primary_color = '#8a1538';
    renderShell();
    await screen.findByTestId('drawer-user-name');
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--allot-primary')).toBe('#8a1538'),
    );
    expect(document.body).toHaveClass('bp6-dark');
  });
});

describe('signed out', () => {
  test('a Log In button carrying the current path, and no signed-in controls', async () => {
    world.settings.support_url = 'https://support.example.edu/chat';
    renderShell('/courses');
    const logIn = await screen.findByRole('button', { name: 'Log In' });
    expect(logIn).toHaveAttribute('href', '/login?origin=%2Fcourses');
    expect(screen.queryByRole('button', { name: /theme/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Chat with support' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('drawer-user-name')).not.toBeInTheDocument();
    expect(callsTo('GET', /userSettings/)).toEqual([]);
  });
});

describe('working academic period', () => {
  test('an administrator reads the working period, edits it in a select sorted newest first', async () => {
    world.auth = signedInAs('admin', { workingAcademicPeriodId: 'p-2026' });
    renderShell();
    expect(await screen.findByText('2026–2027')).toBeInTheDocument();
    expect(screen.queryByLabelText(DIFFERS_TEXT)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Change the working period' }));
    const select = await screen.findByRole('combobox', { name: 'Working period' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2026–2027', '2025–2026', '2024–2025']);
    fireEvent.change(select, { target: { value: 'p-2024' } });

    // Back to the read view with the new period, which differs from the active one.
    expect(await screen.findByLabelText(DIFFERS_TEXT)).toBeInTheDocument();
    expect(screen.getByText('2024–2025')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(callsTo('PUT', /^\/api\/users\/user-1\/working$/).map((c) => c.body)).toEqual([
      { id: 'user-1', WorkingAcademicPeriodId: 'p-2024' },
    ]);
  });

  test('Escape leaves the edit view without a change', async () => {
    world.auth = signedInAs('admin', { workingAcademicPeriodId: 'p-2026' });
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Change the working period' }));
    fireEvent.keyDown(await screen.findByRole('combobox'), { key: 'Escape' });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change the working period' })).toHaveFocus();
    expect(callsTo('PUT', /working/)).toEqual([]);
  });

  test('a non-administrator sees only the active period name, and no period list is read', async () => {
    world.auth = signedInAs('faculty', { workingAcademicPeriodId: 'p-2024' }, 'Fiona Faculty');
    renderShell();
    expect(await screen.findByText('2026–2027')).toBeInTheDocument();
    expect(screen.getByText('Academic period')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the working period' })).toBeNull();
    expect(callsTo('GET', /^\/api\/academicPeriods\?/)).toEqual([]);
  });

  test('while masquerading the period is locked, with a tooltip saying so', async () => {
    world.auth = masqueradingAs('faculty');
    renderShell();
    expect(await screen.findByLabelText(MASQUERADE_LOCK_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change the working period' })).toBeNull();
    fireEvent.mouseEnter(screen.getByLabelText(MASQUERADE_LOCK_TEXT));
    await waitFor(() =>
      expect(document.querySelector('.bp6-tooltip')).toHaveTextContent(MASQUERADE_LOCK_TEXT),
    );
  });
});

describe('theme toggle', () => {
  test('the first choice creates the user setting, the next updates it; the body follows', async () => {
    world.auth = signedInAs('faculty');
    renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Switch to the light theme' }));
    await waitFor(() => expect(document.body).not.toHaveClass('bp6-dark'));
    await waitFor(() =>
      expect(callsTo('POST', /^\/api\/userSettings$/).map((c) => c.body)).toEqual([
        { UserId: 'user-1', value: 'light' },
      ]),
    );
    const toDark = await screen.findByRole('button', { name: 'Switch to the dark theme' });
    await waitFor(() => expect(toDark).toBeEnabled());
    fireEvent.click(toDark);
    await waitFor(() => expect(document.body).toHaveClass('bp6-dark'));
    await waitFor(() =>
      expect(callsTo('PUT', /^\/api\/userSettings\/settings-1$/).map((c) => c.body)).toEqual([
        { UserId: 'user-1', value: 'dark' },
      ]),
    );
  });

  test('disabled while masquerading', async () => {
    world.auth = masqueradingAs('faculty');
    renderShell();
    expect(await screen.findByRole('button', { name: THEME_LOCKED_TEXT })).toBeDisabled();
  });
});

describe('account menu', () => {
  test('opens on click and closes on a click elsewhere; Logout goes to /api/auth/logout', async () => {
    world.auth = signedInAs('faculty', {}, 'Fiona Faculty');
    renderShell();
    const menu = await openAccountMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveAttribute(
      'href',
      '/api/auth/logout',
    );
    expect(within(menu).queryByRole('menuitem', { name: 'Masquerade as…' })).toBeNull();
    fireEvent.mouseDown(document.body);
    fireEvent.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu', { name: 'Account' })).toBeNull());
  });

  test('sign out everywhere asks first, then ends every session and leaves the person signed out', async () => {
    world.auth = signedInAs('faculty', {}, 'Fiona Faculty');
    const { router } = renderShell('/courses');
    fireEvent.click(
      within(await openAccountMenu()).getByRole('menuitem', { name: 'Sign out everywhere…' }),
    );
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('every browser and device');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo('DELETE', /^\/api\/auth\/sessions$/)).toHaveLength(0);

    fireEvent.click(
      within(await openAccountMenu()).getByRole('menuitem', { name: 'Sign out everywhere…' }),
    );
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Sign out everywhere',
      }),
    );
    await waitFor(() => expect(callsTo('DELETE', /^\/api\/auth\/sessions$/)).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  test('an administrator masquerades through the searchable picker', async () => {
    world.auth = signedInAs('admin');
    const { router } = renderShell('/courses');
    const menu = await openAccountMenu();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Masquerade as…' }));
    expect(await screen.findByRole('menuitem', { name: 'James Chen' })).toBeInTheDocument();
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search users by name' }), {
      target: { value: 'garc' },
    });
    // The list narrows once the search has paused and the server answered.
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'James Chen' })).toBeNull());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Maria Garcia' }));

    await waitFor(() =>
      expect(screen.getByTestId('drawer-user-name')).toHaveTextContent('Maria Garcia'),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(callsTo('POST', /^\/api\/users\/masquerade$/).map((c) => c.body)).toEqual([
      { id: 'user-7' },
    ]);
    const searches = callsTo('GET', /^\/api\/users\?/).map((c) =>
      new URL(c.path, 'http://x').searchParams.get('filter'),
    );
    expect(searches).toContain(
      JSON.stringify({ isActive: true, displayName: { op: 'contains', value: 'garc' } }),
    );
    // The picker's list belongs to the administrator: not asked for again as the faculty member.
    const afterStart = api.calls.findIndex((c) => c.method === 'POST');
    expect(
      api.calls
        .slice(afterStart)
        .filter((c) => c.method === 'GET' && c.path.startsWith('/api/users?')),
    ).toEqual([]);
  });

  test('while masquerading: End Masquerade instead of Logout, which goes back to /', async () => {
    world.auth = masqueradingAs('faculty');
    const { router } = renderShell('/courses');
    expect(await screen.findByText('Masquerading')).toBeInTheDocument();
    const menu = await openAccountMenu();
    expect(within(menu).queryByRole('menuitem', { name: 'Logout' })).toBeNull();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'End Masquerade' }));
    await waitFor(() =>
      expect(screen.getByTestId('drawer-user-name')).toHaveTextContent('Ada Admin'),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(callsTo('DELETE', /^\/api\/users\/masquerade$/)).toHaveLength(1);
    expect(screen.queryByText('Masquerading')).toBeNull();
  });
});

describe('support chat', () => {
  test('hidden without a support_url setting', async () => {
    world.auth = signedInAs('faculty');
    renderShell();
    await screen.findByTestId('drawer-user-name');
    expect(screen.queryByRole('button', { name: 'Chat with support' })).toBeNull();
  });

  test('a javascript: support_url is never linked', async () => {
    world.auth = signedInAs('faculty');
    world.settings.support_url = 'javascript:alert(1)';
    renderShell();
    await screen.findByTestId('drawer-user-name');
    expect(screen.queryByRole('button', { name: 'Chat with support' })).toBeNull();
  });

  test('disabled for the first 5 seconds, then opens the support URL', async () => {
    world.auth = signedInAs('faculty');
    world.settings.support_url = 'https://support.example.edu/chat';
    const started = Date.now();
    renderShell();
    const chat = await screen.findByRole('button', { name: 'Chat with support' });
    expect(chat).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(chat).toHaveAttribute('aria-disabled', 'false'), {
      timeout: 7000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
    expect(chat).toHaveAttribute('href', 'https://support.example.edu/chat');
    expect(chat).toHaveAttribute('target', '_blank');
  }, 15000);
});
