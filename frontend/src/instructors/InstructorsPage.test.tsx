/**
 * @jest-environment ./src/shell/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startApiServer } from '../shell/testing/apiServer.js';
import { signedInAs } from '../shell/testing/fixtures.js';
import { renderWithApp } from '../shell/testing/renderWithApp.js';
import InstructorsPage from './InstructorsPage.js';
import MyWorkloadPage from './MyWorkloadPage.js';

let role: Parameters<typeof signedInAs>[0] = 'academicOpsAdmin';
let submitted = true;
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
    if (url.pathname === '/api/instructorWorkloads') {
      const load = url.searchParams.get('load');
      const rows = [workload('ada', 'Ada Lovelace', -1), workload('bob', 'Bob Babbage', 2)].filter(
        (r) => !load || (load === 'overloaded' ? r.overloaded : r.underloaded),
      );
      return { body: { AcademicPeriodId: 'p-1', count: rows.length, rows } };
    }
    if (url.pathname === '/api/preferenceSubmissions') {
      const row = {
        UserId: 'ada',
        AcademicPeriodId: 'p-1',
        name: 'Ada Lovelace',
        email: null,
        status: submitted ? 'submitted' : 'reopened',
        count: 3,
        submittedAt: '2026-11-20T10:00:00Z',
        updatedAt: null,
      };
      return { body: { AcademicPeriodId: 'p-1', count: 1, rows: [row] } };
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
  expect(await screen.findByText('Under-loaded: 1 points to assign')).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'MATH 101 Calculus' })).toBeInTheDocument();
});
