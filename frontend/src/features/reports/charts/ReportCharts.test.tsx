/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportQuery } from '@allot/shared-events/browser';
import { startApiServer, type ApiCall } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import ReportCharts from './ReportCharts.js';

type Row = Record<string, string | number | null>;

/** The plan the fake report engine reads, per report type. */
const PLAN: Record<string, Row[]> = {
  InstructorWorkloads: [
    { workgroup: 'Algebra', load: 'over', required: 6, assigned: 8 },
    { workgroup: 'Algebra', load: 'within', required: 6, assigned: 6 },
    { workgroup: 'Biology', load: 'within', required: 6, assigned: 4.5 },
    { workgroup: null, load: 'under', required: 6, assigned: 2 },
  ],
  Sections: [
    { workgroup: 'Algebra', coverage: 'covered' },
    { workgroup: 'Algebra', coverage: 'covered' },
    { workgroup: 'Algebra', coverage: 'partial' },
    { workgroup: 'Biology', coverage: 'uncovered' },
    { workgroup: 'Biology', coverage: 'over' },
  ],
  TeachingAssignments: [
    { workgroup: 'Algebra', status: 'final' },
    { workgroup: 'Algebra', status: 'approved' },
    { workgroup: 'Biology', status: 'proposed' },
  ],
};
const SUMMABLE = new Set(['required', 'assigned']);

/**
 * POST /api/reports/:type/query as the engine answers it: the rows its filters let through,
 * grouped (count and the sums of the shown summable columns), and the totals.
 */
function runReport(type: string, query: ReportQuery) {
  const rows = (period === 'p-empty' ? [] : (PLAN[type] ?? [])).filter((row) =>
    Object.entries(query.filters ?? {}).every(
      ([key, value]) => !Array.isArray(value) || value.includes(row[key] as string),
    ),
  );
  const summed = (query.columns ?? []).filter((key) => SUMMABLE.has(key));
  const sums = (list: Row[]) =>
    Object.fromEntries(summed.map((key) => [key, list.reduce((s, r) => s + Number(r[key]), 0)]));
  const groupBy = query.groupBy ?? null;
  const splitBy = query.splitBy ?? null;
  const valuesOf = (list: Row[], key: string) => [...new Set(list.map((r) => r[key] ?? null))];
  const groups = groupBy
    ? valuesOf(rows, groupBy).map((value) => {
        const list = rows.filter((r) => (r[groupBy] ?? null) === value);
        return {
          value,
          label: value === null ? 'No workgroup' : String(value),
          count: list.length,
          sums: sums(list),
          ...(splitBy && {
            splits: valuesOf(list, splitBy).map((split) => {
              const part = list.filter((r) => (r[splitBy] ?? null) === split);
              return { value: split, count: part.length, sums: sums(part) };
            }),
          }),
        };
      })
    : null;
  return {
    type,
    columns: [],
    rows: rows.slice(0, query.pageSize ?? 50),
    count: rows.length,
    page: 0,
    pageSize: query.pageSize ?? 50,
    groups,
    totals: sums(rows),
    AcademicPeriodId: query.AcademicPeriodId ?? null,
    asOf: { position: null, at: null },
  };
}

const ALIGNMENT = {
  AcademicPeriodId: 'p-1',
  alignedScore: 80,
  overall: { assignments: 3, meanScore: 61.7, aligned: 1, blocked: 1 },
  rows: [
    { WorkgroupId: 'wg-a', name: 'Algebra', assignments: 2, meanScore: 75, aligned: 1, blocked: 0 },
    { WorkgroupId: 'wg-b', name: 'Biology', assignments: 1, meanScore: 35, aligned: 0, blocked: 1 },
  ],
};

let role: Parameters<typeof signedInAs>[0] = 'academicOpsAdmin';
let period: string | null = 'p-1';
let failing: string | null = null;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ method, path, body }) => {
    const url = new URL(path, 'http://x');
    if (path === '/api/auth') return { body: signedInAs(role) };
    if (path === '/api/auth/csrf') return { body: { csrfToken: 't' } };
    if (url.pathname === '/api/academicPeriods/active') {
      // The server answers null without a period; the test server cannot send a bare null, and
      // an answer that names no period reads the same.
      return {
        body: period ? { id: period, name: '2026–27', startDate: '2026-08-01', revision: 1 } : {},
      };
    }
    const report = /^\/api\/reports\/(\w+)\/query$/.exec(url.pathname);
    if (report && method === 'POST') {
      const type = report[1] ?? '';
      if (failing === type) return { status: 500, body: { message: 'The database is asleep.' } };
      return { body: runReport(type, body as ReportQuery) };
    }
    if (url.pathname === '/api/workgroupApprovals') {
      return {
        body: {
          AcademicPeriodId: url.searchParams.get('AcademicPeriodId'),
          steps: [
            { id: 's-1', stepId: 1, name: 'Offerings', isActive: true },
            { id: 's-2', stepId: 2, name: 'Sections', isActive: true },
          ],
          rows: [
            {
              WorkgroupId: 'w-bio',
              name: 'Biology',
              steps: {
                's-1': { status: 'approved', updatedAt: null },
                's-2': { status: 'submitted', updatedAt: null },
              },
            },
            {
              WorkgroupId: 'w-chem',
              name: 'Chemistry',
              steps: { 's-1': { status: 'approved', updatedAt: null } },
            },
          ],
        },
      };
    }
    if (url.pathname === '/api/reports/alignment/metrics') {
      return {
        body:
          period === 'p-empty'
            ? { AcademicPeriodId: period, alignedScore: 80, overall: null, rows: [] }
            : ALIGNMENT,
      };
    }
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  role = 'academicOpsAdmin';
  period = 'p-1';
  failing = null;
  server.calls.length = 0;
});

const show = () => renderWithApp([{ path: '/reports', element: <ReportCharts /> }], '/reports');
const region = (name: string) => screen.findByRole('region', { name });
const reportCalls = (calls: readonly ApiCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/reports/'));

/** The table a panel opens with Show as table, as the text of its rows. */
async function tableOf(name: string) {
  const panel = await region(name);
  fireEvent.click(await within(panel).findByRole('button', { name: `Show as table: ${name}` }));
  const table = within(panel).getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

test('per workgroup: load, points, coverage, approval and alignment, each with its table', async () => {
  show();
  expect(await screen.findByText('2026–27, as the plan is now')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Charts' })).toBeInTheDocument();

  const load = await region('Instructor load by workgroup');
  expect(
    await within(load).findByText(
      'In all workgroups, of 4 instructors: 1 overloaded, 2 within required and 1 under-loaded.',
    ),
  ).toBeInTheDocument();
  // The chart is an image named by its title and that sentence, its legend beside it.
  expect(within(load).getByRole('img')).toHaveAccessibleName(
    'Instructor load by workgroup In all workgroups, of 4 instructors: 1 overloaded, 2 within required and 1 under-loaded.',
  );
  expect(
    within(within(load).getByRole('list', { name: 'Legend' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Overloaded', 'Within required', 'Under-loaded']);
  expect(await tableOf('Instructor load by workgroup')).toEqual([
    ['Workgroup', 'Overloaded', 'Within required', 'Under-loaded', 'Instructors'],
    ['Algebra', '1', '1', '0', '2'],
    ['Biology', '0', '1', '0', '1'],
    ['No workgroup', '0', '0', '1', '1'],
    ['All workgroups', '1', '2', '1', '4'],
  ]);
  expect(
    within(load).getByRole('button', { name: 'Hide table: Instructor load by workgroup' }),
  ).toHaveAttribute('aria-expanded', 'true');

  const points = await region('Points assigned and required by workgroup');
  expect(
    within(points).getByText('In all workgroups: 20.5 points assigned of 24 required (85 %).'),
  ).toBeInTheDocument();
  expect(await tableOf('Points assigned and required by workgroup')).toEqual([
    ['Workgroup', 'Instructors', 'Required points', 'Assigned points', 'Assigned of required'],
    ['Algebra', '2', '12', '14', '117 %'],
    ['Biology', '1', '6', '4.5', '75 %'],
    ['No workgroup', '1', '6', '2', '33 %'],
    ['All workgroups', '4', '24', '20.5', '85 %'],
  ]);

  const coverage = await region('Section coverage by workgroup');
  expect(
    await within(coverage).findByText(
      'In all workgroups, of 5 sections: 2 covered, 1 partial, 1 uncovered and 1 over.',
    ),
  ).toBeInTheDocument();
  expect(await tableOf('Section coverage by workgroup')).toEqual([
    ['Workgroup', 'Covered', 'Partial', 'Uncovered', 'Over', 'Sections', 'Covered share'],
    ['Algebra', '2', '1', '0', '0', '3', '67 %'],
    ['Biology', '0', '0', '1', '1', '2', '0 %'],
    ['All workgroups', '2', '1', '1', '1', '5', '40 %'],
  ]);

  expect(await tableOf('Assignment approval by workgroup')).toEqual([
    ['Workgroup', 'Proposed', 'Reopened', 'Approved', 'Final', 'Assignments', 'Final share'],
    ['Algebra', '0', '0', '1', '1', '2', '50 %'],
    ['Biology', '1', '0', '0', '0', '1', '0 %'],
    ['All workgroups', '1', '0', '1', '1', '3', '33 %'],
  ]);

  const alignment = await region('Preference alignment by workgroup');
  expect(
    await within(alignment).findByText(
      'In all workgroups, of 3 assignments: 1 aligned, 1 other and 1 blocked; mean score 61.7.',
    ),
  ).toBeInTheDocument();
  expect(await tableOf('Preference alignment by workgroup')).toEqual([
    ['Workgroup', 'Aligned', 'Other', 'Blocked', 'Assignments', 'Aligned share', 'Mean score'],
    ['Algebra', '1', '1', '0', '2', '50 %', '75'],
    ['Biology', '0', '0', '1', '1', '0 %', '35'],
    ['All workgroups', '1', '1', '1', '3', '33 %', '61.7'],
  ]);

  // One grouped query per chart for the working period, split by its series, never every row.
  const queries = reportCalls(server.calls);
  expect(queries.map((c) => c.path).sort()).toEqual([
    '/api/reports/InstructorWorkloads/query',
    '/api/reports/Sections/query',
    '/api/reports/TeachingAssignments/query',
  ]);
  for (const call of queries) {
    expect(call.body).toMatchObject({ groupBy: 'workgroup', AcademicPeriodId: 'p-1', pageSize: 1 });
  }
  expect(
    queries.map((c) => [(c.body as ReportQuery).splitBy, (c.body as ReportQuery).filters]),
  ).toEqual(
    expect.arrayContaining([
      ['load', { load: ['over', 'within', 'under'] }],
      ['coverage', { coverage: ['covered', 'partial', 'uncovered', 'over'] }],
      ['status', { status: ['proposed', 'reopened', 'approved', 'final'] }],
    ]),
  );
});

test('a period without sections says so in each chart', async () => {
  period = 'p-empty';
  show();
  const coverage = await region('Section coverage by workgroup');
  expect(await within(coverage).findByText('No sections in this period yet')).toBeInTheDocument();
  expect(within(coverage).queryByRole('img')).not.toBeInTheDocument();
  expect(within(coverage).queryByRole('button', { name: /Show as table/ })).toBeNull();
  expect(await screen.findByText('No teaching assignments in this period yet')).toBeInTheDocument();
  expect(await screen.findByText('No assignments to measure yet')).toBeInTheDocument();
  expect(await screen.findAllByText('No instructors to measure')).toHaveLength(2);
});

test('a chart whose figures fail says so and asks again on Try again', async () => {
  failing = 'Sections';
  show();
  const coverage = await region('Section coverage by workgroup');
  expect(
    await within(coverage).findByText(
      'The figures of section coverage by workgroup could not be loaded',
    ),
  ).toBeInTheDocument();
  expect(within(coverage).getByText('The database is asleep.')).toBeInTheDocument();
  // The other charts are drawn all the same.
  const load = await region('Instructor load by workgroup');
  expect(await within(load).findByRole('img')).toBeInTheDocument();
  failing = null;
  fireEvent.click(within(coverage).getByRole('button', { name: 'Try again' }));
  expect(
    await within(coverage).findByText(
      'In all workgroups, of 5 sections: 2 covered, 1 partial, 1 uncovered and 1 over.',
    ),
  ).toBeInTheDocument();
});

test('a reporting user sees the alignment from the reports route', async () => {
  role = 'reportingUser';
  show();
  const alignment = await region('Preference alignment by workgroup');
  expect(await within(alignment).findByRole('img')).toBeInTheDocument();
  expect(server.calls.some((c) => c.path.startsWith('/api/reports/alignment/metrics'))).toBe(true);
  expect(server.calls.some((c) => c.path.startsWith('/api/preferenceAlignment'))).toBe(false);
});

test('without an academic period the charts say how to get one', async () => {
  period = null;
  show();
  expect(await screen.findByText('No academic period is active')).toBeInTheDocument();
  expect(reportCalls(server.calls)).toEqual([]);
});

test('who may not read reports sees no chart, and nothing is asked', async () => {
  role = 'faculty';
  const { store } = show();
  // Once the viewer is known, nothing is drawn and nothing asked.
  await waitFor(() =>
    expect(store.getState().allotApi.queries['getAuth(undefined)']?.status).toBe('fulfilled'),
  );
  expect(screen.queryByRole('region')).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Charts' })).not.toBeInTheDocument();
  expect(server.calls.filter((c) => c.path.startsWith('/api/reports'))).toEqual([]);
  expect(server.calls.some((c) => c.path === '/api/academicPeriods/active')).toBe(false);
});

test('the planning steps: each step’s workgroups by approval, for who reads workgroup approvals', async () => {
  show();
  expect(await tableOf('Planning steps: workgroups by approval')).toEqual([
    ['Step', 'Approved', 'Submitted', 'Returned', 'Not submitted', 'Approved share'],
    ['1. Offerings', '2', '0', '0', '0', '100 %'],
    ['2. Sections', '0', '1', '0', '1', '0 %'],
  ]);
  expect(
    screen.getByText(
      'Of 2 workgroups, at step 2. Sections: 0 approved, 1 submitted, 0 returned and 1 not submitted.',
    ),
  ).toBeInTheDocument();
  expect(server.calls.some((c) => c.path === '/api/workgroupApprovals?AcademicPeriodId=p-1')).toBe(
    true,
  );
});

test('a reporting user, who may not read workgroup approvals, is not shown the planning steps', async () => {
  role = 'reportingUser';
  show();
  await region('Section coverage by workgroup');
  expect(
    screen.queryByRole('region', { name: 'Planning steps: workgroups by approval' }),
  ).toBeNull();
  expect(server.calls.some((c) => c.path.startsWith('/api/workgroupApprovals'))).toBe(false);
});
