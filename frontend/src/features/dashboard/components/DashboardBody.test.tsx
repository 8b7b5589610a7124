/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { startApiServer, type ApiAnswer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import DashboardPage from '../pages/DashboardPage.js';
import type { ApprovalStatus, WorkgroupApprovals } from '../api/dashboardApi.js';

let status: ApprovalStatus = 'pending';
let role: Parameters<typeof signedInAs>[0] = 'academicOpsAdmin';
/** The approvals the next render reads; null: one workgroup at step 6 with `status`. */
let grid: WorkgroupApprovals | null = null;
/** The dashboard's answer instead of the role's; null: the role's. */
let dashboardAnswer: ApiAnswer | null = null;

/** Steps 5 (done) and 6 (current) of three workgroups, in every state a cell can be in. */
const MIXED: WorkgroupApprovals = {
  AcademicPeriodId: 'p',
  steps: [
    { id: 's5', stepId: 5, name: 'Draft assignments', isActive: true },
    { id: 's6', stepId: 6, name: 'Department review', isActive: true },
    { id: 's7', stepId: 7, name: 'Academic affairs approval', isActive: false },
  ],
  rows: [
    {
      WorkgroupId: 'wg-bio',
      name: 'Biology',
      steps: {
        s5: { status: 'submitted', updatedAt: null, comment: null },
        s6: { status: 'returned', updatedAt: null, comment: 'Two labs have no instructor.' },
      },
    },
    {
      WorkgroupId: 'wg-chem',
      name: 'Chemistry',
      steps: {
        s5: { status: 'pending', updatedAt: null, comment: null },
        s6: { status: 'submitted', updatedAt: null, comment: null },
      },
    },
    {
      WorkgroupId: 'wg-math',
      name: 'Mathematics',
      steps: {
        s5: { status: 'approved', updatedAt: null, comment: null },
        s6: { status: 'pending', updatedAt: null, comment: null },
      },
    },
  ],
};
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ method, path }) => {
    if (path === '/api/auth') return { body: signedInAs(role, { progressStepId: 6 }) };
    if (path === '/api/auth/csrf') return { body: { csrfToken: 't' } };
    if (path === '/api/dashboard') {
      if (dashboardAnswer) return dashboardAnswer;
      return {
        body:
          role === 'faculty'
            ? {
                AcademicPeriodId: 'p',
                items: [],
                mine: {
                  preferenceStatus: 'draft',
                  preferenceCount: 2,
                  workload: { required: 6, assigned: 7, remaining: -1, overloaded: true },
                },
              }
            : {
                AcademicPeriodId: 'p',
                items: [
                  {
                    key: 'sectionsWithoutInstructors',
                    label: 'Sections without instructors',
                    count: 12,
                    link: '/sections?coverage=uncovered',
                  },
                ],
                mine: null,
              },
      };
    }
    if (path === '/api/workgroupApprovals') {
      if (grid) return { body: grid };
      return {
        body: {
          AcademicPeriodId: 'p',
          steps: [{ id: 's6', stepId: 6, name: 'Department review', isActive: true }],
          rows: [
            { WorkgroupId: 'wg', name: 'Mathematics', steps: { s6: { status, updatedAt: null } } },
          ],
        },
      };
    }
    if (path === '/api/progressSteps/s6/workgroups/wg/submit' && method === 'POST') {
      status = 'submitted';
      return { body: { position: '9' } };
    }
    return undefined;
  });
});
afterAll(() => server.close());

afterEach(() => {
  grid = null;
  dashboardAnswer = null;
});

test('staff see counts that link to the filtered lists, and submit a workgroup at the active step', async () => {
  role = 'academicOpsAdmin';
  renderWithApp([{ path: '/', element: <DashboardPage /> }], '/');
  const count = await screen.findByRole('link', { name: '12 Sections without instructors' });
  expect(count).toHaveAttribute('href', '/sections?coverage=uncovered');
  const progress = await screen.findByRole('table', { name: 'Workgroup approvals' });
  expect(within(progress).getByText('Not submitted')).toBeInTheDocument();
  fireEvent.click(within(progress).getByRole('button', { name: 'Submit Mathematics at step 6' }));
  fireEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit' }),
  );
  expect(await within(progress).findByText('Submitted')).toBeInTheDocument();
  // Academic ops may approve too once it is submitted.
  expect(
    await within(progress).findByRole('button', { name: 'Approve Mathematics at step 6' }),
  ).toBeInTheDocument();
});

test('faculty see their preferences and their workload', async () => {
  role = 'faculty';
  renderWithApp([{ path: '/', element: <DashboardPage /> }], '/');
  expect(await screen.findByText('Your teaching preferences')).toBeInTheDocument();
  expect(screen.getByText('Draft')).toBeInTheDocument();
  expect(screen.getByText('7 of 6 points')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'State and submit them' })).toHaveAttribute(
    'href',
    '/teachingPreferencesMine',
  );
});

test('the current step stands out, statuses are words, and earlier steps offer only what still waits', async () => {
  role = 'academicOpsAdmin';
  grid = MIXED;
  renderWithApp([{ path: '/', element: <DashboardPage /> }], '/');
  const progress = await screen.findByRole('table', { name: 'Workgroup approvals' });
  const headers = within(progress).getAllByRole('columnheader');
  // Workgroup, step 5, step 6; the inactive step 7 is not a column.
  expect(headers).toHaveLength(3);
  expect(headers[2]).toHaveAttribute('aria-current', 'step');
  expect(headers[2]).toHaveTextContent('Step 6: Department review');
  expect(headers[2]).toHaveTextContent('Current step');
  expect(headers[1]).not.toHaveAttribute('aria-current');
  expect(screen.getByText(/The current step is step 6, Department review\./)).toBeInTheDocument();

  const row = (name: string) => within(progress).getByRole('row', { name: new RegExp(`^${name}`) });
  const cells = (name: string) => within(row(name)).getAllByRole('cell');
  // Real statuses, as words.
  expect(within(cells('Mathematics')[0]!).getByText('Approved')).toBeInTheDocument();
  expect(within(cells('Mathematics')[1]!).getByText('Not submitted')).toBeInTheDocument();
  expect(within(progress).queryByText(/^pending$/)).not.toBeInTheDocument();
  expect(cells('Biology')[1]).toHaveTextContent('Returned');
  expect(cells('Biology')[1]).toHaveTextContent('Two labs have no instructor.');

  const buttonsIn = (cell: HTMLElement | undefined) =>
    within(cell as HTMLElement)
      .queryAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
  // Current step: a workgroup not submitted or returned may be submitted, a submission decided.
  expect(buttonsIn(cells('Mathematics')[1])).toEqual(['Submit Mathematics at step 6']);
  expect(buttonsIn(cells('Biology')[1])).toEqual(['Submit Biology at step 6']);
  expect(buttonsIn(cells('Chemistry')[1])).toEqual([
    'Approve Chemistry at step 6',
    'Return Chemistry at step 6',
  ]);
  // Earlier steps: history, except a submission still waiting for its decision.
  expect(buttonsIn(cells('Mathematics')[0])).toEqual([]);
  expect(buttonsIn(cells('Chemistry')[0])).toEqual([]);
  expect(buttonsIn(cells('Biology')[0])).toEqual([
    'Approve Biology at step 5',
    'Return Biology at step 5',
  ]);
});

test('an academic-affairs approver is offered approve and return only, never submit', async () => {
  role = 'academicAffairsApprover';
  grid = MIXED;
  renderWithApp([{ path: '/', element: <DashboardPage /> }], '/');
  const progress = await screen.findByRole('table', { name: 'Workgroup approvals' });
  const names = within(progress)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));
  expect(names).toEqual([
    'Approve Biology at step 5',
    'Return Biology at step 5',
    'Approve Chemistry at step 6',
    'Return Chemistry at step 6',
  ]);
});

test('a viewer who may act nowhere sees the statuses without a button', async () => {
  role = 'businessOfficeAdmin';
  grid = MIXED;
  renderWithApp([{ path: '/', element: <DashboardPage /> }], '/');
  const progress = await screen.findByRole('table', { name: 'Workgroup approvals' });
  expect(within(progress).getAllByText('Submitted')).toHaveLength(2);
  expect(within(progress).queryAllByRole('button')).toEqual([]);
});

test('without an active period the dashboard says so; a failed read offers Try again', async () => {
  role = 'academicOpsAdmin';
  dashboardAnswer = { body: { AcademicPeriodId: null, items: [], mine: null } };
  const app = renderWithApp([{ path: '/', element: <DashboardPage /> }], '/');
  expect(await screen.findByText('No academic period is active')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Workgroup approvals' })).not.toBeInTheDocument();
  app.unmount();

  dashboardAnswer = { status: 500, body: { statusCode: 500, message: 'The database is down.' } };
  renderWithApp([{ path: '/', element: <DashboardPage /> }], '/');
  expect(await screen.findByText('The dashboard could not be loaded')).toBeInTheDocument();
  expect(screen.getByText('The database is down.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});
