/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportQuery } from '@allot/shared-events/browser';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import CustomReportsPage from './CustomReportsPage.js';

configure({ asyncUtilTimeout: 15000 });

let auth: AuthContext;
let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer(({ method, path, body }) => {
    const url = new URL(path, 'http://x');
    const p = url.pathname;
    if (p === '/api/auth') return { body: auth };
    if (p === '/api/auth/csrf') return { body: { csrfToken: 'token' } };
    if (p === '/api/academicPeriods/active')
      return { body: { id: 'p-2026', name: '2026–2027', revision: 1 } };
    if (p === '/api/academicPeriods')
      return { body: { count: 1, rows: [{ id: 'p-2026', name: '2026–2027' }] } };
    if (p === '/api/reports' && method === 'GET') return { body: { count: 0, rows: [] } };
    if (p === '/api/reports' && method === 'POST')
      return { status: 201, body: { id: 'r-new', revision: 0, position: 'pos-1' } };
    const run = /^\/api\/reports\/(\w+)\/query$/.exec(p);
    if (run && method === 'POST') {
      const query = body as ReportQuery;
      return {
        body: {
          type: run[1],
          columns: [],
          rows: [{ id: 'u1', name: 'Ada Lovelace', email: 'ada@example.edu' }],
          count: 1,
          page: 0,
          pageSize: query.pageSize ?? 50,
          groups: null,
          totals: {},
          AcademicPeriodId: null,
          asOf: { position: 'pos-1', at: '2026-11-01T10:00:00.000Z' },
        },
      };
    }
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedInAs('admin');
  server.calls.length = 0;
});

test('an administrator defines a report on the grid and shares it with a role', async () => {
  const app = renderWithApp(
    [{ path: '/reports/admin', element: <CustomReportsPage /> }],
    '/reports/admin',
  );
  expect(await screen.findByText('No saved reports yet')).toBeInTheDocument();
  fireEvent.click(screen.getAllByRole('button', { name: 'New report' })[0] as HTMLElement);
  fireEvent.change(await screen.findByLabelText('Report type'), { target: { value: 'Users' } });
  fireEvent.change(screen.getByLabelText('Name (required)'), {
    target: { value: 'People who sign in' },
  });
  fireEvent.change(screen.getByLabelText('Description'), {
    target: { value: 'Everyone with a role.' },
  });
  const roles = screen.getByRole('group', { name: 'Share with roles' });
  fireEvent.click(within(roles).getByRole('checkbox', { name: 'Reporting User' }));
  // The grid is the editor: a column added, a filter set.
  fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
  const columns = await screen.findByRole('group', { name: 'Columns of Users' });
  fireEvent.click(within(columns).getByRole('checkbox', { name: 'Last signed in' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Active' }));
  fireEvent.change(await screen.findByRole('combobox', { name: 'Active' }), {
    target: { value: 'yes' },
  });
  // The preview runs what will be saved.
  await waitFor(() =>
    expect(server.calls.filter((c) => c.path === '/api/reports/Users/query')).toContainEqual(
      expect.objectContaining({ body: expect.objectContaining({ filters: { isActive: true } }) }),
    ),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Save report' }));
  await waitFor(() =>
    expect(
      server.calls.find((c) => c.method === 'POST' && c.path === '/api/reports')?.body,
    ).toEqual({
      name: 'People who sign in',
      description: 'Everyone with a role.',
      reportType: 'Users',
      gridState: {
        columns: [
          { key: 'name' },
          { key: 'email' },
          { key: 'roles' },
          { key: 'isFaculty' },
          { key: 'isActive' },
          { key: 'lastLoginAt' },
        ],
        filters: { isActive: true },
        sorts: [{ column: 'name', direction: 'asc' }],
        groupBy: null,
        pageSize: 50,
      },
      type: 'custom',
      sharedWithRoles: ['reportingUser'],
      AcademicPeriodId: null,
    }),
  );
  // Back to the list.
  expect(await screen.findByText('No saved reports yet')).toBeInTheDocument();
  app.unmount();
});

test('a report needs a name before it is sent', async () => {
  const app = renderWithApp(
    [{ path: '/reports/admin', element: <CustomReportsPage /> }],
    '/reports/admin?edit=new',
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Save report' }));
  expect(await screen.findByText('Name the report.')).toBeInTheDocument();
  expect(server.calls.some((c) => c.method === 'POST' && c.path === '/api/reports')).toBe(false);
  app.unmount();
});
