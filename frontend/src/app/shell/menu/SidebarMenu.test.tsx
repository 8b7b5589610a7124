/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import { jest } from '@jest/globals';
import '@testing-library/jest-dom';
import { configure, act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROLE_SLUGS, type MenuEntry, type MenuLabels } from '@allot/shared-events/browser';
import { DEMO_FEATURE_FLAGS } from '../../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { VISIBLE_MENU_BY_ROLE } from '../../../../../shared-events/src/permissions/fixtures/visibleMenuByRole.js';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer } from '../../../testing/apiServer.js';
import { ALL_FLAGS_ON, signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import { SidebarMenu } from './SidebarMenu.js';

// Two shared cores run many suites at once: lazy pages and the 300 ms branch animation can be slow.
configure({ asyncUtilTimeout: 5000 });

let auth: AuthContext = signedInAs('admin');
let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer(({ path }) => (path === '/api/auth' ? { body: auth } : undefined));
});
afterAll(() => server.close());

function renderMenu(path = '/', menu?: readonly MenuEntry[]) {
  return renderWithApp(
    [{ path: '*', element: <nav aria-label="Main menu">{<SidebarMenu menu={menu} />}</nav> }],
    path,
  );
}

async function menuList(): Promise<HTMLElement> {
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return waitFor(() => within(nav).getAllByRole('list')[0]!);
}

/** What the sidebar shows, in the fixture's shape, opening each branch to read its items. */
async function readMenu(): Promise<MenuLabels> {
  const list = await menuList();
  const labels: (string | { label: string; items: string[] })[] = [];
  for (const item of Array.from(list.children)) {
    const toggle = item.querySelector(':scope > button');
    if (!toggle) {
      labels.push(within(item as HTMLElement).getByRole('link').textContent ?? '');
      continue;
    }
    if (toggle.getAttribute('aria-expanded') !== 'true') fireEvent.click(toggle);
    const items = await screen.findByRole('list', { name: toggle.textContent ?? '' });
    labels.push({
      label: toggle.textContent ?? '',
      items: within(items)
        .getAllByRole('link')
        .map((link) => link.textContent ?? ''),
    });
  }
  return labels;
}

function demoAuth(role: (typeof ROLE_SLUGS)[number]): AuthContext {
  return signedInAs(role, { FeatureFlags: DEMO_FEATURE_FLAGS, mode: 'local' });
}

test.each(ROLE_SLUGS)('%s sees exactly the per-role fixture under the demo flags', async (role) => {
  auth = demoAuth(role);
  renderMenu();
  await screen.findByRole('link', { name: 'Dashboard' });
  expect(await readMenu()).toEqual(VISIBLE_MENU_BY_ROLE[role]);
});

test('the effort branch shows the sub-items each effort role may use (aemEnabled on)', async () => {
  auth = signedInAs('effortManager');
  const first = renderMenu();
  await screen.findByRole('link', { name: 'Dashboard' });
  expect(await readMenu()).toEqual([
    'Dashboard',
    {
      label: 'Effort Management',
      items: [
        'Overview',
        'Import Effort',
        'Classification Rules',
        'Effort Categories',
        'Cost Center Descriptions',
        'Effort Types',
        'Pay Periods',
      ],
    },
  ]);
  first.unmount();

  auth = signedInAs('effortContributor');
  renderMenu();
  await screen.findByRole('link', { name: 'Dashboard' });
  expect(await readMenu()).toEqual([
    'Dashboard',
    {
      label: 'Effort Management',
      items: [
        'Overview',
        'Effort Categories',
        'Cost Center Descriptions',
        'Effort Types',
        'Pay Periods',
      ],
    },
  ]);
});

test('entries are sorted by order, with their routes', async () => {
  auth = signedInAs('admin');
  renderMenu('/', [
    { label: 'Third', route: '/third', order: 3, subject: 'Dashboard', action: 'read' },
    { label: 'First', route: '/first', order: 1, subject: 'Dashboard', action: 'read' },
    { label: 'Second', route: '/second', order: 2, subject: 'Dashboard', action: 'read' },
  ]);
  await screen.findByRole('link', { name: 'First' });
  const links = within(await menuList()).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['First', '/first'],
    ['Second', '/second'],
    ['Third', '/third'],
  ]);
});

test('an entry without a subject or an action is hidden and a warning logged', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    auth = signedInAs('admin');
    renderMenu('/', [
      { label: 'Shown', route: '/shown', order: 1, subject: 'Dashboard', action: 'read' },
      { label: 'No subject', route: '/a', order: 2, action: 'read' },
      { label: 'No action', route: '/b', order: 3, subject: 'Dashboard' },
    ]);
    await screen.findByRole('link', { name: 'Shown' });
    expect(screen.queryByRole('link', { name: 'No subject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'No action' })).not.toBeInTheDocument();
    const messages = warn.mock.calls.map((call) => String(call[0]));
    expect(messages.some((message) => message.includes('"No subject"'))).toBe(true);
    expect(messages.some((message) => message.includes('"No action"'))).toBe(true);
  } finally {
    warn.mockRestore();
  }
});

test('only one branch is open at a time', async () => {
  auth = signedInAs('admin', { mode: 'local' });
  renderMenu();
  const configuration = await screen.findByRole('button', { name: 'Configuration' });
  const administration = screen.getByRole('button', { name: 'Administration' });
  expect(configuration).toHaveAttribute('aria-expanded', 'false');

  fireEvent.click(configuration);
  expect(configuration).toHaveAttribute('aria-expanded', 'true');
  expect(await screen.findByRole('link', { name: 'System Settings' })).toBeInTheDocument();

  fireEvent.click(administration);
  expect(administration).toHaveAttribute('aria-expanded', 'true');
  expect(configuration).toHaveAttribute('aria-expanded', 'false');
  expect(await screen.findByRole('link', { name: 'Merge Users' })).toBeInTheDocument();
  // The closing branch stays mounted through Blueprint's collapse animation (a timer): on a busy
  // machine that timer runs late, past waitFor's default second.
  await waitFor(
    () => expect(screen.queryByRole('link', { name: 'System Settings' })).not.toBeInTheDocument(),
    { timeout: 10_000 },
  );

  fireEvent.click(administration);
  expect(administration).toHaveAttribute('aria-expanded', 'false');
});

test('the active link is marked as the current page, and following a link moves it', async () => {
  auth = signedInAs('admin');
  const { router } = renderMenu('/courses');
  const courses = await screen.findByRole('link', { name: 'Course Catalog' });
  expect(courses).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');

  fireEvent.click(screen.getByRole('link', { name: 'Instructors' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/instructors'));
  expect(screen.getByRole('link', { name: 'Instructors' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Course Catalog' })).not.toHaveAttribute('aria-current');
});

test('arriving on a page inside a branch opens that branch with the page marked', async () => {
  auth = signedInAs('admin');
  const { router } = renderMenu('/settings');
  expect(await screen.findByRole('link', { name: 'System Settings' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  expect(screen.getByRole('button', { name: 'Configuration' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await act(() => router.navigate('/apikeys'));
  expect(screen.getByRole('button', { name: 'Administration' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  expect(screen.getByRole('button', { name: 'Configuration' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('a flag turned off hides what it gates (merge users without userMergeEnabled)', async () => {
  auth = signedInAs('admin', { FeatureFlags: { ...ALL_FLAGS_ON, userMergeEnabled: false } });
  renderMenu('/users');
  expect(await screen.findByRole('link', { name: 'Users' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Merge Users' })).not.toBeInTheDocument();
});
