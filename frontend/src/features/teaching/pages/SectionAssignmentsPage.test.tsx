/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import SectionAssignmentsPage, {
  assignmentColumns,
  assignmentListQuery,
} from './SectionAssignmentsPage.js';
import type { AssignmentRow } from '../../../lib/domain/sectionTypes.js';

let auth: AuthContext;
let rows: AssignmentRow[];
let terms: { id: string; name: string }[] = [];
let server: Awaited<ReturnType<typeof startApiServer>>;

function row(id: string, extra: Partial<AssignmentRow> = {}): AssignmentRow {
  return {
    id,
    SectionId: 's1',
    WorkgroupId: 'wg-math',
    UserId: 'u-ada',
    instructorName: 'Ada Lovelace',
    status: 'proposed',
    share: null,
    sharePercent: 100,
    points: 4,
    notes: null,
    CourseOfferingId: 'o1',
    AcademicPeriodId: 'p-2026',
    courseNumber: 'MATH 101',
    courseName: 'Calculus I',
    sectionNumber: '001',
    sectionName: 'Calculus I',
    AcademicTermId: null,
    sectionRevision: 3,
    createdAt: '2026-08-01T10:00:00.000Z',
    updatedAt: '2026-08-01T10:00:00.000Z',
    preferenceAlignment: null,
    ...extra,
  };
}

beforeAll(async () => {
  server = await startApiServer(({ method, path }) => {
    const p = new URL(path, 'http://x').pathname;
    if (p === '/api/auth') return { body: auth };
    if (p === '/api/auth/csrf') return { body: { csrfToken: 'token' } };
    if (p === '/api/academicPeriods/active')
      return { body: { id: 'p-2026', name: '2026–2027', revision: 1 } };
    if (p === '/api/academicTerms') return { body: { count: terms.length, rows: terms } };
    if (
      ['/api/academicPeriods', '/api/workgroups', '/api/teachingModes', '/api/locations'].includes(
        p,
      )
    )
      return { body: { count: 0, rows: [] } };
    if (p === '/api/sectionInstructors')
      return {
        body: {
          count: 1,
          rows: [{ id: 'u-ada', displayName: 'Ada Lovelace', isFaculty: true, isActive: true }],
        },
      };
    if (p === '/api/sectionAssignments') return { body: { count: rows.length, rows } };
    const one = /^\/api\/sections\/s1\/assignments\/([^/]+)(\/withdraw)?$/.exec(p);
    if (one && (method === 'DELETE' || method === 'POST')) {
      if (method === 'DELETE') rows = rows.filter((r) => r.id !== one[1]);
      return { body: { id: 's1', revision: 4, position: '1:2' } };
    }
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedInAs('academicOpsAdmin');
  rows = [];
  terms = [];
});

const ADA = 'Ada Lovelace on MATH 101 001';
/** The names in a row's More actions menu (edit, withdraw, unassign, the section's history). */
async function menuItems(row: string) {
  fireEvent.click(
    await screen.findByRole('button', { name: `More actions for ${row}` }, { timeout: 5000 }),
  );
  const menu = await screen.findByRole('menu', { name: `More actions for ${row}` });
  return within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.getAttribute('aria-label'));
}
async function fromMenu(row: string, name: string) {
  fireEvent.click(
    await screen.findByRole('button', { name: `More actions for ${row}` }, { timeout: 5000 }),
  );
  const menu = await screen.findByRole('menu', { name: `More actions for ${row}` });
  fireEvent.click(within(menu).getByRole('menuitem', { name }));
}

const renderPage = () =>
  renderWithApp(
    [{ path: '/sectionAssignments', element: <SectionAssignmentsPage /> }],
    '/sectionAssignments',
  );
const listCalls = () =>
  server.calls
    .filter((c) => c.path.startsWith('/api/sectionAssignments?'))
    .map((c) => new URL(c.path, 'http://x').searchParams);

test('an empty list says where assignments are made', async () => {
  const app = renderPage();
  expect(
    await screen.findByText('No section assignments yet', {}, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(listCalls().at(-1)?.get('AcademicPeriodId')).toBe('p-2026');
  app.unmount();
});

test('filters by status and instructor on the server', async () => {
  rows = [row('a1')];
  const app = renderPage();
  await screen.findByRole(
    'button',
    { name: 'Section of Ada Lovelace: MATH 101 001' },
    { timeout: 5000 },
  );
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'proposed,reopened' } });
  await waitFor(() => expect(listCalls().at(-1)?.get('status')).toBe('proposed,reopened'));
  await screen.findByRole('option', { name: 'Ada Lovelace' });
  fireEvent.change(screen.getByLabelText('Instructor'), { target: { value: 'u-ada' } });
  await waitFor(() => expect(listCalls().at(-1)?.get('UserId')).toBe('u-ada'));
  app.unmount();
});

test('withdraw asks for a reason, unassign asks first; both reach the section routes', async () => {
  rows = [row('a1', { status: 'approved' })];
  const app = renderPage();
  await fromMenu(ADA, `Withdraw ${ADA}`);
  let alert = await screen.findByRole('alertdialog');
  fireEvent.change(within(alert).getByLabelText('Reason (optional)'), {
    target: { value: 'On leave' },
  });
  fireEvent.click(within(alert).getByRole('button', { name: 'Withdraw' }));
  await waitFor(() =>
    expect(
      server.calls.find((c) => c.path === '/api/sections/s1/assignments/a1/withdraw')?.body,
    ).toEqual({ reason: 'On leave' }),
  );
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  await fromMenu(ADA, `Unassign ${ADA}`);
  alert = await screen.findByRole('alertdialog');
  expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(within(alert).getByRole('button', { name: 'Unassign' }));
  expect(await screen.findByText('No section assignments yet')).toBeInTheDocument();
  app.unmount();
});

test('a workgroup member without the assign bit sees no actions but the section and its history', async () => {
  auth = signedInAs('faculty', {
    Roles: [],
    workgroupPermissions: [{ id: 'wg-math', permission: 3 }],
    progressStepId: 5,
  });
  rows = [row('a1')];
  const app = renderPage();
  expect(
    await screen.findByRole(
      'button',
      { name: 'Section of Ada Lovelace: MATH 101 001' },
      { timeout: 5000 },
    ),
  ).toBeInTheDocument();
  // The bits count only at progress step 6.
  expect(screen.queryByRole('button', { name: `Approve ${ADA}` })).not.toBeInTheDocument();
  expect(await menuItems(ADA)).toEqual(['Section history of MATH 101 001']);
  app.unmount();
});

test('at step 6 the same member approves and assigns in their workgroup only', async () => {
  auth = signedInAs('faculty', {
    Roles: [],
    workgroupPermissions: [{ id: 'wg-math', permission: 3 }],
    progressStepId: 6,
  });
  rows = [
    row('a1'),
    row('a2', { WorkgroupId: 'wg-physics', UserId: 'u-bob', instructorName: 'Bob Babbage' }),
  ];
  const app = renderPage();
  expect(
    await screen.findByRole('button', { name: `Approve ${ADA}` }, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(
    screen.queryByRole('button', { name: 'Approve Bob Babbage on MATH 101 001' }),
  ).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: `Finalize ${ADA}` })).not.toBeInTheDocument();
  expect(await menuItems(ADA)).toContain(`Unassign ${ADA}`);
  expect(await menuItems('Bob Babbage on MATH 101 001')).toEqual([
    'Section history of MATH 101 001',
  ]);
  app.unmount();
});

test('a row offers its section and its approval at hand, the rest in its menu, named with the term', async () => {
  terms = [
    { id: 'fall', name: 'Fall 2026' },
    { id: 'spring', name: 'Spring 2027' },
  ];
  rows = [
    row('a1', { AcademicTermId: 'fall' }),
    row('a2', { AcademicTermId: 'spring', SectionId: 's2' }),
  ];
  const app = renderPage();
  const fall = 'Ada Lovelace on MATH 101 001 (Fall 2026)';
  await screen.findByRole('button', { name: `Approve ${fall}` }, { timeout: 5000 });
  const names = screen
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'))
    .filter((name) => name?.includes('MATH 101 001'));
  // The same instructor, course and number in another term: names of its own.
  expect(names).toEqual([
    'Section of Ada Lovelace: MATH 101 001 (Fall 2026)',
    `Approve ${fall}`,
    `More actions for ${fall}`,
    'Section of Ada Lovelace: MATH 101 001 (Spring 2027)',
    'Approve Ada Lovelace on MATH 101 001 (Spring 2027)',
    'More actions for Ada Lovelace on MATH 101 001 (Spring 2027)',
  ]);
  expect(await menuItems(fall)).toEqual([
    `Edit share and notes of ${fall}`,
    `Withdraw ${fall}`,
    `Unassign ${fall}`,
    'Section history of MATH 101 001 (Fall 2026)',
  ]);
  app.unmount();
});

test('the default columns name the term; the rarer ones wait in the Columns control', () => {
  const columns = assignmentColumns({ terms: [{ value: 'fall', label: 'Fall 2026' }] });
  const term = columns.find((c) => c.key === 'term');
  expect(term?.render(row('a1', { AcademicTermId: 'fall' }))).toBe('Fall 2026');
  expect(term?.render(row('a1', { AcademicTermId: null }))).toBe('—');
  expect(columns.filter((c) => c.hiddenByDefault).map((c) => c.label)).toEqual([
    'Section name',
    'Notes',
    'Changed',
  ]);
});

test('the list query carries the filters, the sort and the page', () => {
  expect(
    assignmentListQuery(
      { period: '', workgroup: '', status: 'final', instructor: 'u-ada', search: 'math' },
      { field: 'instructor', direction: 'ASC' },
      { page: 1, pageSize: 50 },
    ),
  ).toEqual({
    take: 50,
    skip: 50,
    status: 'final',
    UserId: 'u-ada',
    q: 'math',
    sort: JSON.stringify([['instructor', 'ASC']]),
  });
  // The dashboard's "awaiting your approval" link narrows the list to what the viewer may approve.
  expect(
    assignmentListQuery(
      { period: '', workgroup: '', status: 'proposed,reopened', instructor: '', search: '' },
      null,
      { page: 0, pageSize: 25 },
    ),
  ).toEqual({ take: 25, skip: 0, status: 'proposed,reopened' });
  expect(
    assignmentListQuery(
      {
        period: '',
        workgroup: '',
        status: 'proposed,reopened',
        instructor: '',
        search: '',
        approvable: true,
      },
      null,
      { page: 0, pageSize: 25 },
    ),
  ).toEqual({ take: 25, skip: 0, status: 'proposed,reopened', approvable: 'true' });
});
