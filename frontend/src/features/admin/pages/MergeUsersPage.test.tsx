/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startApiServer } from '../../../testing/apiServer.js';
import { ALL_FLAGS_ON, signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import MergeUsersPage from './MergeUsersPage.js';

// Two shared cores run many suites at once: the page asks several counts after both picks.
configure({ asyncUtilTimeout: 5000 });

const USERS = [
  { id: 'master', displayName: 'Ada Lovelace' },
  { id: 'dup', displayName: 'Ada King' },
  { id: 'other', displayName: 'Grace Hopper' },
];
const PERIOD = {
  id: 'p-2026',
  name: '2026–2027',
  startDate: '2026-08-15',
  endDate: '2027-05-31',
  isSystemActive: true,
  publishedForFaculty: true,
  revision: 1,
};

/** The merge may read every count only while aemEnabled is off (AdminAssignment). */
let aemEnabled: boolean;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ method, path }) => {
    const url = new URL(path, 'http://x');
    const q = url.searchParams;
    if (path === '/api/auth')
      return { body: signedInAs('admin', { FeatureFlags: { ...ALL_FLAGS_ON, aemEnabled } }) };
    if (path === '/api/auth/csrf') return { body: { csrfToken: 't' } };
    if (url.pathname === '/api/users') return { body: { count: USERS.length, rows: USERS } };
    if (url.pathname === '/api/workgroups')
      return {
        body: {
          count: 2,
          rows: [
            { id: 'w1', name: 'Biology', members: [{ UserId: 'dup', permission: 2 }] },
            { id: 'w2', name: 'Physics', members: [{ UserId: 'other', permission: 3 }] },
          ],
        },
      };
    if (path === '/api/academicPeriods/active') return { body: PERIOD };
    if (url.pathname === '/api/sectionAssignments')
      return { body: { count: q.get('UserId') === 'dup' ? 3 : 0, rows: [] } };
    if (url.pathname === '/api/teachingPreferences' && q.get('AcademicPeriodId') === 'p-2026')
      return { body: { count: q.get('UserId') === 'dup' ? 5 : 0, rows: [] } };
    if (url.pathname === '/api/preferenceSubmissions' && q.get('UserId') === 'master')
      return { body: { AcademicPeriodId: 'p-2026', count: 1, rows: [{ status: 'notStarted' }] } };
    if (
      url.pathname === '/api/administrativeAssignments' &&
      q.get('filter') === JSON.stringify({ UserId: 'dup' })
    )
      return { body: { count: 1, rows: [] } };
    if (path === '/api/users/merge' && method === 'POST')
      return { body: { id: 'master', revision: 1, position: '9' } };
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  aemEnabled = false;
});

/** Types part of a name into the picker labelled `label` and picks the one match. */
async function pick(label: string, search: string, name: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: label }), {
    target: { value: search },
  });
  const matches = await screen.findByRole('menu', { name: `${label} matches` });
  // The users may still be loading: the match shows once they have.
  fireEvent.click(await within(matches).findByText(name));
  expect(await screen.findByLabelText(`${label}: ${name}`)).toBeInTheDocument();
}

/** The sentence the preview gives for one kind of data (the term's description). */
function moveOf(what: string): HTMLElement {
  const list = screen.getByLabelText('What else moves');
  return within(list).getByText(what).nextElementSibling as HTMLElement;
}

test('the preview tells what moves, with counts, and that the duplicate is deactivated; the merge names both users', async () => {
  const app = renderWithApp(
    [{ path: '/users/merge', element: <MergeUsersPage /> }],
    '/users/merge',
  );
  expect(await screen.findByText('Choose both users to see what moves.')).toBeInTheDocument();

  await pick('Keep (master)', 'lovelace', 'Ada Lovelace');
  await pick('Merge away (duplicate)', 'king', 'Ada King');

  // Workgroup memberships: the duplicate's Biology membership joins the master with its bits.
  const memberships = await screen.findByRole('table');
  expect(within(memberships).getByText('Biology')).toBeInTheDocument();
  expect(within(memberships).getByText('join, with assign')).toBeInTheDocument();
  expect(within(memberships).queryByText('Physics')).not.toBeInTheDocument();

  // Teaching data, counted through the read routes.
  await waitFor(() =>
    expect(moveOf('Teaching assignments')).toHaveTextContent(
      /^3 assignments \(every period, withdrawn ones included\) move to Ada Lovelace/,
    ),
  );
  await waitFor(() =>
    expect(moveOf('Teaching preferences')).toHaveTextContent(
      /^5 preferences in 2026–2027 move to Ada Lovelace\./,
    ),
  );
  await waitFor(() =>
    expect(moveOf('Administrative assignments')).toHaveTextContent(
      '1 assignment (every period) moves to Ada Lovelace.',
    ),
  );
  expect(moveOf('Theme setting')).toHaveTextContent('Moves to Ada Lovelace');
  // Truthful about the duplicate: marked inactive, and no longer signs in.
  expect(screen.getByText(/is marked inactive and merged into Ada Lovelace/)).toBeInTheDocument();
  expect(screen.getByText(/can no longer sign in/)).toBeInTheDocument();
  expect(screen.queryByText(/stays active/)).not.toBeInTheDocument();
  expect(
    server.calls.some(
      (c) => c.path.startsWith('/api/sectionAssignments?') && c.path.includes('take=1'),
    ),
  ).toBe(true);

  // Confirm first; nothing is sent before.
  fireEvent.click(screen.getByRole('button', { name: 'Merge users…' }));
  const alert = await screen.findByRole('alertdialog');
  expect(alert).toHaveTextContent('Merge Ada King into Ada Lovelace?');
  expect(server.calls.some((c) => c.path === '/api/users/merge')).toBe(false);
  fireEvent.click(within(alert).getByRole('button', { name: 'Merge' }));
  await waitFor(() =>
    expect(server.calls.find((c) => c.path === '/api/users/merge')?.body).toEqual({
      masterId: 'master',
      duplicateId: 'dup',
    }),
  );
  expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  // The duplicate is cleared for the next merge.
  expect(await screen.findByText('Choose both users to see what moves.')).toBeInTheDocument();
  app.unmount();
});

test('what the viewer may not read moves uncounted: administrative assignments while aemEnabled is on', async () => {
  aemEnabled = true;
  const app = renderWithApp(
    [{ path: '/users/merge', element: <MergeUsersPage /> }],
    '/users/merge',
  );
  await pick('Keep (master)', 'lovelace', 'Ada Lovelace');
  await pick('Merge away (duplicate)', 'hopper', 'Grace Hopper');
  await waitFor(() => expect(moveOf('Teaching assignments')).toHaveTextContent('None.'));
  expect(moveOf('Administrative assignments')).toHaveTextContent(
    'All of the duplicate’s move to Ada Lovelace (not counted here).',
  );
  // Nobody may read AdminAssignment while aemEnabled is on: the count is not even asked.
  expect(
    server.calls.some(
      (c) => c.path.startsWith('/api/administrativeAssignments') && c.path.includes('other'),
    ),
  ).toBe(false);
  app.unmount();
});
