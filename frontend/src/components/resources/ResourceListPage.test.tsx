/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { academicTermTypes } from '@allot/shared-events/browser';
import type { AuthContext } from '../../lib/api/sessionApi.js';
import { startApiServer } from '../../testing/apiServer.js';
import { signedInAs } from '../../testing/fixtures.js';
import { renderWithApp } from '../../testing/renderWithApp.js';
import { ResourceListPage } from './ResourceListPage.js';
import type { HistoryEntry } from '../../lib/api/resourceApi.js';

interface Row {
  id: string;
  revision: number;
  name: string;
  slug: string;
  isActive: boolean;
}

let auth: AuthContext;
let rows: Row[];
let putAnswer: { status: number; body: unknown } | null;
let history: HistoryEntry[];

/** A change as the history answer carries it: raw values, the label and the words shown. */
const text = (field: string, label: string, from: string | null, to: string) => ({
  field,
  from,
  to,
  label,
  display: { kind: 'text' as const, from: from ?? '(empty)', to },
});
const entry = (revision: number, type: string, extra: Partial<HistoryEntry>): HistoryEntry => ({
  position: String(revision + 1),
  revision,
  type,
  at: `2026-01-0${String(revision + 5)}T10:00:00.000Z`,
  by: { id: 'user-1', displayName: 'Ada Admin' },
  onBehalfOf: null,
  through: null,
  summary: null,
  changes: [],
  ...extra,
});
const SEMESTER_HISTORY: HistoryEntry[] = [
  entry(0, 'AcademicTermTypeCreated', { changes: [text('name', 'Name', null, 'Semestr')] }),
  entry(1, 'AcademicTermTypeUpdated', {
    onBehalfOf: { id: 'user-2', displayName: 'Fiona Faculty' },
    changes: [text('name', 'Name', 'Semestr', 'Semester')],
  }),
];
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ method, path, body }) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/auth') return { body: auth };
    if (url.pathname === '/api/auth/csrf') return { body: { csrfToken: 'token' } };
    if (url.pathname === '/api/academicTermTypes' && method === 'GET')
      return { body: { count: rows.length, rows } };
    if (url.pathname === '/api/academicTermTypes' && method === 'POST') {
      const row = { id: `t-${String(rows.length + 1)}`, revision: 0, ...(body as object) } as Row;
      rows.push(row);
      return { status: 201, body: { id: row.id, revision: 0, position: '1' } };
    }
    const one = /^\/api\/academicTermTypes\/([^/]+)$/.exec(url.pathname);
    if (one && method === 'PUT')
      return putAnswer ?? { body: { id: one[1], revision: 1, position: '2' } };
    if (one && method === 'GET') return { body: rows.find((r) => r.id === one[1]) };
    if (one && method === 'DELETE')
      return {
        status: 422,
        body: {
          statusCode: 422,
          error: 'Unprocessable Entity',
          message: 'Used by 2 academic terms. Deactivate it instead.',
          usedBy: [{ resource: 'academicTerms', count: 2 }],
        },
      };
    if (/^\/api\/academicTermTypes\/[^/]+\/deactivate$/.test(url.pathname) && method === 'POST')
      return { body: { id: 't-1', revision: 1, position: '3' } };
    if (url.pathname === '/api/history/academicTermTypes/t-1') return { body: { rows: history } };
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedInAs('admin');
  rows = [];
  putAnswer = null;
  history = SEMESTER_HISTORY;
});

/** Clicks `name` in the row's More actions menu (history, deactivate and delete live there). */
async function fromMenu(row: string, name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `More actions for ${row}` }));
  const menu = await screen.findByRole('menu', { name: `More actions for ${row}` });
  fireEvent.click(within(menu).getByRole('menuitem', { name }));
}

function renderPage() {
  return renderWithApp(
    [{ path: '/academicTermTypes', element: <ResourceListPage definition={academicTermTypes} /> }],
    '/academicTermTypes',
  );
}

test('an empty list titled by its page keeps the names in that title as written', async () => {
  const app = renderWithApp(
    [
      {
        path: '/academicTermTypes',
        element: (
          <ResourceListPage definition={academicTermTypes} title="Term types of Fall 2026" />
        ),
      },
    ],
    '/academicTermTypes',
  );
  expect(await screen.findByText('No academic term types yet')).toBeInTheDocument();
  expect(screen.queryByText(/fall 2026/)).not.toBeInTheDocument();
  app.unmount();
});

test('an empty list offers to create the first record; the dialog validates before sending', async () => {
  const app = renderPage();
  const empty = await screen.findByText('No academic term types yet');
  expect(empty).toBeInTheDocument();
  fireEvent.click(
    within(empty.closest('.bp6-non-ideal-state') as HTMLElement).getByRole('button', {
      name: 'New Academic Term Type',
    }),
  );
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
  expect(server.calls.some((c) => c.method === 'POST' && c.path === '/api/academicTermTypes')).toBe(
    false,
  );

  fireEvent.change(within(dialog).getByLabelText('Name (required)'), {
    target: { value: 'Quarter' },
  });
  fireEvent.change(within(dialog).getByLabelText('Slug (required)'), {
    target: { value: 'quarter' },
  });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(
      server.calls.find((c) => c.method === 'POST' && c.path === '/api/academicTermTypes')?.body,
    ).toEqual({
      name: 'Quarter',
      slug: 'quarter',
      isActive: true,
    }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The list is asked again after the create (its tag was invalidated).
  await waitFor(() =>
    expect(screen.queryByText('No academic term types yet')).not.toBeInTheDocument(),
  );
  app.unmount();
});

test('a reader sees no create button', async () => {
  auth = signedInAs('faculty');
  const app = renderPage();
  expect(await screen.findByText('No academic term types yet')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /New Academic Term Type/ })).not.toBeInTheDocument();
  app.unmount();
});

test('typing in a filter asks the server with a contains filter', async () => {
  rows = [{ id: 't-1', revision: 0, name: 'Semester', slug: 'semester', isActive: true }];
  const app = renderPage();
  const filter = await screen.findByLabelText('Filter by Name');
  expect(await screen.findByRole('button', { name: 'Edit Semester' })).toBeInTheDocument();
  fireEvent.change(filter, { target: { value: 'sem' } });
  await waitFor(() =>
    expect(
      server.calls.some(
        (c) =>
          c.path.startsWith('/api/academicTermTypes?') &&
          new URL(c.path, 'http://x').searchParams.get('filter') ===
            JSON.stringify({ name: { op: 'contains', value: 'sem' } }),
      ),
    ).toBe(true),
  );
  app.unmount();
});

test('a list that fails to load says so and offers to try again', async () => {
  auth = signedInAs('admin');
  const app = renderWithApp(
    [
      {
        path: '/x',
        element: <ResourceListPage definition={{ ...academicTermTypes, path: 'missingKind' }} />,
      },
    ],
    '/x',
  );
  expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  await act(async () => {
    await Promise.resolve();
  });
  app.unmount();
});

const semester = (): Row => ({
  id: 't-1',
  revision: 0,
  name: 'Semester',
  slug: 'semester',
  isActive: true,
});

test('an edit refused as stale (409) says someone else changed it and reloads the record', async () => {
  rows = [semester()];
  putAnswer = { status: 409, body: { message: 'Conflict' } };
  const app = renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'Edit Semester' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Name (required)'), { target: { value: 'Term' } });
  rows = [{ ...semester(), revision: 4, name: 'Semester (renamed elsewhere)' }];
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Changed by someone else')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
  await waitFor(() =>
    expect(screen.getByLabelText('Name (required)')).toHaveValue('Semester (renamed elsewhere)'),
  );
  app.unmount();
});

test('deleting a record in use offers to deactivate it instead', async () => {
  rows = [semester()];
  const app = renderPage();
  await fromMenu('Semester', 'Delete Semester');
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByText(/This cannot be undone/)).toBeInTheDocument();
  fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
  expect(
    await screen.findByText('Used by 2 academic terms. Deactivate it instead.'),
  ).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
  await waitFor(() =>
    expect(
      server.calls.some(
        (c) => c.method === 'POST' && c.path === '/api/academicTermTypes/t-1/deactivate',
      ),
    ).toBe(true),
  );
  app.unmount();
});

test('the history panel lists who changed what, newest first, with the masquerade', async () => {
  rows = [semester()];
  const app = renderPage();
  await fromMenu('Semester', 'History of Semester');
  const title = await screen.findByText('History: Semester');
  const drawer = title.closest('.bp6-drawer') as HTMLElement;
  const sections = await within(drawer).findAllByText(/Ada Admin/);
  expect(sections[0]).toHaveTextContent('Ada Admin on behalf of Fiona Faculty');
  expect(within(drawer).getByText('Updated')).toBeInTheDocument();
  expect(within(drawer).getByText('Created')).toBeInTheDocument();
  expect(within(drawer).getAllByText('Semestr')).toHaveLength(2);
  expect(within(drawer).getByText('(empty)')).toBeInTheDocument();
  app.unmount();
});

test('the history shows lists as added and removed, the API key and a masquerade in words, and wraps long values', async () => {
  rows = [semester()];
  const long = 'A very long description '.repeat(20).trim();
  history = [
    entry(0, 'MasqueradeStarted', { summary: 'Ada Admin started acting as Maria Garcia' }),
    entry(1, 'AcademicTermTypeUpdated', {
      by: { id: 'u-maria', displayName: 'Maria Garcia' },
      through: {
        id: 'k-1',
        name: 'Nightly import',
        createdBy: { id: 'user-1', displayName: 'Ada Admin' },
      },
      changes: [
        {
          field: 'members',
          from: [{ UserId: 'u-maria', permission: 1 }],
          to: [{ UserId: 'u-maria', permission: 3 }],
          label: 'Members',
          display: {
            kind: 'list',
            added: ['Maria Garcia (approve, assign)', 'Grace Hopper'],
            removed: ['Maria Garcia (approve)'],
          },
        },
        text('description', 'Description', null, long),
      ],
    }),
  ];
  const app = renderPage();
  await fromMenu('Semester', 'History of Semester');
  const drawer = (await screen.findByText('History: Semester')).closest(
    '.bp6-drawer',
  ) as HTMLElement;
  expect(
    await within(drawer).findByText('Ada Admin started acting as Maria Garcia'),
  ).toBeInTheDocument();
  expect(
    within(drawer).getByText(
      /Maria Garcia through API key “Nightly import” \(created by Ada Admin\)/,
    ),
  ).toBeInTheDocument();
  const added = within(drawer).getByRole('list', { name: 'Members added' });
  expect(
    within(added)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Maria Garcia (approve, assign)', 'Grace Hopper']);
  const removed = within(drawer).getByRole('list', { name: 'Members removed' });
  expect(within(removed).getByText('Maria Garcia (approve)')).toBeInTheDocument();
  // The table keeps to the drawer: long values wrap inside their cell.
  const table = within(drawer).getAllByRole('table')[0] as HTMLElement;
  expect(table).toHaveClass('allot-history-changes');
  expect(within(drawer).getByText(long)).toHaveClass('allot-history-value');
  // No ids, machine names or JSON.
  expect(drawer).not.toHaveTextContent(/u-maria|UserId|permission|\{|MasqueradeStarted/);
  app.unmount();
});

test('a row shows edit at hand and history, deactivate and delete in its More actions menu', async () => {
  rows = [
    semester(),
    { ...semester(), id: 't-2', name: 'Quarter', slug: 'quarter', isActive: false },
  ];
  const app = renderPage();
  await screen.findByRole('button', { name: 'Edit Semester' });
  const actions = screen
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'))
    .filter((name) => name?.endsWith('Semester'));
  expect(actions).toEqual(['Edit Semester', 'More actions for Semester']);
  fireEvent.click(screen.getByRole('button', { name: 'More actions for Quarter' }));
  const menu = await screen.findByRole('menu', { name: 'More actions for Quarter' });
  expect(
    within(menu)
      .getAllByRole('menuitem')
      .map((i) => i.textContent),
  ).toEqual(['History', 'Deactivate', 'Delete']);
  // Quarter is inactive already.
  expect(within(menu).getByRole('menuitem', { name: 'Deactivate Quarter' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  app.unmount();
});
