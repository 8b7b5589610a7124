/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import MyTeachingPreferencesPage from './MyTeachingPreferencesPage.js';
import type { MyPreferences, TeachingPreference } from '../../../lib/api/preferencesApi.js';

let mine: MyPreferences;
let server: Awaited<ReturnType<typeof startApiServer>>;
const base = '/api/teachingPreferences/mine/p-1';

const choices = {
  AcademicPeriodId: 'p-1',
  courses: [
    { id: 'calc', courseNumber: 'MATH 101', name: 'Calculus I' },
    { id: 'alg', courseNumber: 'MATH 201', name: 'Linear Algebra' },
  ],
  assignmentTypes: [{ id: 'lab', name: 'Lab' }],
  teachingModes: [{ id: 'online', name: 'Online' }],
  academicTerms: [{ id: 'fall', name: 'Fall' }],
};

beforeAll(async () => {
  server = await startApiServer(({ method, path, body }) => {
    if (path === '/api/auth') return { body: signedInAs('faculty') };
    if (path === '/api/auth/csrf') return { body: { csrfToken: 't' } };
    if (path === '/api/teachingPreferences/mine') return { body: mine };
    if (path === '/api/teachingPreferences/choices') return { body: choices };
    if (path === base && method === 'POST') {
      const added = body as Partial<TeachingPreference>;
      const course = choices.courses.find((c) => c.id === added.CourseId);
      mine = {
        ...mine,
        status: 'draft',
        preferences: [
          ...mine.preferences,
          {
            id: 'new',
            level: added.level ?? 'neutral',
            weight: added.weight ?? null,
            CourseId: added.CourseId ?? null,
            courseNumber: course?.courseNumber ?? null,
            courseName: course?.name ?? null,
            AssignmentTypeId: added.AssignmentTypeId ?? null,
            AcademicTermId: added.AcademicTermId ?? null,
            TeachingModeId: added.TeachingModeId ?? null,
            notes: added.notes ?? null,
          },
        ],
      };
      return { status: 201, body: { id: 'new', position: '1' } };
    }
    if (path === `${base}/submit` && method === 'POST') {
      mine = { ...mine, status: 'submitted', submittedAt: '2026-11-22T10:00:00Z' };
      return { body: { position: '2' } };
    }
    return undefined;
  });
});
afterAll(() => server.close());

test('a faculty member adds a course preference and submits; then the page is read-only', async () => {
  mine = {
    UserId: 'faculty',
    AcademicPeriodId: 'p-1',
    periodName: '2026-27',
    dueDate: '2999-12-01',
    status: 'notStarted',
    submittedAt: null,
    revision: null,
    unavailable: [],
    preferences: [],
  };
  renderWithApp(
    [{ path: '/teachingPreferencesMine', element: <MyTeachingPreferencesPage /> }],
    '/teachingPreferencesMine',
  );
  expect(await screen.findByText('No preferences yet')).toBeInTheDocument();
  expect(screen.getByText('Not started')).toBeInTheDocument();
  expect(screen.getByText('Due 2999-12-01')).toBeInTheDocument();

  fireEvent.click(screen.getAllByRole('button', { name: 'Add preference' })[0]!);
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  expect(await within(dialog).findByText('Choose the course.')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByPlaceholderText('Search by number or name…'), {
    target: { value: 'algebra' },
  });
  fireEvent.click(await within(dialog).findByText('MATH 201 — Linear Algebra'));
  fireEvent.change(within(dialog).getByLabelText('How much'), {
    target: { value: 'stronglyPreferred' },
  });
  fireEvent.change(within(dialog).getByLabelText('Term'), { target: { value: 'fall' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

  expect(
    await screen.findByRole('cell', { name: 'MATH 201 — Linear Algebra' }),
  ).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'POST' && c.path === base)?.body).toEqual({
    level: 'stronglyPreferred',
    weight: 1,
    CourseId: 'alg',
    AssignmentTypeId: null,
    AcademicTermId: 'fall',
    TeachingModeId: null,
    notes: null,
  });
  expect(screen.getByText('Strongly preferred')).toBeInTheDocument();
  expect(await screen.findByText('Draft')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Submit preferences' }));
  const confirm = await screen.findByRole('alertdialog');
  expect(within(confirm).getByText(/Submit 1 preference\?/)).toBeInTheDocument();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Submitted')).toBeInTheDocument();
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: 'Add preference' })).not.toBeInTheDocument(),
  );
  expect(screen.getByText(/An administrator can reopen them/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Remove MATH 201/ })).not.toBeInTheDocument();
});

test('past the due date a draft can no longer change', async () => {
  mine = {
    UserId: 'faculty',
    AcademicPeriodId: 'p-1',
    periodName: '2026-27',
    dueDate: '2020-01-31',
    status: 'draft',
    submittedAt: null,
    revision: 1,
    unavailable: [{ day: 'FR', startTime: '13:00', endTime: '17:00' }],
    preferences: [],
  };
  renderWithApp(
    [{ path: '/teachingPreferencesMine', element: <MyTeachingPreferencesPage /> }],
    '/teachingPreferencesMine',
  );
  expect(await screen.findByText(/Preferences were due on 2020-01-31/)).toBeInTheDocument();
  expect(screen.getByText('Friday 13:00–17:00')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Submit preferences' })).not.toBeInTheDocument();
});
