/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import { jest } from '@jest/globals';
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationAnswer } from '@allot/shared-events/browser';
import type { RouteObject } from 'react-router';
import { AppShell } from './AppShell.js';
import { renderWithApp } from '../../testing/renderWithApp.js';
import { defaultWorld, startShellApi, type ShellWorld } from '../../testing/shellWorld.js';
import { masqueradingAs, signedInAs } from '../../testing/fixtures.js';

let world: ShellWorld;
let api: Awaited<ReturnType<typeof startShellApi>>;

beforeAll(async () => {
  api = await startShellApi(() => world);
});
afterAll(() => api.close());
beforeEach(() => {
  world = defaultWorld();
  api.calls.length = 0;
  window.scrollTo = jest.fn();
});

const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <p>Home body</p>, handle: { title: 'Dashboard' } },
      { path: 'dataServices', element: <p>Data services body</p>, handle: { title: 'Data' } },
    ],
  },
];

const failed = (id: string, minute: number, read = false): NotificationAnswer => ({
  id: `importRunFailed:${id}`,
  kind: 'importRunFailed',
  at: new Date(Date.UTC(2026, 10, 27, 9, minute)).toISOString(),
  read,
  title: `Scheduled import “Nightly ${id}” failed`,
  text: 'The rooms file could not be read: no such file.',
  link: `/dataServices?view=imports&run=${id}`,
});

const reads = () =>
  api.calls.filter((c) => c.method === 'POST' && c.path === '/api/notifications/read');

async function openBell(name: RegExp | string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('region', { name: 'Notifications' });
}

describe('the notifications bell', () => {
  test('says how many are unread and lists them, newest first', async () => {
    world.auth = signedInAs('academicOpsAdmin');
    world.notifications = [failed('b', 8), failed('a', 2, true)];
    renderWithApp(routes, '/');
    const panel = await openBell('Notifications, 1 unread');
    const items = within(panel).getAllByRole('button', { name: /Scheduled import/ });
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Nightly b'),
      expect.stringContaining('Nightly a'),
    ]);
    expect(items[0]).toHaveAccessibleName(/^Unread: Scheduled import “Nightly b” failed/);
    expect(items[1]).toHaveAccessibleName(/^Scheduled import “Nightly a” failed/);
  });

  test('opening one leads to what it is about and marks it read', async () => {
    world.auth = signedInAs('academicOpsAdmin');
    world.notifications = [failed('b', 8)];
    const { router } = renderWithApp(routes, '/');
    const panel = await openBell('Notifications, 1 unread');
    fireEvent.click(within(panel).getByRole('button', { name: /Nightly b/ }));
    expect(await screen.findByText('Data services body')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=imports&run=b');
    await waitFor(() =>
      expect(reads().map((c) => c.body)).toEqual([{ ids: ['importRunFailed:b'] }]),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  test('marks all read up to the newest shown', async () => {
    world.auth = signedInAs('academicOpsAdmin');
    world.notifications = [failed('b', 8), failed('a', 2)];
    renderWithApp(routes, '/');
    const panel = await openBell('Notifications, 2 unread');
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(reads().map((c) => c.body)).toEqual([{ upTo: failed('b', 8).at }]));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  test('says so when there are none', async () => {
    world.auth = signedInAs('faculty');
    renderWithApp(routes, '/');
    const panel = await openBell('Notifications');
    expect(await within(panel).findByText(/Nothing yet/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  test('viewing as someone else, their notifications show but stay unread', async () => {
    world.auth = masqueradingAs('faculty');
    world.notifications = [failed('b', 8)];
    renderWithApp(routes, '/');
    const panel = await openBell('Notifications, 1 unread');
    expect(within(panel).getByText(/their notifications stay unread for them/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all read' })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: /Nightly b/ }));
    expect(await screen.findByText('Data services body')).toBeInTheDocument();
    expect(reads()).toEqual([]);
  });

  test('is not there signed out', async () => {
    renderWithApp(routes, '/');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
  });

  test('a faculty member chooses which changes to their teaching they hear of, and how', async () => {
    world.auth = signedInAs('faculty');
    world.preferences = { appOff: ['meetingsChanged'], emailOff: [], receivesEmail: true };
    renderWithApp(routes, '/');
    const panel = await openBell('Notifications');
    fireEvent.click(within(panel).getByRole('button', { name: 'Notification settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification settings' });
    const inAllot = await within(dialog).findByRole('checkbox', {
      name: 'A section I teach meets at new times or places: in Allot',
    });
    expect(inAllot).not.toBeChecked();
    expect(within(dialog).getByText(/one message an hour at most/)).toBeInTheDocument();
    fireEvent.click(inAllot);
    fireEvent.click(
      within(dialog).getByRole('checkbox', { name: 'I am proposed to teach a section: by e-mail' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.method === 'PUT' && c.path === '/api/notifications/preferences'),
      ).toEqual([
        {
          method: 'PUT',
          path: '/api/notifications/preferences',
          body: { appOff: [], emailOff: ['assignmentProposed'] },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('the settings say when e-mail cannot reach the person, and are only looked at while viewing as them', async () => {
    world.auth = masqueradingAs('faculty');
    world.preferences = { appOff: [], emailOff: [], receivesEmail: false };
    renderWithApp(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: /^Account menu for/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Notification settings…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notification settings' });
    expect(
      await within(dialog).findByText(/does not receive e-mail from Allot/),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(/only they may change their notification settings/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    for (const toggle of within(dialog).getAllByRole('checkbox')) expect(toggle).toBeDisabled();
  });

  test('offers no settings to someone without teaching of their own', async () => {
    world.auth = signedInAs('academicOpsAdmin');
    renderWithApp(routes, '/');
    const panel = await openBell('Notifications');
    expect(within(panel).queryByRole('button', { name: 'Notification settings' })).toBeNull();
  });
});
