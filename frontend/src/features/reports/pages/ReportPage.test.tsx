/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  ReportAnswer,
  ReportQuery,
  ReportSnapshotAnswer,
  SavedReportAnswer,
} from '@allot/shared-events/browser';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer, type ApiAnswer, type ApiCall } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import ReportPage from './ReportPage.js';

// Two shared cores run many suites at once: popovers and lazy answers can be slow.
configure({ asyncUtilTimeout: 15000 });

let auth: AuthContext;
let answerFor: (query: ReportQuery) => ApiAnswer;
let saved: Record<string, SavedReportAnswer>;
let server: Awaited<ReturnType<typeof startApiServer>>;

const ROWS = [
  {
    id: 's1',
    courseNumber: 'BIOL 101',
    sectionNumber: '001',
    workgroup: 'Biology',
    points: 1234,
    coverage: 'uncovered',
  },
  {
    id: 's2',
    courseNumber: 'MATH 101',
    sectionNumber: '001',
    workgroup: 'Mathematics',
    points: 4,
    coverage: 'covered',
  },
  {
    id: 's3',
    courseNumber: 'MATH 102',
    sectionNumber: '002',
    workgroup: 'Mathematics',
    points: 3.5,
    coverage: 'partial',
  },
];

function answerOf(query: ReportQuery, extra: Partial<ReportAnswer> = {}): ApiAnswer {
  const columns = query.columns ?? [];
  const grouped = query.groupBy === 'workgroup';
  return {
    body: {
      type: 'Sections',
      columns: columns.map((key) => ({ key, label: key, type: 'text' })),
      rows: ROWS.map((row): Record<string, string | number | null> =>
        Object.fromEntries<string | number | null>([
          ['id', row.id],
          ...columns.map((k): [string, string | number | null] => [
            k,
            row[k as keyof typeof row] ?? null,
          ]),
        ]),
      ),
      count: 3,
      page: query.page ?? 0,
      pageSize: query.pageSize ?? 50,
      groups: grouped
        ? [
            { value: 'Biology', label: 'Biology', count: 1, sums: { points: 1234 } },
            { value: 'Mathematics', label: 'Mathematics', count: 2, sums: { points: 7.5 } },
          ]
        : null,
      totals: columns.includes('points') ? { points: 1241.5 } : {},
      AcademicPeriodId: 'p-2026',
      asOf: { position: 'pos-9', at: '2026-11-01T10:00:00.000Z' },
      ...extra,
    } satisfies ReportAnswer,
  };
}

function savedReport(id: string, extra: Partial<SavedReportAnswer> = {}): SavedReportAnswer {
  return {
    id,
    name: 'Uncovered sections',
    description: null,
    reportType: 'Sections',
    gridState: {
      columns: [{ key: 'courseNumber' }, { key: 'points' }, { key: 'coverage' }],
      filters: { coverage: ['uncovered'] },
      sorts: [{ column: 'points', direction: 'desc' }],
      groupBy: null,
      pageSize: 50,
    },
    needsConversion: false,
    type: 'custom',
    sharedWithRoles: [],
    AcademicPeriodId: null,
    UserId: 'user-1',
    owner: { id: 'user-1', name: 'Ada Admin' },
    createdAt: '2026-10-01T10:00:00.000Z',
    updatedAt: '2026-10-01T10:00:00.000Z',
    revision: 3,
    ...extra,
  };
}

const SNAPSHOT: ReportSnapshotAnswer = {
  id: 'snap-1',
  name: 'Before review',
  reportType: 'Sections',
  query: { columns: ['courseNumber', 'points'], groupBy: null, AcademicPeriodId: 'p-2026' },
  position: 'pos-5',
  takenAt: '2026-10-15T09:30:00.000Z',
  takenBy: { id: 'user-7', name: 'Rita Reports' },
  rowCount: 3,
  revision: 0,
};

beforeAll(async () => {
  server = await startApiServer(({ method, path, body }) => {
    const p = new URL(path, 'http://x').pathname;
    if (p === '/api/auth') return { body: auth };
    if (p === '/api/auth/csrf') return { body: { csrfToken: 'token' } };
    if (p === '/api/academicPeriods/active')
      return { body: { id: 'p-2026', name: '2026–2027', revision: 1 } };
    if (p === '/api/academicPeriods' && auth.Roles.every((r) => r.slug === 'reportingUser'))
      return { status: 403, body: { message: 'You may not read academic periods.' } };
    if (p === '/api/academicPeriods' || p === '/api/reports/periods')
      return {
        body: {
          count: 2,
          rows: [
            { id: 'p-2026', name: '2026–2027' },
            { id: 'p-2025', name: '2025–2026' },
          ],
        },
      };
    if (p === '/api/reports/Sections/query' && method === 'POST')
      return answerFor(body as ReportQuery);
    const one = /^\/api\/reports\/([^/]+)$/.exec(p);
    if (one && method === 'GET') {
      const found = saved[one[1] ?? ''];
      return found
        ? { body: found }
        : { status: 404, body: { message: 'There is no such report.' } };
    }
    if (one && method === 'PUT') return { body: { id: one[1], revision: 4, position: 'pos-10' } };
    if (p === '/api/reports' && method === 'POST')
      return { status: 201, body: { id: 'new-1', revision: 0, position: 'pos-11' } };
    if (p === '/api/reportSnapshots/snap-1') return { body: SNAPSHOT };
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedInAs('reportingUser');
  answerFor = (query) => answerOf(query);
  saved = {};
  server.calls.length = 0;
});

const render = (path: string) =>
  renderWithApp([{ path: '/reports/*', element: <ReportPage /> }], path);

const queries = (): ReportQuery[] =>
  server.calls
    .filter((c: ApiCall) => c.method === 'POST' && c.path === '/api/reports/Sections/query')
    .map((c) => c.body as ReportQuery);

/** Some query sent had these parts (requests may arrive out of order). */
function expectRun(part: Partial<ReportQuery>) {
  expect(queries()).toEqual(expect.arrayContaining([expect.objectContaining(part)]));
}

/**
 * The grid's cells as shown, row by row: the frozen first column (Blueprint's left quadrant)
 * before the others (its main quadrant).
 */
function cellTexts(): string[] {
  const texts = (quadrant: string) =>
    [...document.querySelectorAll(`${quadrant} .bp6-table-cell`)].map((c) => c.textContent ?? '');
  const first = texts('.bp6-table-quadrant-left');
  const rest = texts('.bp6-table-quadrant-main');
  const perRow = first.length === 0 ? 0 : rest.length / first.length;
  return first.flatMap((text, row) => [text, ...rest.slice(row * perRow, (row + 1) * perRow)]);
}

test('a reporting user picks any period from the reports’ own list, never asking to list periods', async () => {
  render('/reports/Sections');
  const picker = await screen.findByRole('combobox', { name: 'Academic period' });
  await waitFor(() =>
    expect([...picker.querySelectorAll('option')].map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['2026–2027', '2025–2026']),
    ),
  );
  fireEvent.change(picker, { target: { value: 'p-2025' } });
  await waitFor(() => expectRun({ AcademicPeriodId: 'p-2025' }));
  expect(server.calls.some((c) => c.path.startsWith('/api/academicPeriods?'))).toBe(false);
  expect(server.calls.some((c) => c.path === '/api/reports/periods')).toBe(true);
});

test('the grid shows the columns, cells by type (numbers, choices by label) and the totals', async () => {
  const app = render('/reports/Sections?columns=courseNumber,points,coverage');
  await screen.findAllByRole('button', { name: /^Sort by Points/ });
  expect(screen.getAllByRole('button', { name: /^Sort by Course number/ }).length).toBeGreaterThan(
    0,
  );
  expect(screen.getAllByRole('button', { name: /^Sort by Coverage/ }).length).toBeGreaterThan(0);
  await waitFor(() => expect(cellTexts()).toContain('1,234'));
  const cells = cellTexts();
  expect(cells).toEqual(expect.arrayContaining(['BIOL 101', 'Uncovered', 'Partial', '3.5']));
  // The totals of every matching row, the count in the first column.
  expect(cells).toEqual(expect.arrayContaining(['Total · 3 rows', '1,241.5']));
  expectRun({
    columns: ['courseNumber', 'points', 'coverage'],
    page: 0,
    pageSize: 50,
  });
  app.unmount();
});

test('filters go to the server §5-clean: an emptied filter is not sent', async () => {
  const app = render('/reports/Sections');
  await waitFor(() => expect(queries()).toHaveLength(1));
  const coverage = async () =>
    within(await screen.findByRole('group', { name: 'Coverage is one of' }));
  fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Coverage' }));
  fireEvent.click(await screen.findByRole('button', { name: /^Coverage: any/ }));
  fireEvent.click((await coverage()).getByRole('checkbox', { name: 'Uncovered' }));
  await waitFor(() =>
    expect(queries().map((q) => q.filters)).toContainEqual({ coverage: ['uncovered'] }),
  );
  fireEvent.click((await coverage()).getByRole('checkbox', { name: 'Partial' }));
  await waitFor(() =>
    expect(queries().map((q) => q.filters)).toContainEqual({ coverage: ['uncovered', 'partial'] }),
  );

  // A text filter applies after the pause in typing.
  fireEvent.click(screen.getByRole('button', { name: 'Add filter' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Course name' }));
  const box = await screen.findByRole('textbox', { name: 'Course name contains' });
  fireEvent.change(box, { target: { value: 'calc' } });
  await waitFor(() =>
    expect(queries().map((q) => q.filters)).toContainEqual({
      coverage: ['uncovered', 'partial'],
      courseName: 'calc',
    }),
  );
  // Every value unticked: the filter is not sent at all (no empty list).
  fireEvent.click(screen.getByRole('button', { name: /^Coverage: Uncovered, Partial/ }));
  fireEvent.click((await coverage()).getByRole('checkbox', { name: 'Uncovered' }));
  await waitFor(() =>
    expect(queries().map((q) => q.filters)).toContainEqual({
      coverage: ['partial'],
      courseName: 'calc',
    }),
  );
  fireEvent.click((await coverage()).getByRole('checkbox', { name: 'Partial' }));
  await waitFor(() =>
    expect(queries().map((q) => q.filters)).toContainEqual({ courseName: 'calc' }),
  );
  const empty = (v: unknown) => v === '' || (Array.isArray(v) && v.length === 0);
  expect(queries().some((q) => Object.values(q.filters ?? {}).some(empty))).toBe(false);
  app.unmount();
});

test('grouped by workgroup: a header row per group with its count and subtotal', async () => {
  const app = render('/reports/Sections?columns=courseNumber,points');
  await screen.findAllByRole('button', { name: /^Sort by Points/ });
  fireEvent.change(screen.getByRole('combobox', { name: 'Group by' }), {
    target: { value: 'workgroup' },
  });
  // The group column is asked for, though not shown.
  await waitFor(() =>
    expectRun({
      groupBy: 'workgroup',
      columns: ['courseNumber', 'points', 'workgroup'],
    }),
  );
  await waitFor(() => expect(cellTexts()).toContain('Mathematics · 2 rows'));
  const cells = cellTexts();
  expect(cells).toEqual(expect.arrayContaining(['Biology · 1 row', '7.5']));
  // Biology's header and its row, then Mathematics's header and its rows.
  const first = cells.filter((_, i) => i % 2 === 0);
  expect(first.slice(0, 4)).toEqual([
    'Biology · 1 row',
    'BIOL 101',
    'Mathematics · 2 rows',
    'MATH 101',
  ]);
  app.unmount();
});

test('a refused query shows the server’s reasons, never an empty grid', async () => {
  answerFor = () => ({
    status: 400,
    body: {
      statusCode: 400,
      error: 'Bad Request',
      message: 'The report query is not valid.',
      fields: [{ field: 'groupBy', message: 'Rows cannot be grouped by Points.' }],
    },
  });
  const app = render('/reports/Sections');
  expect(await screen.findByText('The report could not be run')).toBeInTheDocument();
  expect(screen.getByText('Rows cannot be grouped by Points.')).toBeInTheDocument();
  expect(screen.queryByText('Nothing to report')).not.toBeInTheDocument();
  app.unmount();
});

test('as of a date and time: the query asks for it and a banner says which plan is shown', async () => {
  const app = render('/reports/Sections?asOf=2026-10-01T12:00:00.000Z');
  expect(await screen.findByText(/^The plan as it stood on Oct 1, 2026/)).toBeInTheDocument();
  await waitFor(() =>
    expect(queries().map((q) => q.asOf)).toContainEqual({ at: '2026-10-01T12:00:00.000Z' }),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Back to the plan now' }));
  await waitFor(() => expect(queries().some((q) => q.asOf === undefined)).toBe(true));
  app.unmount();
});

test('a reporting user cannot change a system report: no Save, Save as a copy instead', async () => {
  saved = { sys: savedReport('sys', { type: 'system', UserId: null, owner: null }) };
  const app = render('/reports/Sections?report=sys');
  expect(await screen.findByRole('heading', { name: 'Uncovered sections' })).toBeInTheDocument();
  // Once the viewer's abilities are known.
  expect(await screen.findByRole('button', { name: 'Save as…' })).toBeInTheDocument();
  expect(screen.getByText(/This is a system report/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  // The saved grid is what runs.
  await waitFor(() =>
    expectRun({
      columns: ['courseNumber', 'points', 'coverage'],
      filters: { coverage: ['uncovered'] },
      sorts: [{ column: 'points', direction: 'desc' }],
    }),
  );
  app.unmount();
});

test('the owner saves a change to their report', async () => {
  saved = { mine: savedReport('mine') };
  const app = render('/reports/Sections?report=mine');
  const save = await screen.findByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();
  fireEvent.click(
    (await screen.findAllByRole('button', { name: /^Sort by Course number/ }))[0] as HTMLElement,
  );
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      gridState: {
        ...savedReport('mine').gridState,
        sorts: [{ column: 'courseNumber', direction: 'asc' }],
      },
    }),
  );
  app.unmount();
});

test('a converted grid asks its owner to check it and save it again', async () => {
  saved = { old: savedReport('old', { needsConversion: true }) };
  const app = render('/reports/Sections?report=old');
  expect(await screen.findByText('Check this report')).toBeInTheDocument();
  expect(await screen.findByText(/then save it again/)).toBeInTheDocument();
  // Saving it as it is now is the point.
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  app.unmount();
});

test('a snapshot runs its query as of its position, read-only, naming who took it', async () => {
  const app = render('/reports/Sections?snapshot=snap-1');
  expect(await screen.findByRole('heading', { name: 'Before review' })).toBeInTheDocument();
  expect(screen.getByText(/^Taken by Rita Reports on Oct 15, 2026/)).toBeInTheDocument();
  await waitFor(() =>
    expectRun({
      columns: ['courseNumber', 'points'],
      asOf: { position: 'pos-5' },
      AcademicPeriodId: 'p-2026',
    }),
  );
  expect(screen.queryByRole('button', { name: 'Add filter' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Sort by/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Save/ })).not.toBeInTheDocument();
  app.unmount();
});
