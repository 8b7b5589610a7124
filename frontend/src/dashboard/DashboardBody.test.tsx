/**
 * @jest-environment ./src/shell/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { startApiServer } from '../shell/testing/apiServer.js';
import { signedInAs } from '../shell/testing/fixtures.js';
import { renderWithApp } from '../shell/testing/renderWithApp.js';
import DashboardPage from '../pages/DashboardPage.js';
import type { ApprovalStatus } from './dashboardApi.js';

let status: ApprovalStatus = 'pending';
let role: Parameters<typeof signedInAs>[0] = 'academicOpsAdmin';
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ method, path }) => {
    if (path === '/api/auth') return { body: signedInAs(role) };
    if (path === '/api/auth/csrf') return { body: { csrfToken: 't' } };
    if (path === '/api/dashboard') {
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

test('staff see counts that link to the filtered lists, and submit a workgroup at the active step', async () => {
  role = 'academicOpsAdmin';
  renderWithApp([{ path: '/', element: <DashboardPage /> }], '/');
  const count = await screen.findByRole('link', { name: '12 Sections without instructors' });
  expect(count).toHaveAttribute('href', '/sections?coverage=uncovered');
  const progress = await screen.findByRole('table', { name: 'Workgroup approvals' });
  expect(within(progress).getByText('pending')).toBeInTheDocument();
  fireEvent.click(within(progress).getByRole('button', { name: 'Submit Mathematics at step 6' }));
  fireEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit' }),
  );
  expect(await within(progress).findByText('submitted')).toBeInTheDocument();
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
