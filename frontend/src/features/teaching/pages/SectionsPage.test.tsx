/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer, type ApiAnswer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import SectionsPage, { sectionColumns, sectionListQuery } from './SectionsPage.js';
import { nextSort } from '../../../lib/resources/listParams.js';
import type { TeachingChoices } from '../../../lib/hooks/useTeachingChoices.js';
import type { SectionRow } from '../../../lib/domain/sectionTypes.js';

let auth: AuthContext;
let sections: SectionRow[];
let terms: { id: string; name: string }[] = [];
let meetingsAnswer: (override: boolean) => ApiAnswer;
let assignAnswer: (override: boolean) => ApiAnswer;
let server: Awaited<ReturnType<typeof startApiServer>>;

const ok = (id: string): ApiAnswer => ({ body: { id, revision: 2, position: '1:1' } });

function sectionRow(id: string, extra: Partial<SectionRow> = {}): SectionRow {
  return {
    id,
    revision: 1,
    CourseOfferingId: 'o-calc',
    WorkgroupId: 'wg-math',
    name: 'Calculus I',
    sectionNumber: '001',
    enrollment: 30,
    defaultPoints: 4,
    points: null,
    notes: null,
    TermMode: null,
    allowOverlap: false,
    meetings: [],
    CourseId: 'calc',
    AcademicPeriodId: 'p-2026',
    courseNumber: 'MATH 101',
    courseName: 'Calculus I',
    sectionPoints: 4,
    assignments: [],
    coverage: { status: 'uncovered', shareTotal: 0, assignedPoints: 0, variance: -4 },
    assignedPoints: 0,
    createdAt: '2026-08-01T10:00:00.000Z',
    updatedAt: '2026-08-01T10:00:00.000Z',
    ...extra,
  };
}

beforeAll(async () => {
  server = await startApiServer(({ method, path, body }) => {
    const url = new URL(path, 'http://x');
    const p = url.pathname;
    if (p === '/api/auth') return { body: auth };
    if (p === '/api/auth/csrf') return { body: { csrfToken: 'token' } };
    if (p === '/api/academicPeriods/active')
      return { body: { id: 'p-2026', name: '2026–2027', revision: 1 } };
    if (p === '/api/academicPeriods')
      return {
        body: {
          count: 2,
          rows: [
            { id: 'p-2026', name: '2026–2027' },
            { id: 'p-2025', name: '2025–2026' },
          ],
        },
      };
    if (p === '/api/workgroups')
      return { body: { count: 1, rows: [{ id: 'wg-math', name: 'Mathematics' }] } };
    if (p === '/api/locations')
      return { body: { count: 1, rows: [{ id: 'loc-1', code: 'SCI 101' }] } };
    if (p === '/api/academicTerms') return { body: { count: terms.length, rows: terms } };
    if (['/api/teachingModes', '/api/courses', '/api/courseOfferings'].includes(p))
      return { body: { count: 0, rows: [] } };
    if (p === '/api/sectionInstructors')
      return {
        body: {
          count: 2,
          rows: [
            { id: 'u-ada', displayName: 'Ada Lovelace', isFaculty: true, isActive: true },
            { id: 'u-bob', displayName: 'Bob Babbage', isFaculty: true, isActive: true },
          ],
        },
      };
    if (p === '/api/sections' && method === 'GET')
      return { body: { count: sections.length, rows: sections } };
    const one = /^\/api\/sections\/([^/]+)$/.exec(p);
    if (one && method === 'GET') return { body: sections.find((s) => s.id === one[1]) };
    if (one && method === 'DELETE') {
      sections = sections.filter((s) => s.id !== one[1]);
      return ok(one[1] ?? '');
    }
    if (/^\/api\/sections\/[^/]+\/meetings$/.test(p) && method === 'PUT')
      return meetingsAnswer(Boolean((body as { override?: boolean }).override));
    if (/^\/api\/sections\/[^/]+\/assignments$/.test(p) && method === 'POST')
      return assignAnswer(Boolean((body as { override?: boolean }).override));
    if (/^\/api\/sections\/[^/]+\/assignments\/[^/]+\/(approve|finalize)$/.test(p)) return ok('a1');
    if (p.startsWith('/api/history/sections/'))
      return {
        body: {
          rows: [
            {
              position: '1',
              revision: 0,
              type: 'SectionCreated',
              at: '2026-08-01T10:00:00.000Z',
              by: { id: 'u-ops', displayName: 'Olga Ops' },
              onBehalfOf: null,
              through: null,
              assignment: null,
              changes: [
                {
                  field: 'sectionNumber',
                  from: null,
                  to: '001',
                  label: 'Section number',
                  display: { kind: 'text', from: '(empty)', to: '001' },
                },
                {
                  field: 'CourseOfferingId',
                  from: null,
                  to: 'o-1',
                  label: 'Course offering',
                  display: { kind: 'text', from: '(empty)', to: 'MATH 101 Calculus I · 2026–27' },
                },
                {
                  field: 'meetings',
                  from: [],
                  to: [{ id: 'm1' }],
                  label: 'Meetings',
                  display: {
                    kind: 'list',
                    added: ['Mon Wed 09:00–09:50 weekly, 2026-09-01 to 2026-12-15 · SCI 101'],
                    removed: [],
                  },
                },
              ],
            },
            {
              position: '2',
              revision: 1,
              type: 'TeachingAssignmentChanged',
              at: '2026-08-02T10:00:00.000Z',
              by: { id: 'u-ops', displayName: 'Olga Ops' },
              onBehalfOf: null,
              through: null,
              assignment: { id: 'a1', instructor: { id: 'u-ada', displayName: 'Ada Lovelace' } },
              changes: [
                {
                  field: 'status',
                  from: 'proposed',
                  to: 'approved',
                  label: 'Status',
                  display: { kind: 'text', from: 'Proposed', to: 'Approved' },
                },
              ],
            },
          ],
        },
      };
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedInAs('academicOpsAdmin');
  sections = [];
  terms = [];
  meetingsAnswer = () => ok('s1');
  assignAnswer = () => ok('a9');
});

/** Clicks `name` in the row's More actions menu (meetings, history and delete live there). */
async function fromMenu(row: string, name: string) {
  fireEvent.click(
    await screen.findByRole('button', { name: `More actions for ${row}` }, { timeout: 5000 }),
  );
  const menu = await screen.findByRole('menu', { name: `More actions for ${row}` });
  fireEvent.click(within(menu).getByRole('menuitem', { name }));
}
async function menuItems(row: string) {
  fireEvent.click(
    await screen.findByRole('button', { name: `More actions for ${row}` }, { timeout: 5000 }),
  );
  const menu = await screen.findByRole('menu', { name: `More actions for ${row}` });
  return within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.getAttribute('aria-label'));
}

function renderPage() {
  return renderWithApp([{ path: '/sections', element: <SectionsPage /> }], '/sections');
}
const sectionCalls = () =>
  server.calls
    .filter((c) => c.method === 'GET' && c.path.startsWith('/api/sections?'))
    .map((c) => new URL(c.path, 'http://x').searchParams);

test('an empty period offers academic ops to create the first section', async () => {
  const app = renderPage();
  expect(await screen.findByText('No sections yet', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'New section' }).length).toBeGreaterThan(0);
  // The working period is the default filter.
  expect(sectionCalls().at(-1)?.get('AcademicPeriodId')).toBe('p-2026');
  app.unmount();
});

test('a link names the period and one offering; the tag clears the offering', async () => {
  sections = [sectionRow('s1')];
  const app = renderWithApp(
    [{ path: '/sections', element: <SectionsPage /> }],
    '/sections?AcademicPeriodId=p-2025&CourseOfferingId=o-calc',
  );
  const tag = await screen.findByText('Offering: MATH 101', {}, { timeout: 5000 });
  expect(sectionCalls().at(-1)?.get('CourseOfferingId')).toBe('o-calc');
  expect(sectionCalls().at(-1)?.get('AcademicPeriodId')).toBe('p-2025');
  expect(screen.getByLabelText('Academic period')).toHaveValue('p-2025');
  fireEvent.click(within(tag.closest('.bp6-tag') as HTMLElement).getByRole('button'));
  await waitFor(() => expect(sectionCalls().at(-1)?.has('CourseOfferingId')).toBe(false));
  expect(sectionCalls().at(-1)?.get('AcademicPeriodId')).toBe('p-2025');
  expect(screen.queryByText('Offering: MATH 101')).not.toBeInTheDocument();
  app.unmount();
});

test('a section scheduler sees the list without a create button', async () => {
  auth = signedInAs('sectionScheduler');
  sections = [sectionRow('s1')];
  const app = renderPage();
  expect(
    await screen.findByRole('button', { name: 'Details of MATH 101 001' }, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New section' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit MATH 101 001' })).not.toBeInTheDocument();
  // Meetings are the scheduler's; no delete.
  expect(await menuItems('MATH 101 001')).toEqual([
    'Meetings of MATH 101 001',
    'History of MATH 101 001',
  ]);
  app.unmount();
});

test('cells show course, coverage and instructors; filters and search go to the server', async () => {
  sections = [
    sectionRow('s1', {
      assignments: [
        {
          id: 'a1',
          UserId: 'u-ada',
          share: null,
          notes: null,
          status: 'approved',
          instructorName: 'Ada Lovelace',
        },
      ],
      coverage: { status: 'covered', shareTotal: 100, assignedPoints: 4, variance: 0 },
    }),
  ];
  const cells = render(
    <div>
      {sectionColumns({ terms: [], teachingModes: [] } as unknown as TeachingChoices).map((c) => (
        <div key={c.key} data-testid={c.key}>
          {c.render(sections[0] as SectionRow)}
        </div>
      ))}
    </div>,
  );
  expect(within(screen.getByTestId('course')).getByText('MATH 101')).toBeInTheDocument();
  expect(within(screen.getByTestId('coverage')).getByText(/Covered/)).toBeInTheDocument();
  expect(within(screen.getByTestId('instructors')).getByText('Ada Lovelace')).toBeInTheDocument();
  expect(within(screen.getByTestId('instructors')).getByText('Approved')).toBeInTheDocument();
  cells.unmount();
  const app = renderPage();
  await screen.findByRole('button', { name: 'Details of MATH 101 001' }, { timeout: 5000 });
  fireEvent.change(screen.getByLabelText('Coverage'), { target: { value: 'uncovered,partial' } });
  await waitFor(() =>
    expect(sectionCalls().at(-1)?.get('coverageStatus')).toBe('uncovered,partial'),
  );
  fireEvent.change(screen.getByLabelText('Search sections'), { target: { value: 'calc' } });
  await waitFor(() => expect(sectionCalls().at(-1)?.get('q')).toBe('calc'));
  fireEvent.change(screen.getByLabelText('Academic period'), { target: { value: '' } });
  await waitFor(() => expect(sectionCalls().at(-1)?.has('AcademicPeriodId')).toBe(false));
  app.unmount();
});

test('delete asks first, then deletes', async () => {
  sections = [sectionRow('s1')];
  const app = renderPage();
  await fromMenu('MATH 101 001', 'Delete MATH 101 001');
  const alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByText('MATH 101 001')).toBeInTheDocument();
  expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
  await waitFor(() =>
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/api/sections/s1')).toBe(
      true,
    ),
  );
  expect(await screen.findByText('No sections yet')).toBeInTheDocument();
  app.unmount();
});

test('a conflicting schedule is shown with the choice to override it', async () => {
  sections = [sectionRow('s1')];
  meetingsAnswer = (override) =>
    override
      ? ok('s1')
      : {
          status: 422,
          body: {
            statusCode: 422,
            error: 'Unprocessable Entity',
            message: 'SCI 101 is booked twice on Mondays 09:00–09:50 (and 1 more conflict).',
          },
        };
  const app = renderPage();
  await fromMenu('MATH 101 001', 'Meetings of MATH 101 001');
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add meeting' }));
  // Checked before sending: a day and dates are missing.
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save meetings' }));
  expect(await within(dialog).findByText(/Meeting 1: Pick at least one day\./)).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mon' }));
  fireEvent.change(within(dialog).getByLabelText('Start date'), {
    target: { value: '2026-09-01' },
  });
  fireEvent.change(within(dialog).getByLabelText('Until'), { target: { value: '2026-12-15' } });
  fireEvent.change(within(dialog).getByLabelText('Location'), { target: { value: 'loc-1' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save meetings' }));
  expect(await within(dialog).findByText(/booked twice/)).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Override and save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  const puts = server.calls.filter((c) => c.method === 'PUT');
  expect(puts.map((c) => (c.body as { override?: boolean }).override)).toEqual([undefined, true]);
  expect((puts[1]?.body as { meetings: unknown[] }).meetings).toEqual([
    expect.objectContaining({
      days: ['MO'],
      startTime: '09:00',
      endTime: '09:50',
      startDate: '2026-09-01',
      until: '2026-12-15',
      occurrences: null,
      frequency: 'weekly',
      LocationId: 'loc-1',
      exceptions: [],
    }),
  ]);
  app.unmount();
});

test('the details assign an instructor, and approve as the user may; the history names them', async () => {
  sections = [
    sectionRow('s1', {
      assignments: [
        {
          id: 'a1',
          UserId: 'u-ada',
          share: 50,
          notes: null,
          status: 'proposed',
          instructorName: 'Ada Lovelace',
        },
      ],
    }),
  ];
  assignAnswer = (override) =>
    override
      ? ok('a9')
      : {
          status: 422,
          body: {
            statusCode: 422,
            message: 'Bob Babbage teaches PHYS 201 001 at the same time.',
            overridable: true,
          },
        };
  const app = renderPage();
  fireEvent.click(
    await screen.findByRole('button', { name: 'Details of MATH 101 001' }, { timeout: 5000 }),
  );
  const panel = await screen.findByRole('table', { name: 'Assignments' });
  expect(within(panel).getByText('Proposed')).toBeInTheDocument();
  fireEvent.click(within(panel).getByRole('button', { name: 'Approve Ada Lovelace' }));
  await waitFor(() =>
    expect(server.calls.some((c) => c.path === '/api/sections/s1/assignments/a1/approve')).toBe(
      true,
    ),
  );
  // academicOpsAdmin manages SectionAssignment: no finalize before approval, though.
  expect(
    within(panel).queryByRole('button', { name: 'Finalize Ada Lovelace' }),
  ).not.toBeInTheDocument();

  const form = screen.getByRole('form', { name: 'Assign an instructor' });
  // Ada is on the section already: only Bob is offered.
  fireEvent.change(within(form).getByPlaceholderText('Search by name…'), {
    target: { value: 'a' },
  });
  expect(within(form).queryByText('Ada Lovelace')).not.toBeInTheDocument();
  fireEvent.click(within(form).getByText('Bob Babbage'));
  fireEvent.change(within(form).getByLabelText('Share (%)'), { target: { value: '50' } });
  fireEvent.click(within(form).getByRole('button', { name: 'Assign' }));
  expect(await within(form).findByText(/at the same time/)).toBeInTheDocument();
  fireEvent.click(within(form).getByRole('button', { name: 'Override and assign' }));
  await waitFor(() =>
    expect(
      server.calls
        .filter((c) => c.method === 'POST' && c.path === '/api/sections/s1/assignments')
        .map((c) => c.body),
    ).toEqual([
      { UserId: 'u-bob', share: 50, notes: null },
      { UserId: 'u-bob', share: 50, notes: null, override: true },
    ]),
  );

  fireEvent.click(screen.getByRole('button', { name: 'History' }));
  expect(await screen.findByText('Assignment changed: Ada Lovelace')).toBeInTheDocument();
  // The section's offering by course and period, meetings as added, no ids or JSON.
  const drawer = screen.getByText('Assignment changed: Ada Lovelace').closest('.bp6-drawer');
  const history = within(drawer as HTMLElement);
  expect(history.getByText('MATH 101 Calculus I · 2026–27')).toBeInTheDocument();
  expect(
    within(history.getByRole('list', { name: 'Meetings added' })).getByText(
      'Mon Wed 09:00–09:50 weekly, 2026-09-01 to 2026-12-15 · SCI 101',
    ),
  ).toBeInTheDocument();
  expect(history.getByText('Approved')).toBeInTheDocument();
  expect(drawer).not.toHaveTextContent(/o-1|CourseOfferingId|\{/);
  app.unmount();
});

test('the assign form shows a refusal no override changes, offering no override', async () => {
  sections = [sectionRow('s1')];
  assignAnswer = () => ({
    status: 422,
    body: {
      statusCode: 422,
      message:
        'Bob Babbage is not an active faculty member; only active faculty may be assigned to sections.',
    },
  });
  const app = renderPage();
  fireEvent.click(
    await screen.findByRole('button', { name: 'Details of MATH 101 001' }, { timeout: 5000 }),
  );
  const form = await screen.findByRole('form', { name: 'Assign an instructor' });
  fireEvent.change(within(form).getByPlaceholderText('Search by name…'), {
    target: { value: 'bob' },
  });
  fireEvent.click(await within(form).findByText('Bob Babbage'));
  fireEvent.click(within(form).getByRole('button', { name: 'Assign' }));
  const alert = await within(form).findByRole('alert');
  expect(alert).toHaveTextContent(/Not assigned/);
  expect(alert).not.toHaveTextContent(/a conflict/);
  expect(alert).toHaveTextContent(/Bob Babbage is not an active faculty member/);
  expect(
    within(form).queryByRole('button', { name: 'Override and assign' }),
  ).not.toBeInTheDocument();
  // The picker asked the server for active faculty only.
  const asked = server.calls.find((c) => c.path.startsWith('/api/sectionInstructors?'));
  const params = new URL(`http://x${asked?.path ?? ''}`).searchParams;
  expect(params.get('facultyOnly')).toBe('true');
  expect(params.get('includeInactive')).not.toBe('true');
  app.unmount();
});

test('an academic-affairs approver finalizes approved assignments only', async () => {
  auth = signedInAs('academicAffairsApprover');
  sections = [
    sectionRow('s1', {
      assignments: [
        {
          id: 'a1',
          UserId: 'u-ada',
          share: null,
          notes: null,
          status: 'approved',
          instructorName: 'Ada Lovelace',
        },
        {
          id: 'a2',
          UserId: 'u-bob',
          share: null,
          notes: null,
          status: 'proposed',
          instructorName: 'Bob Babbage',
        },
      ],
    }),
  ];
  const app = renderPage();
  fireEvent.click(
    await screen.findByRole('button', { name: 'Details of MATH 101 001' }, { timeout: 5000 }),
  );
  const panel = await screen.findByRole('table', { name: 'Assignments' });
  expect(within(panel).getByRole('button', { name: 'Finalize Ada Lovelace' })).toBeInTheDocument();
  expect(
    within(panel).queryByRole('button', { name: 'Approve Bob Babbage' }),
  ).not.toBeInTheDocument();
  expect(within(panel).queryByRole('button', { name: /Unassign/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Assign an instructor' })).not.toBeInTheDocument();
  app.unmount();
});

test('a header click sorts ascending, then descending, then by the default; the query carries it', () => {
  const first = nextSort(null, 'enrollment');
  expect(first).toEqual({ field: 'enrollment', direction: 'ASC' });
  const second = nextSort(first, 'enrollment');
  expect(second).toEqual({ field: 'enrollment', direction: 'DESC' });
  expect(nextSort(second, 'enrollment')).toBeNull();
  expect(
    sectionListQuery(
      { period: 'p-2026', workgroup: 'wg-math', coverage: '', search: ' calc ' },
      second,
      { page: 2, pageSize: 25 },
    ),
  ).toEqual({
    take: 25,
    skip: 50,
    AcademicPeriodId: 'p-2026',
    WorkgroupId: 'wg-math',
    q: 'calc',
    sort: JSON.stringify([['enrollment', 'DESC']]),
  });
});

test('each row offers details and edit, the rest in its menu, each named with the term', async () => {
  terms = [
    { id: 'fall', name: 'Fall 2026' },
    { id: 'spring', name: 'Spring 2027' },
  ];
  sections = [
    sectionRow('s1', { TermMode: { AcademicTermId: 'fall', TeachingModeId: 'm' } }),
    sectionRow('s2', { TermMode: { AcademicTermId: 'spring', TeachingModeId: 'm' } }),
  ];
  const app = renderPage();
  const fall = 'MATH 101 001 (Fall 2026)';
  await screen.findByRole('button', { name: `Details of ${fall}` }, { timeout: 5000 });
  // The same course and number in another term: its own names.
  const names = screen
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'))
    .filter((name) => name?.includes('MATH 101 001'));
  expect(names).toEqual([
    `Details of ${fall}`,
    `Edit ${fall}`,
    `More actions for ${fall}`,
    'Details of MATH 101 001 (Spring 2027)',
    'Edit MATH 101 001 (Spring 2027)',
    'More actions for MATH 101 001 (Spring 2027)',
  ]);
  expect(await menuItems(fall)).toEqual([
    `Meetings of ${fall}`,
    `History of ${fall}`,
    `Delete ${fall}`,
  ]);
  app.unmount();
});
