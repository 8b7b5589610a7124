/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportExportAnswer } from '@allot/shared-events/browser';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { forgetJobProgress, publishJobProgress } from '../../../lib/jobs/jobProgress.js';
import { startApiServer } from '../../../testing/apiServer.js';
import { ALL_FLAGS_ON, signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import { ExportButton } from './ExportButton.js';
import { ExportsList } from './ExportsList.js';

let auth: AuthContext;
let exports: ReportExportAnswer[];
let server: Awaited<ReturnType<typeof startApiServer>>;

function exported(over: Partial<ReportExportAnswer>): ReportExportAnswer {
  return {
    id: 'e1',
    name: 'Fall sections',
    reportType: 'Sections',
    format: 'xlsx',
    status: 'done',
    reason: null,
    owner: { id: 'user-1', name: 'Ada Admin' },
    rowCount: 1200,
    totalRows: 1200,
    size: 48_200,
    fileName: 'Fall sections.xlsx',
    asOfPosition: '1:1',
    asOfAt: '2026-11-01T10:00:00.000Z',
    AcademicPeriodId: 'p-2026',
    timeZone: 'UTC',
    createdAt: '2026-11-01T10:00:00.000Z',
    startedAt: '2026-11-01T10:00:01.000Z',
    finishedAt: '2026-11-01T10:00:03.000Z',
    ...over,
  };
}

beforeAll(async () => {
  server = await startApiServer(({ method, path }) => {
    const p = new URL(path, 'http://x').pathname;
    if (p === '/api/auth') return { body: auth };
    if (p === '/api/auth/csrf') return { body: { csrfToken: 'token' } };
    if (p === '/api/reportExports' && method === 'POST')
      return { status: 201, body: { id: 'job-9', revision: 0, position: '2:2' } };
    if (p === '/api/reportExports' && method === 'GET')
      return { body: { count: exports.length, rows: exports } };
    const stop = /^\/api\/reportExports\/([^/]+)\/stop$/.exec(p);
    if (stop && method === 'POST') return { body: exported({ id: stop[1], status: 'stopped' }) };
    const one = /^\/api\/reportExports\/([^/]+)$/.exec(p);
    if (one && method === 'DELETE') {
      const [removed] = exports.filter((e) => e.id === one[1]);
      exports = exports.filter((e) => e.id !== one[1]);
      return { body: removed };
    }
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedInAs('reportingUser');
  exports = [];
  forgetJobProgress();
});

const calls = (method: string, prefix: string) =>
  server.calls.filter((c) => c.method === method && c.path.startsWith(prefix));

function renderButton() {
  return renderWithApp(
    [
      {
        path: '/',
        element: (
          <ExportButton
            reportType="Sections"
            query={{ columns: ['courseNumber', 'points'], page: 2 }}
            name="Fall sections"
          />
        ),
      },
    ],
    '/',
  );
}

test('starts an XLSX export from the menu, shows its rows as they come, and offers the download', async () => {
  const app = renderButton();
  fireEvent.click(await screen.findByRole('button', { name: 'Export' }, { timeout: 5000 }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
  await waitFor(() => expect(calls('POST', '/api/reportExports')).toHaveLength(1));
  expect(calls('POST', '/api/reportExports')[0]?.body).toEqual({
    reportType: 'Sections',
    format: 'xlsx',
    query: { columns: ['courseNumber', 'points'], page: 2 },
    name: 'Fall sections',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  expect(await screen.findByText('Starting the export…')).toBeInTheDocument();
  act(() =>
    publishJobProgress({
      jobId: 'job-9',
      name: 'reportExport',
      state: 'running',
      progress: { exportId: 'job-9', written: 1000, total: 4000 },
    }),
  );
  expect(await screen.findByText('1,000 of 4,000 rows')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Export progress' })).toBeInTheDocument();
  // Another job's progress is not this export's.
  act(() =>
    publishJobProgress({ jobId: 'other', name: 'reportExport', state: 'completed', progress: {} }),
  );
  expect(screen.getByText('1,000 of 4,000 rows')).toBeInTheDocument();
  act(() =>
    publishJobProgress({
      jobId: 'job-9',
      name: 'reportExport',
      state: 'completed',
      progress: { exportId: 'job-9', written: 4000, total: 4000 },
    }),
  );
  expect(await screen.findByText('Exported 4,000 of 4,000 rows.')).toBeInTheDocument();
  // Blueprint's AnchorButton is a link in the role of a button.
  expect(screen.getByRole('button', { name: 'Download' })).toHaveAttribute(
    'href',
    '/api/reportExports/job-9/file',
  );
  app.unmount();
});

test('Stop stops the running export; a stopped export says so', async () => {
  const app = renderButton();
  fireEvent.click(await screen.findByRole('button', { name: 'Export' }, { timeout: 5000 }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Stop' }));
  await waitFor(() => expect(calls('POST', '/api/reportExports/job-9/stop')).toHaveLength(1));
  act(() =>
    publishJobProgress({
      jobId: 'job-9',
      name: 'reportExport',
      state: 'failed',
      progress: {},
      error: 'Stopped.',
    }),
  );
  expect(await screen.findByText('The export was stopped.')).toBeInTheDocument();
  app.unmount();
});

test('nobody without exports sees the button (a role without it, or exportsEnabled off)', async () => {
  for (const context of [
    signedInAs('faculty'),
    signedInAs('academicOpsAdmin', { FeatureFlags: { ...ALL_FLAGS_ON, exportsEnabled: false } }),
  ]) {
    auth = context;
    const app = renderButton();
    await waitFor(() => expect(calls('GET', '/api/auth').length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
    app.unmount();
  }
});

test('lists one’s exports with status, rows, size; downloads, stops, and deletes after a confirmation', async () => {
  exports = [
    exported({ id: 'e1' }),
    exported({ id: 'e2', name: 'Running one', status: 'running', rowCount: null, size: null }),
    exported({ id: 'e3', name: 'Broken', status: 'failed', reason: 'Sections has no column "x".' }),
  ];
  const app = renderWithApp([{ path: '/', element: <ExportsList /> }], '/');
  const table = await screen.findByRole('table', { name: 'Exports' }, { timeout: 5000 });
  const done = within(table).getByRole('row', { name: /Fall sections/ });
  expect(within(done).getByText('Ready')).toBeInTheDocument();
  expect(within(done).getByText('1,200')).toBeInTheDocument();
  expect(within(done).getByText('48 KB')).toBeInTheDocument();
  expect(within(done).getByText('Excel (XLSX)')).toBeInTheDocument();
  expect(within(done).getByRole('button', { name: 'Download Fall sections.xlsx' })).toBeEnabled();
  expect(calls('GET', '/api/reportExports')[0]?.path).toBe('/api/reportExports?scope=mine');

  const running = within(table).getByRole('row', { name: /Running one/ });
  act(() =>
    publishJobProgress({
      jobId: 'e2',
      name: 'reportExport',
      state: 'running',
      progress: { exportId: 'e2', written: 10, total: 40 },
    }),
  );
  expect(await within(running).findByText('10 of 40 rows')).toBeInTheDocument();
  fireEvent.click(within(running).getByRole('button', { name: 'Stop Running one' }));
  await waitFor(() => expect(calls('POST', '/api/reportExports/e2/stop')).toHaveLength(1));

  expect(screen.getByText('Sections has no column "x".')).toBeInTheDocument();

  fireEvent.click(within(done).getByRole('button', { name: 'Delete Fall sections' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Delete the export Fall sections and its file?');
  expect(calls('DELETE', '/api/reportExports')).toHaveLength(0);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(calls('DELETE', '/api/reportExports/e1')).toHaveLength(1));
  await waitFor(() =>
    expect(screen.queryByRole('row', { name: /Fall sections/ })).not.toBeInTheDocument(),
  );
  app.unmount();
});

test('an empty list says how exports come to be', async () => {
  const app = renderWithApp([{ path: '/', element: <ExportsList /> }], '/');
  expect(await screen.findByText('No exports yet', {}, { timeout: 5000 })).toBeInTheDocument();
  app.unmount();
});
