/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import SectionAssignmentsPage, { allMatchingQuery } from '../pages/SectionAssignmentsPage.js';
import type { AssignmentRow } from '../../../lib/domain/sectionTypes.js';

let auth: AuthContext;
let rows: AssignmentRow[];
/** Assignment ids the server refuses, with the sentence it gives. */
let refusing: Map<string, string>;
let server: Awaited<ReturnType<typeof startApiServer>>;
/** How far the list's later pages move back (an assignment added while the ids are read). */
let shift = 0;

function row(id: string, extra: Partial<AssignmentRow> = {}): AssignmentRow {
  return {
    id,
    SectionId: 's1',
    WorkgroupId: 'wg-math',
    UserId: `u-${id}`,
    instructorName: `Instructor ${id}`,
    status: 'proposed',
    share: null,
    sharePercent: 100,
    points: 3,
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

type Item = { SectionId: string; id: string };

beforeAll(async () => {
  server = await startApiServer(({ method, path, body }) => {
    const url = new URL(path, 'http://x');
    const p = url.pathname;
    if (p === '/api/auth') return { body: auth };
    if (p === '/api/auth/csrf') return { body: { csrfToken: 'token' } };
    if (p === '/api/academicPeriods/active')
      return { body: { id: 'p-2026', name: '2026–2027', revision: 1 } };
    if (
      [
        '/api/academicPeriods',
        '/api/workgroups',
        '/api/academicTerms',
        '/api/teachingModes',
        '/api/locations',
        '/api/sectionInstructors',
      ].includes(p)
    )
      return { body: { count: 0, rows: [] } };
    if (p === '/api/sectionAssignments' && method === 'GET') {
      const status = url.searchParams.get('status')?.split(',');
      const matching = rows.filter((r) => !status || status.includes(r.status));
      // An assignment added between two page reads shifts the later pages by one.
      const skip = Math.max(0, Number(url.searchParams.get('skip') ?? 0) - shift);
      const take = Number(url.searchParams.get('take') ?? 100);
      return { body: { count: matching.length, rows: matching.slice(skip, skip + take) } };
    }
    const bulk = /^\/api\/sectionAssignments\/(approve|finalize)$/.exec(p);
    if (bulk && method === 'POST') {
      const items = (body as { assignments: Item[] }).assignments;
      const refused = items.filter((i) => refusing.has(i.id));
      const approved = items.filter((i) => !refusing.has(i.id));
      for (const r of rows) {
        if (approved.some((a) => a.id === r.id))
          r.status = bulk[1] === 'approve' ? 'approved' : 'final';
      }
      return {
        body: {
          approved: approved.map((a) => ({ ...a, revision: 5 })),
          refused: refused.map((a) => ({ ...a, statusCode: 422, message: refusing.get(a.id) })),
          position: '7:7',
        },
      };
    }
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedInAs('academicOpsAdmin');
  rows = [];
  refusing = new Map();
  shift = 0;
  server.calls.length = 0;
});

const renderAt = (path: string) =>
  renderWithApp([{ path: '/sectionAssignments', element: <SectionAssignmentsPage /> }], path);
const bulkCalls = () => server.calls.filter((c) => /\/api\/sectionAssignments\/\w+$/.test(c.path));

test('roles who may approve nothing see no selection and no bulk bar', async () => {
  for (const who of [
    signedInAs('sectionScheduler'),
    signedInAs('faculty', {
      Roles: [],
      workgroupPermissions: [{ id: 'wg-math', permission: 3 }],
      progressStepId: 5,
    }),
  ]) {
    auth = who;
    rows = [row('a1')];
    const app = renderAt('/sectionAssignments');
    // The row is listed (its actions column, the one jsdom lays out, names it).
    await screen.findByRole('button', { name: /^Section of Instructor a1: / }, { timeout: 5000 });
    expect(screen.queryAllByLabelText('Select all on this page')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Bulk approval' })).not.toBeInTheDocument();
    app.unmount();
  }
});

test('a workgroup approver at step 6 selects what they may approve, confirms, and sees the summary', async () => {
  auth = signedInAs('faculty', {
    Roles: [],
    workgroupPermissions: [{ id: 'wg-math', permission: 1 }],
    progressStepId: 6,
  });
  rows = [
    row('a1'),
    row('a2', { status: 'reopened', SectionId: 's2' }),
    row('a3', { WorkgroupId: 'wg-physics' }),
    row('a4', { status: 'final' }),
  ];
  const app = renderAt('/sectionAssignments');
  const first = await screen.findByRole(
    'checkbox',
    { name: 'Select Instructor a1 on MATH 101 001' },
    { timeout: 5000 },
  );
  // Another workgroup's and a final assignment: nothing to approve, no box.
  expect(screen.queryByRole('checkbox', { name: /Select Instructor a3/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('checkbox', { name: /Select Instructor a4/ })).not.toBeInTheDocument();
  // Native checkboxes: reachable with Tab, toggled with Space.
  first.focus();
  expect(first).toHaveFocus();
  fireEvent.click(first);
  const bar = screen.getByRole('region', { name: 'Bulk approval' });
  expect(within(bar).getByText('1 selected')).toBeInTheDocument();
  fireEvent.click(within(bar).getByRole('checkbox', { name: 'Select all on this page' }));
  expect(within(bar).getByText('2 selected')).toBeInTheDocument();
  expect(within(bar).queryByRole('button', { name: /Finalize/ })).not.toBeInTheDocument();

  fireEvent.click(within(bar).getByRole('button', { name: 'Approve (workgroup)' }));
  const alert = await screen.findByRole('alertdialog');
  expect(alert).toHaveTextContent('Approve 2 assignments for the workgroup?');
  expect(bulkCalls()).toEqual([]);
  fireEvent.click(within(alert).getByRole('button', { name: 'Approve 2' }));

  expect(
    await screen.findByText('Approved 2 of 2 assignments', {}, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(bulkCalls()).toEqual([
    expect.objectContaining({
      method: 'POST',
      path: '/api/sectionAssignments/approve',
      body: {
        assignments: [
          { SectionId: 's1', id: 'a1' },
          { SectionId: 's2', id: 'a2' },
        ],
      },
    }),
  ]);
  // The list refreshes (the approved rows are approved now) and the selection is cleared.
  await waitFor(() =>
    expect(
      screen.queryByRole('checkbox', { name: /Select Instructor a1/ }),
    ).not.toBeInTheDocument(),
  );
  expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
  app.unmount();
});

test('from the dashboard link, "Approve all N matching" fetches every page and sends chunks of 200, listing the refused', async () => {
  rows = Array.from({ length: 450 }, (_, i) =>
    row(`b${String(i).padStart(3, '0')}`, { SectionId: `s${String(i % 30)}` }),
  );
  rows.push(row('done', { status: 'final' }));
  refusing = new Map([
    ['b010', 'The workgroup has approved this assignment; academic affairs makes it final.'],
    ['b300', 'You are not allowed to do this.'],
  ]);
  const app = renderAt('/sectionAssignments?status=proposed,reopened&approvable=true');
  const all = await screen.findByRole(
    'button',
    { name: 'Approve all 450 matching' },
    { timeout: 5000 },
  );
  fireEvent.click(all);
  const alert = await screen.findByRole('alertdialog');
  expect(alert).toHaveTextContent('Approve 450 assignments for the workgroup?');
  fireEvent.click(within(alert).getByRole('button', { name: 'Approve 450' }));

  const summary = await screen.findByText('Approved 448 of 450 assignments', {}, { timeout: 8000 });
  const callout = summary.closest('.bp6-callout');
  if (!(callout instanceof HTMLElement)) throw new Error('no summary callout');
  expect(callout).toHaveTextContent('2 assignments were refused.');
  fireEvent.click(within(callout).getByRole('button', { name: 'Show the 2 refused' }));
  const refused = within(callout).getByRole('list', { name: 'Refused assignments' });
  expect(refused).toHaveTextContent(
    'MATH 101 001 · Instructor b010: The workgroup has approved this assignment; academic affairs makes it final.',
  );
  expect(refused).toHaveTextContent(
    'MATH 101 001 · Instructor b300: You are not allowed to do this.',
  );

  const sent = bulkCalls().map((c) => (c.body as { assignments: Item[] }).assignments);
  expect(sent.map((chunk) => chunk.length)).toEqual([200, 200, 50]);
  expect(new Set(sent.flat().map((i) => i.id)).size).toBe(450);
  // The ids came page by page from the list, with the page's filters and the approvable narrowing.
  const pages = server.calls
    .filter((c) => c.path.startsWith('/api/sectionAssignments?') && c.path.includes('take=200'))
    .map((c) => new URL(c.path, 'http://x').searchParams);
  expect(pages.map((q) => q.get('skip'))).toEqual(['0', '200', '400']);
  for (const q of pages) {
    expect(q.get('status')).toBe('proposed,reopened');
    expect(q.get('approvable')).toBe('true');
    expect(q.get('AcademicPeriodId')).toBe('p-2026');
  }
  // What is left: the two refused.
  expect(
    await screen.findByRole('button', { name: 'Approve all 2 matching' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  app.unmount();
});

test('a row read twice while the list moves is sent once', async () => {
  rows = Array.from({ length: 250 }, (_, i) => row(`c${String(i).padStart(3, '0')}`));
  shift = 1;
  const app = renderAt('/sectionAssignments?status=proposed');
  fireEvent.click(
    await screen.findByRole('button', { name: 'Approve all 250 matching' }, { timeout: 5000 }),
  );
  fireEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve 250' }),
  );
  // Page two began one row early: c199 came twice.
  expect(
    await screen.findByText('Approved 250 of 250 assignments', {}, { timeout: 5000 }),
  ).toBeInTheDocument();
  const sent = bulkCalls().flatMap((c) => (c.body as { assignments: Item[] }).assignments);
  expect(sent).toHaveLength(250);
  expect(new Set(sent.map((i) => i.id)).size).toBe(250);
  app.unmount();
});

test('academic ops with a mixed selection gets both levels, each with its own rows', async () => {
  rows = [row('a1'), row('a2', { status: 'approved' }), row('a3', { status: 'approved' })];
  const app = renderAt('/sectionAssignments');
  await screen.findByRole('checkbox', { name: /Select Instructor a1/ }, { timeout: 5000 });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
  const bar = screen.getByRole('region', { name: 'Bulk approval' });
  expect(within(bar).getByText('3 selected')).toBeInTheDocument();
  expect(within(bar).getByRole('button', { name: 'Approve (workgroup): 1' })).toBeInTheDocument();
  fireEvent.click(within(bar).getByRole('button', { name: 'Finalize: 2' }));
  fireEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Finalize 2' }),
  );
  expect(
    await screen.findByText('Finalized 2 of 2 assignments', {}, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(bulkCalls().map((c) => [c.path, c.body])).toEqual([
    [
      '/api/sectionAssignments/finalize',
      {
        assignments: [
          { SectionId: 's1', id: 'a2' },
          { SectionId: 's1', id: 'a3' },
        ],
      },
    ],
  ]);
  app.unmount();
});

test('"all matching" applies only when the status filter asks for what the level approves', () => {
  const filters = { period: 'p', workgroup: '', instructor: '', search: '' };
  expect(allMatchingQuery({ ...filters, status: '' }, 'approve')).toBeNull();
  expect(allMatchingQuery({ ...filters, status: 'proposed,final' }, 'approve')).toBeNull();
  expect(allMatchingQuery({ ...filters, status: 'approved' }, 'approve')).toBeNull();
  expect(allMatchingQuery({ ...filters, status: 'reopened' }, 'approve')).toEqual({
    take: 1,
    skip: 0,
    AcademicPeriodId: 'p',
    status: 'reopened',
    approvable: 'true',
  });
  expect(allMatchingQuery({ ...filters, status: 'approved' }, 'finalize')).toEqual({
    take: 1,
    skip: 0,
    AcademicPeriodId: 'p',
    status: 'approved',
  });
});
