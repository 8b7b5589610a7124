/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer, type ApiAnswer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import { nextSort } from '../../../lib/resources/listParams.js';
import CourseOfferingsPage, {
  offeringColumns,
  offeringListQuery,
  sectionsLink,
} from './CourseOfferingsPage.js';
import type { OfferingOverviewRow } from '../api/offeringsApi.js';

let auth: AuthContext;
let offerings: OfferingOverviewRow[];
let listAnswer: (() => ApiAnswer) | null;
let deleteAnswer: { status?: number; body: unknown };
let server: Awaited<ReturnType<typeof startApiServer>>;

function offering(id: string, extra: Partial<OfferingOverviewRow> = {}): OfferingOverviewRow {
  return {
    id,
    revision: 2,
    CourseId: 'calc',
    courseNumber: 'MATH 101',
    courseName: 'Calculus I',
    WorkgroupId: 'wg-math',
    workgroupName: 'Mathematics',
    AcademicPeriodId: 'p-2026',
    periodName: '2026–2027',
    termModes: [
      {
        AcademicTermId: 'fall',
        TeachingModeId: 'inperson',
        termName: 'Fall 2026',
        teachingModeName: 'In Person',
      },
    ],
    sectionCount: 3,
    createdAt: '2026-08-01T10:00:00.000Z',
    updatedAt: '2026-08-02T10:00:00.000Z',
    ...extra,
  };
}

beforeAll(async () => {
  server = await startApiServer(({ method, path }) => {
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
    if (p === '/api/academicTerms')
      return { body: { count: 1, rows: [{ id: 'fall', name: 'Fall 2026' }] } };
    if (p === '/api/teachingModes')
      return {
        body: {
          count: 2,
          rows: [
            { id: 'inperson', name: 'In Person' },
            { id: 'online', name: 'Online' },
          ],
        },
      };
    if (p === '/api/courses')
      return {
        body: { count: 1, rows: [{ id: 'calc', courseNumber: 'MATH 101', name: 'Calculus I' }] },
      };
    if (p === '/api/courseOfferingOverview')
      return listAnswer ? listAnswer() : { body: { count: offerings.length, rows: offerings } };
    const one = /^\/api\/courseOfferings\/([^/]+)$/.exec(p);
    if (one && method === 'PUT') return { body: { id: one[1], revision: 3, position: '1:1' } };
    if (one && method === 'DELETE') {
      if (deleteAnswer.status === undefined || deleteAnswer.status < 300)
        offerings = offerings.filter((o) => o.id !== one[1]);
      return deleteAnswer;
    }
    if (p.startsWith('/api/history/courseOfferings/'))
      return {
        body: {
          rows: [
            {
              position: '1',
              revision: 0,
              type: 'CourseOfferingCreated',
              at: '2026-08-01T10:00:00.000Z',
              by: { id: 'u-ops', displayName: 'Olga Ops' },
              onBehalfOf: null,
              through: null,
              summary: null,
              changes: [
                {
                  field: 'CourseId',
                  from: null,
                  to: 'calc',
                  label: 'Course',
                  display: { kind: 'text', from: '(empty)', to: 'MATH 101' },
                },
                {
                  field: 'termModes',
                  from: [],
                  to: [{ AcademicTermId: 't-fall', TeachingModeId: 'm-person' }],
                  label: 'Term modes',
                  display: { kind: 'list', added: ['Fall 2026 · In person'], removed: [] },
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
  offerings = [];
  listAnswer = null;
  deleteAnswer = { body: { id: 'o-1', revision: 3, position: '1:2' } };
});

function renderPage(path = '/courseOfferings') {
  return renderWithApp([{ path: '/courseOfferings', element: <CourseOfferingsPage /> }], path);
}
const listCalls = () =>
  server.calls
    .filter((c) => c.method === 'GET' && c.path.startsWith('/api/courseOfferingOverview'))
    .map((c) => new URL(c.path, 'http://x').searchParams);
const LABEL = 'MATH 101, 2026–2027';

test('an empty period offers academic ops to create the first offering, asking for the working period', async () => {
  const app = renderPage();
  expect(
    await screen.findByText('No course offerings yet', {}, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(listCalls().at(-1)?.get('AcademicPeriodId')).toBe('p-2026');
  fireEvent.click(screen.getAllByRole('button', { name: 'New Course Offering' })[0]!);
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('New Course Offering')).toBeInTheDocument();
  // The course is chosen by its number and name, not its number alone.
  expect(
    await within(dialog).findByRole('option', { name: 'MATH 101 — Calculus I' }),
  ).toBeInTheDocument();
  app.unmount();
});

test('academic ops edit an offering’s term modes in the kind’s dialog and see its history', async () => {
  offerings = [offering('o-1')];
  const app = renderPage();
  fireEvent.click(await screen.findByRole('button', { name: `Edit ${LABEL}` }, { timeout: 5000 }));
  // The generic dialog of the kind, with its term × teaching-mode grid.
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Edit Course Offering')).toBeInTheDocument();
  const grid = await within(dialog).findByRole('group', { name: 'Term modes' });
  expect(await within(grid).findByRole('checkbox', { name: 'Fall 2026, In Person' })).toBeChecked();
  fireEvent.click(within(grid).getByRole('checkbox', { name: 'Fall 2026, Online' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(server.calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/courseOfferings/o-1',
      body: {
        termModes: [
          { AcademicTermId: 'fall', TeachingModeId: 'inperson' },
          { AcademicTermId: 'fall', TeachingModeId: 'online' },
        ],
      },
    }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  // The write refreshes the list.
  await waitFor(() => expect(listCalls().length).toBeGreaterThanOrEqual(2));

  fireEvent.click(screen.getByRole('button', { name: `History of ${LABEL}` }));
  expect(await screen.findByText(/Olga Ops/)).toBeInTheDocument();
  const added = await screen.findByRole('list', { name: 'Term modes added' });
  expect(within(added).getByText('Fall 2026 · In person')).toBeInTheDocument();
  app.unmount();
});

/** Delete waits in the row's More actions menu. */
async function deleteFromMenu() {
  fireEvent.click(
    await screen.findByRole('button', { name: `More actions for ${LABEL}` }, { timeout: 5000 }),
  );
  const menu = await screen.findByRole('menu', { name: `More actions for ${LABEL}` });
  fireEvent.click(within(menu).getByRole('menuitem', { name: `Delete ${LABEL}` }));
}

test('delete asks first; an offering with sections is not deleted and the server says why', async () => {
  offerings = [offering('o-1')];
  deleteAnswer = {
    status: 422,
    body: {
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'This course offering is used by 3 sections. Remove it from those first.',
      usedBy: [{ resource: 'sections', count: 3 }],
    },
  };
  const app = renderPage();
  await deleteFromMenu();
  let alert = await screen.findByRole('alertdialog');
  expect(within(alert).getByText(LABEL)).toBeInTheDocument();
  expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
  expect(
    await screen.findByText(
      'This course offering is used by 3 sections. Remove it from those first.',
    ),
  ).toBeInTheDocument();
  alert = screen.getByRole('alertdialog');
  fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

  deleteAnswer = { body: { id: 'o-1', revision: 3, position: '1:2' } };
  await deleteFromMenu();
  alert = await screen.findByRole('alertdialog');
  fireEvent.click(within(alert).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('No course offerings yet')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
    '/api/courseOfferings/o-1',
    '/api/courseOfferings/o-1',
  ]);
  app.unmount();
});

test('an administrator reads the offerings with their history and nothing to change', async () => {
  auth = signedInAs('admin');
  offerings = [offering('o-1')];
  const app = renderPage();
  expect(
    await screen.findByRole('button', { name: `History of ${LABEL}` }, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: `Edit ${LABEL}` })).not.toBeInTheDocument();
  // Nothing to delete either: no More actions menu at all.
  expect(
    screen.queryByRole('button', { name: `More actions for ${LABEL}` }),
  ).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New Course Offering' })).not.toBeInTheDocument();
  app.unmount();
});

test('filters, search and a period from the address go to the server', async () => {
  offerings = [offering('o-1')];
  const app = renderPage('/courseOfferings?AcademicPeriodId=p-2025');
  await screen.findByRole('button', { name: `Edit ${LABEL}` }, { timeout: 5000 });
  expect(listCalls().at(-1)?.get('AcademicPeriodId')).toBe('p-2025');
  fireEvent.change(await screen.findByLabelText('Workgroup'), { target: { value: 'wg-math' } });
  await waitFor(() => expect(listCalls().at(-1)?.get('WorkgroupId')).toBe('wg-math'));
  fireEvent.change(screen.getByLabelText('Search course offerings'), {
    target: { value: 'calc' },
  });
  await waitFor(() => expect(listCalls().at(-1)?.get('q')).toBe('calc'));
  fireEvent.change(screen.getByLabelText('Academic period'), { target: { value: '' } });
  await waitFor(() => expect(listCalls().at(-1)?.has('AcademicPeriodId')).toBe(false));
  // Filtering to nothing says so, with the filters still there.
  offerings = [];
  fireEvent.change(screen.getByLabelText('Search course offerings'), {
    target: { value: 'zzz' },
  });
  expect(await screen.findByText('No matches')).toBeInTheDocument();
  app.unmount();
});

test('a list that fails to load says so and tries again', async () => {
  let failing = true;
  listAnswer = () =>
    failing
      ? { status: 500, body: { statusCode: 500, message: 'The database is away.' } }
      : { body: { count: 1, rows: [offering('o-1')] } };
  const app = renderPage();
  expect(
    await screen.findByText('Course offerings could not be loaded', {}, { timeout: 5000 }),
  ).toBeInTheDocument();
  failing = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('button', { name: `Edit ${LABEL}` })).toBeInTheDocument();
  app.unmount();
});

test('cells show the course, workgroup, period, term modes as tags and the sections as a link', () => {
  const row = offering('o-1', {
    termModes: [
      ['fall', 'inperson', 'Fall 2026', 'In Person'],
      ['fall', 'online', 'Fall 2026', 'Online'],
      ['spring', 'inperson', 'Spring 2027', 'In Person'],
      ['spring', 'online', 'Spring 2027', null],
    ].map(([AcademicTermId, TeachingModeId, termName, teachingModeName]) => ({
      AcademicTermId: AcademicTermId!,
      TeachingModeId: TeachingModeId!,
      termName: termName ?? null,
      teachingModeName: teachingModeName ?? null,
    })),
  });
  const cells = (readsSections: boolean) =>
    render(
      <MemoryRouter>
        {offeringColumns(readsSections).map((c) => (
          <div key={c.key} data-testid={c.key}>
            {c.render(row)}
          </div>
        ))}
      </MemoryRouter>,
    );
  const shown = cells(true);
  expect(within(screen.getByTestId('course')).getByText('MATH 101')).toBeInTheDocument();
  expect(within(screen.getByTestId('course')).getByText(/Calculus I/)).toBeInTheDocument();
  expect(within(screen.getByTestId('workgroup')).getByText('Mathematics')).toBeInTheDocument();
  expect(within(screen.getByTestId('period')).getByText('2026–2027')).toBeInTheDocument();
  const modes = within(screen.getByTestId('termModes'));
  expect(modes.getByText('Fall 2026 · In Person')).toBeInTheDocument();
  expect(modes.getByText('Spring 2027 · In Person')).toBeInTheDocument();
  // Three tags, the rest counted; every one in the hover text.
  expect(modes.getByText('+1')).toBeInTheDocument();
  expect(modes.getByTitle(/Spring 2027 · …/)).toBeInTheDocument();
  expect(
    within(screen.getByTestId('sections')).getByRole('link', { name: `3 sections of ${LABEL}` }),
  ).toHaveAttribute('href', '/sections?AcademicPeriodId=p-2026&CourseOfferingId=o-1');
  shown.unmount();
  // Who may not read sections sees the count alone.
  const plain = cells(false);
  expect(within(screen.getByTestId('sections')).queryByRole('link')).not.toBeInTheDocument();
  expect(within(screen.getByTestId('sections')).getByText('3')).toBeInTheDocument();
  plain.unmount();
  expect(sectionsLink(row)).toBe('/sections?AcademicPeriodId=p-2026&CourseOfferingId=o-1');
});

test('a header click sorts ascending, then descending, then by the default; the query carries it', () => {
  const first = nextSort(null, 'sections');
  const second = nextSort(first, 'sections');
  expect(
    offeringListQuery({ period: 'p-2026', workgroup: 'wg-math', search: ' calc ' }, second, {
      page: 1,
      pageSize: 25,
    }),
  ).toEqual({
    take: 25,
    skip: 25,
    AcademicPeriodId: 'p-2026',
    WorkgroupId: 'wg-math',
    q: 'calc',
    sort: JSON.stringify([['sections', 'DESC']]),
  });
  expect(
    offeringListQuery({ period: '', workgroup: '', search: '' }, null, {
      page: 0,
      pageSize: 50,
    }),
  ).toEqual({ take: 50, skip: 0 });
});
