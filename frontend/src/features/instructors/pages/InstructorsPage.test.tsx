/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import InstructorsPage from './InstructorsPage.js';
import MyWorkloadPage from './MyWorkloadPage.js';

let role: Parameters<typeof signedInAs>[0] = 'academicOpsAdmin';
let submitted = true;
let metrics: { status?: number; body: unknown };
let server: Awaited<ReturnType<typeof startApiServer>>;

const workload = (UserId: string, name: string, remaining: number) => ({
  UserId,
  name,
  email: null,
  AcademicPeriodId: 'p-1',
  required: 6,
  teaching: 6 - remaining,
  administrative: 0,
  assigned: 6 - remaining,
  remaining,
  sections: 2,
  overloaded: remaining < 0,
  underloaded: remaining > 0,
});

beforeAll(async () => {
  server = await startApiServer(({ method, path }) => {
    const url = new URL(path, 'http://x');
    if (path === '/api/auth') return { body: signedInAs(role) };
    if (path === '/api/auth/csrf') return { body: { csrfToken: 't' } };
    if (url.pathname === '/api/academicPeriods/active') {
      return { body: { id: 'p-1', name: '2026–27', startDate: '2026-08-01', revision: 1 } };
    }
    if (url.pathname === '/api/academicPeriods') {
      const rows = [
        { id: 'p-1', name: '2026–27' },
        { id: 'p-0', name: '2025–26' },
      ];
      return { body: { count: rows.length, rows } };
    }
    if (url.pathname === '/api/preferenceAlignment/metrics') return metrics;
    if (url.pathname === '/api/instructorWorkloads') {
      const load = url.searchParams.get('load');
      const rows = [workload('ada', 'Ada Lovelace', -1), workload('bob', 'Bob Babbage', 2)].filter(
        (r) => !load || (load === 'overloaded' ? r.overloaded : r.underloaded),
      );
      return { body: { AcademicPeriodId: 'p-1', count: rows.length, rows } };
    }
    if (url.pathname === '/api/preferenceSubmissions') {
      const period = url.searchParams.get('AcademicPeriodId') ?? 'p-1';
      const row = {
        UserId: period === 'p-1' ? 'ada' : 'old-ada',
        AcademicPeriodId: period,
        name: period === 'p-1' ? 'Ada Lovelace' : 'Ada of last year',
        email: null,
        status: submitted ? 'submitted' : 'reopened',
        count: 3,
        submittedAt: '2026-11-20T10:00:00Z',
        updatedAt: null,
      };
      return { body: { AcademicPeriodId: period, count: 1, rows: [row] } };
    }
    if (path === '/api/preferenceSubmissions/ada/p-1/reopen' && method === 'POST') {
      submitted = false;
      return { body: { position: '3' } };
    }
    if (path === '/api/instructorWorkloads/mine') {
      return {
        body: {
          ...workload('fac', 'Fay Faculty', 1),
          sectionAssignments: [
            {
              id: 'a1',
              SectionId: 's1',
              courseNumber: 'MATH 101',
              courseName: 'Calculus',
              sectionNumber: '001',
              sectionName: 'Lecture',
              status: 'approved',
              share: 100,
              points: 3,
              notes: null,
            },
          ],
          administrativeAssignments: [],
        },
      };
    }
    return undefined;
  });
});
afterAll(() => server.close());

test('staff see each instructor’s load, filter over-loaded ones, and reopen a submission', async () => {
  role = 'academicOpsAdmin';
  renderWithApp([{ path: '/instructors', element: <InstructorsPage /> }], '/instructors');
  const table = await screen.findByRole('table', { name: "Instructors' workload" });
  expect(await within(table).findByText('Over-loaded')).toBeInTheDocument();
  expect(within(table).getByText('Under-loaded')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
    'href',
    '/instructorWorkload/ada',
  );
  fireEvent.change(screen.getByLabelText('Load'), { target: { value: 'overloaded' } });
  await waitFor(() => expect(screen.queryByText('Bob Babbage')).not.toBeInTheDocument());
  expect(server.calls.some((c) => c.path.includes('load=overloaded'))).toBe(true);

  fireEvent.click(screen.getByRole('tab', { name: 'Preference submissions' }));
  fireEvent.click(
    await screen.findByRole('button', { name: 'Reopen the preferences of Ada Lovelace' }),
  );
  const alert = await screen.findByRole('alertdialog');
  fireEvent.click(within(alert).getByRole('button', { name: 'Reopen' }));
  const submissions = screen.getByRole('table', { name: 'Preference submissions' });
  expect(await within(submissions).findByText('Reopened')).toBeInTheDocument();
  expect(server.calls.some((c) => c.path === '/api/preferenceSubmissions/ada/p-1/reopen')).toBe(
    true,
  );
});

test('a reader without manage Instructor gets no reopen button', async () => {
  role = 'businessOfficeAdmin';
  submitted = true;
  renderWithApp([{ path: '/instructors', element: <InstructorsPage /> }], '/instructors');
  fireEvent.click(await screen.findByRole('tab', { name: 'Preference submissions' }));
  const submissions = await screen.findByRole('table', { name: 'Preference submissions' });
  expect(await within(submissions).findByText('Ada Lovelace')).toBeInTheDocument();
  // The column header and the row's status tag.
  expect(within(submissions).getAllByText('Submitted')).toHaveLength(2);
  expect(screen.queryByRole('button', { name: /Reopen/ })).not.toBeInTheDocument();
});

test('My Workload shows the points and the sections of the signed-in instructor', async () => {
  role = 'faculty';
  renderWithApp([{ path: '/myWorkload', element: <MyWorkloadPage /> }], '/myWorkload');
  expect(await screen.findByText('Under-loaded: 1 point to assign')).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'MATH 101 Calculus' })).toBeInTheDocument();
  // Statuses read as everywhere else: capitalised.
  expect(screen.getByText('Approved')).toBeInTheDocument();
});

const summary = (
  assignments: number,
  meanScore: number | null,
  aligned: number,
  blocked: number,
) => ({
  assignments,
  meanScore,
  aligned,
  blocked,
});
const calls = (pathname: string) =>
  server.calls
    .filter((c) => new URL(c.path, 'http://x').pathname === pathname)
    .map((c) => new URL(c.path, 'http://x').searchParams);

test('preference submissions are of the working period until another period is picked', async () => {
  role = 'academicOpsAdmin';
  submitted = true;
  renderWithApp(
    [{ path: '/instructors', element: <InstructorsPage /> }],
    '/instructors?tab=submissions',
  );
  const submissions = await screen.findByRole('table', { name: 'Preference submissions' });
  expect(await within(submissions).findByText('Ada Lovelace')).toBeInTheDocument();
  expect(calls('/api/preferenceSubmissions').at(-1)?.get('AcademicPeriodId')).toBe('p-1');
  const picker = screen.getByLabelText('Academic period');
  expect(picker).toHaveValue('p-1');
  expect(await screen.findByRole('option', { name: '2026–27 (working)' })).toBeInTheDocument();
  fireEvent.change(picker, { target: { value: 'p-0' } });
  expect(await within(submissions).findByText('Ada of last year')).toBeInTheDocument();
  expect(calls('/api/preferenceSubmissions').at(-1)?.get('AcademicPeriodId')).toBe('p-0');
});

test('workloads are of the working period until another is picked; names open that period', async () => {
  role = 'academicOpsAdmin';
  renderWithApp([{ path: '/instructors', element: <InstructorsPage /> }], '/instructors');
  const table = await screen.findByRole('table', { name: "Instructors' workload" });
  expect(await within(table).findByText('Ada Lovelace')).toBeInTheDocument();
  // The working period is the server's default: no period is named.
  expect(calls('/api/instructorWorkloads').at(-1)?.get('AcademicPeriodId')).toBeNull();
  await screen.findByRole('option', { name: '2025–26' });
  fireEvent.change(screen.getByLabelText('Academic period'), { target: { value: 'p-0' } });
  await waitFor(() =>
    expect(calls('/api/instructorWorkloads').at(-1)?.get('AcademicPeriodId')).toBe('p-0'),
  );
  expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
    'href',
    '/instructorWorkload/ada?period=p-0',
  );
});

test('the Alignment tab shows each workgroup’s alignment and the total, by period', async () => {
  role = 'academicOpsAdmin';
  metrics = {
    body: {
      AcademicPeriodId: 'p-1',
      alignedScore: 80,
      overall: summary(5, 71.2, 3, 1),
      rows: [
        { WorkgroupId: 'wg-a', name: 'Algebra', ...summary(4, 80.5, 3, 0) },
        { WorkgroupId: 'wg-b', name: 'Biology', ...summary(1, 0, 0, 1) },
      ],
    },
  };
  renderWithApp(
    [{ path: '/instructors', element: <InstructorsPage /> }],
    '/instructors?tab=alignment',
  );
  const table = await screen.findByRole('table', { name: 'Alignment by workgroup' });
  const algebra = within(table).getByRole('row', { name: /Algebra/ });
  expect(within(algebra).getByText('80.5')).toBeInTheDocument();
  expect(within(algebra).getByText('3 (75 %)')).toBeInTheDocument();
  expect(within(algebra).getByRole('img')).toHaveAccessibleName('3 aligned, 1 other, 0 blocked');
  const total = within(table).getByRole('row', { name: /All workgroups/ });
  expect(within(total).getByText('71.2')).toBeInTheDocument();
  expect(within(total).getByText('3 (60 %)')).toBeInTheDocument();
  expect(calls('/api/preferenceAlignment/metrics').at(-1)?.get('AcademicPeriodId')).toBe('p-1');

  metrics = {
    body: { AcademicPeriodId: 'p-0', alignedScore: 80, overall: summary(0, null, 0, 0), rows: [] },
  };
  await screen.findByRole('option', { name: '2025–26' });
  fireEvent.change(screen.getByLabelText('Academic period'), { target: { value: 'p-0' } });
  expect(await screen.findByText('No assignments to measure')).toBeInTheDocument();
  expect(calls('/api/preferenceAlignment/metrics').at(-1)?.get('AcademicPeriodId')).toBe('p-0');
});

test('the Alignment tab says when the metrics cannot be loaded, and tries again', async () => {
  role = 'academicOpsAdmin';
  metrics = { status: 500, body: { message: 'The alignment store is down.' } };
  renderWithApp(
    [{ path: '/instructors', element: <InstructorsPage /> }],
    '/instructors?tab=alignment',
  );
  expect(await screen.findByText('The alignment metrics could not be loaded')).toBeInTheDocument();
  expect(screen.getByText('The alignment store is down.')).toBeInTheDocument();
  metrics = {
    body: {
      AcademicPeriodId: 'p-1',
      alignedScore: 80,
      overall: summary(1, 90, 1, 0),
      rows: [{ WorkgroupId: 'wg-a', name: 'Algebra', ...summary(1, 90, 1, 0) }],
    },
  };
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('table', { name: 'Alignment by workgroup' })).toBeInTheDocument();
});

test('whoever may not read section assignments gets no Alignment tab and no metrics call', async () => {
  role = 'businessOfficeAdmin';
  server.calls.length = 0;
  renderWithApp(
    [{ path: '/instructors', element: <InstructorsPage /> }],
    '/instructors?tab=alignment',
  );
  expect(await screen.findByRole('table', { name: "Instructors' workload" })).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Alignment' })).not.toBeInTheDocument();
  expect(calls('/api/preferenceAlignment/metrics')).toHaveLength(0);
});
