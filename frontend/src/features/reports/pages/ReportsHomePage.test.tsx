/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportSnapshotAnswer, SavedReportAnswer } from '@allot/shared-events/browser';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import ReportsHomePage from './ReportsHomePage.js';

configure({ asyncUtilTimeout: 15000 });

function report(id: string, name: string, extra: Partial<SavedReportAnswer>): SavedReportAnswer {
  return {
    id,
    name,
    description: null,
    reportType: 'Sections',
    gridState: {
      columns: [{ key: 'courseNumber' }],
      filters: {},
      sorts: [],
      groupBy: null,
      pageSize: 50,
    },
    needsConversion: false,
    type: 'custom',
    sharedWithRoles: [],
    AcademicPeriodId: null,
    UserId: 'user-1',
    owner: { id: 'user-1', name: 'Rita Reports' },
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
    revision: 1,
    ...extra,
  };
}

const REPORTS = [
  report('sys', 'Coverage by workgroup', { type: 'system', UserId: null, owner: null }),
  report('mine', 'My uncovered sections', { needsConversion: true }),
  report('shared', 'Workload for chairs', {
    reportType: 'InstructorWorkloads',
    UserId: 'user-9',
    owner: { id: 'user-9', name: 'Olga Ops' },
    sharedWithRoles: ['reportingUser', 'academicAffairsApprover'],
  }),
];

const SNAPSHOTS: ReportSnapshotAnswer[] = [
  {
    id: 'snap-1',
    name: 'Before review',
    reportType: 'Sections',
    query: {},
    position: 'pos-5',
    takenAt: '2026-10-15T09:30:00.000Z',
    takenBy: { id: 'user-1', name: 'Rita Reports' },
    rowCount: 1030,
    revision: 0,
  },
];

let auth: AuthContext;
let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer(({ method, path }) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/auth') return { body: auth };
    if (url.pathname === '/api/auth/csrf') return { body: { csrfToken: 'token' } };
    if (url.pathname === '/api/reports' && method === 'GET') {
      const type = url.searchParams.get('reportType');
      const rows = REPORTS.filter((r) => !type || r.reportType === type);
      return { body: { count: rows.length, rows } };
    }
    if (url.pathname === '/api/reportSnapshots')
      return { body: { count: SNAPSHOTS.length, rows: SNAPSHOTS } };
    if (method === 'DELETE') return { body: { id: 'x', revision: 2, position: 'p' } };
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedInAs('reportingUser', {}, 'Rita Reports');
  server.calls.length = 0;
});

const render = (path = '/reports') =>
  renderWithApp([{ path: '/reports', element: <ReportsHomePage /> }], path);
const savedTable = () => screen.findByRole('table', { name: 'Saved reports' });
const rowOf = async (name: string) =>
  (await within(await savedTable()).findByRole('link', { name })).closest('tr') as HTMLElement;

test('the saved reports a reporting user may open: system marked, owners named, checks flagged', async () => {
  const app = render();
  const table = await savedTable();
  const system = await rowOf('Coverage by workgroup');
  expect(within(system).getByText('System')).toBeInTheDocument();
  expect(within(system).getAllByText('Everyone')).toHaveLength(2);
  const mine = await rowOf('My uncovered sections');
  expect(within(mine).getByText('Needs checking')).toBeInTheDocument();
  expect(within(mine).getByText('You')).toBeInTheDocument();
  const shared = await rowOf('Workload for chairs');
  expect(within(shared).getByText('Olga Ops')).toBeInTheDocument();
  expect(within(shared).getByText('Reporting User, Academic Affairs Approver')).toBeInTheDocument();
  expect(within(table).getByRole('link', { name: 'Coverage by workgroup' })).toHaveAttribute(
    'href',
    '/reports/Sections?report=sys',
  );
  // New report: every type Allot can run, with what it shows.
  const types = screen.getByRole('list', { name: 'Report types' });
  expect(within(types).getAllByRole('link')).toHaveLength(10);
  expect(within(types).getByRole('link', { name: 'Sections' })).toHaveAttribute(
    'href',
    '/reports/Sections',
  );
  // The snapshots.
  const snapshots = await screen.findByRole('table', { name: 'Snapshots' });
  expect(within(snapshots).getByRole('link', { name: 'Before review' })).toHaveAttribute(
    'href',
    '/reports/Sections?snapshot=snap-1',
  );
  app.unmount();
});

test('a reporting user changes and deletes their own reports only, never a system one', async () => {
  const app = render();
  const system = await rowOf('Coverage by workgroup');
  expect(within(system).queryAllByRole('button')).toHaveLength(0);
  const shared = await rowOf('Workload for chairs');
  expect(within(shared).queryAllByRole('button')).toHaveLength(0);
  const mine = await rowOf('My uncovered sections');
  await waitFor(() =>
    expect(
      within(mine).getByRole('button', { name: 'Edit the details of My uncovered sections' }),
    ).toBeInTheDocument(),
  );
  // Delete asks first.
  fireEvent.click(within(mine).getByRole('button', { name: 'Delete My uncovered sections' }));
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByText('My uncovered sections')).toBeInTheDocument();
  expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
  await waitFor(() =>
    expect(server.calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/reports/mine'),
  );
  app.unmount();
});

test('an administrator may change and delete any report, the system ones too', async () => {
  auth = signedInAs('admin');
  const app = render();
  const system = await rowOf('Coverage by workgroup');
  await waitFor(() =>
    expect(
      within(system).getByRole('button', { name: 'Delete Coverage by workgroup' }),
    ).toBeInTheDocument(),
  );
  expect(
    within(system).getByRole('button', { name: 'Edit the details of Coverage by workgroup' }),
  ).toBeInTheDocument();
  app.unmount();
});

test('the list filters by report type, kept in the address', async () => {
  const app = render('/reports?type=InstructorWorkloads');
  await rowOf('Workload for chairs');
  expect(within(await savedTable()).queryByRole('link', { name: 'Coverage by workgroup' })).toBe(
    null,
  );
  expect(screen.getByRole('combobox', { name: 'Report type' })).toHaveValue('InstructorWorkloads');
  fireEvent.change(screen.getByRole('combobox', { name: 'Report type' }), {
    target: { value: '' },
  });
  await rowOf('Coverage by workgroup');
  expect(app.router.state.location.search).toBe('');
  app.unmount();
});
