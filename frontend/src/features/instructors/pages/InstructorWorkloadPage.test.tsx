/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import InstructorWorkloadPage from './InstructorWorkloadPage.js';

configure({ asyncUtilTimeout: 5000 });

let role: Parameters<typeof signedInAs>[0] = 'academicOpsAdmin';
let submitted = true;
let profileStatus = 200;
let server: Awaited<ReturnType<typeof startApiServer>>;
let notes: Record<string, unknown>[] = [];

const PERIODS = [
  { id: 'p-1', name: '2026–27' },
  { id: 'p-0', name: '2025–26' },
];
const list = (rows: unknown[]) => ({ body: { count: rows.length, rows } });

function workload(periodId: string) {
  return {
    UserId: 'ada',
    name: 'Ada Lovelace',
    email: 'ada@example.edu',
    AcademicPeriodId: periodId,
    required: 6,
    teaching: periodId === 'p-1' ? 4 : 6,
    administrative: periodId === 'p-1' ? 1.5 : 0,
    assigned: periodId === 'p-1' ? 5.5 : 6,
    remaining: periodId === 'p-1' ? 0.5 : 0,
    sections: 1,
    overloaded: false,
    underloaded: periodId === 'p-1',
    sectionAssignments: [
      {
        id: 'a1',
        SectionId: 's1',
        courseNumber: periodId === 'p-1' ? 'MATH 101' : 'MATH 099',
        courseName: 'Calculus',
        sectionNumber: '001',
        sectionName: 'Lecture',
        status: 'approved',
        share: 100,
        points: 4,
        notes: null,
      },
    ],
    administrativeAssignments:
      periodId === 'p-1'
        ? [
            {
              id: 'adm-1',
              AdministrativeAssignmentTypeId: 'director',
              AcademicTermId: null,
              typeName: 'Program Director',
              termName: null,
              points: 1.5,
              takesWholeTerm: false,
              notes: 'Directs the graduate program.',
            },
          ]
        : [],
  };
}

const assignment = (id: string, extra: Record<string, unknown>) => ({
  id,
  SectionId: `s-${id}`,
  WorkgroupId: 'wg-math',
  UserId: 'ada',
  instructorName: 'Ada Lovelace',
  status: 'proposed',
  share: null,
  sharePercent: 100,
  points: 4,
  notes: null,
  CourseOfferingId: 'o1',
  AcademicPeriodId: 'p-1',
  courseNumber: 'MATH 101',
  courseName: 'Calculus',
  sectionNumber: '001',
  sectionName: 'Lecture',
  sectionRevision: 1,
  createdAt: '2026-08-01T10:00:00.000Z',
  updatedAt: '2026-08-01T10:00:00.000Z',
  preferenceAlignment: null,
  ...extra,
});

const preference = (id: string, extra: Record<string, unknown>) => ({
  id,
  UserId: 'ada',
  AcademicPeriodId: 'p-1',
  level: 'preferred',
  weight: null,
  CourseId: null,
  courseNumber: null,
  courseName: null,
  AssignmentTypeId: null,
  assignmentTypeName: null,
  AcademicTermId: null,
  academicTermName: null,
  TeachingModeId: null,
  teachingModeName: null,
  notes: null,
  ...extra,
});

beforeAll(async () => {
  server = await startApiServer(({ method, path }) => {
    const url = new URL(path, 'http://x');
    const period = url.searchParams.get('AcademicPeriodId');
    switch (url.pathname) {
      case '/api/auth':
        return { body: signedInAs(role) };
      case '/api/auth/csrf':
        return { body: { csrfToken: 't' } };
      case '/api/academicPeriods/active':
        return { body: { ...PERIODS[0], startDate: '2026-08-01', revision: 1 } };
      case '/api/academicPeriods':
        return list(PERIODS);
      case '/api/instructorWorkloads/ada':
        return { body: workload(period ?? 'p-1') };
      case '/api/users/facultyProfile/ada':
        return profileStatus === 200
          ? {
              body: {
                UserId: 'ada',
                InstructorTypeId: 'it-tenure',
                RankId: 'r-assoc',
                DivisionId: 'd-sci',
                TrackId: null,
                isActive: true,
                receiveAssignments: false,
                certifications: 'Teaching certificate',
                credentials: 'PhD',
                CampusIds: ['c-north', 'c-gone'],
              },
            }
          : { status: profileStatus, body: { message: 'The profile store is down.' } };
      case '/api/instructorTypes':
        return list([{ id: 'it-tenure', name: 'Tenure-line faculty' }]);
      case '/api/ranks':
        return list([{ id: 'r-assoc', name: 'Associate Professor' }]);
      case '/api/divisions':
        return list([{ id: 'd-sci', name: 'Sciences' }]);
      case '/api/campuses':
        return list([{ id: 'c-north', name: 'North campus' }]);
      case '/api/sectionAssignments':
        return list([
          assignment('x1', {
            status: 'approved',
            preferenceAlignment: {
              score: 92,
              blocked: false,
              reasons: [{ code: 'P', message: 'Strongly preferred course.' }],
            },
          }),
          assignment('x2', {
            sectionNumber: '002',
            preferenceAlignment: {
              score: 0,
              blocked: true,
              reasons: [{ code: 'prohibited', message: 'The instructor prohibits this course.' }],
            },
          }),
        ]);
      case '/api/preferenceSubmissions':
        return list([
          {
            UserId: 'ada',
            AcademicPeriodId: period,
            name: 'Ada Lovelace',
            email: 'ada@example.edu',
            status: submitted ? 'submitted' : 'reopened',
            count: 2,
            submittedAt: '2026-11-20T10:00:00Z',
            updatedAt: null,
          },
        ]);
      case '/api/teachingPreferences':
        return list([
          preference('t1', {
            level: 'stronglyPreferred',
            CourseId: 'c1',
            courseNumber: 'MATH 101',
            courseName: 'Calculus',
          }),
          preference('t2', {
            level: 'discouraged',
            AssignmentTypeId: 'lab',
            assignmentTypeName: 'Lab',
            AcademicTermId: 'fall',
            academicTermName: 'Fall',
            TeachingModeId: 'online',
            teachingModeName: 'Online',
            weight: 0.5,
            notes: 'Not on Fridays',
          }),
        ]);
      case '/api/notes': {
        if (method === 'POST') {
          notes = [
            {
              id: `n-${String(notes.length + 1)}`,
              revision: 0,
              notableType: 'facultyProfile',
              notableId: 'ada',
              AcademicPeriodId: null,
              text: 'Asked for a lighter spring.',
              createdAt: '2026-11-24T09:00:00.000Z',
            },
            ...notes,
          ];
          return { status: 201, body: { id: 'n', revision: 0, position: '9' } };
        }
        return list(notes);
      }
      case '/api/notes/n-0':
        if (method !== 'DELETE') return undefined;
        notes = notes.filter((n) => n.id !== 'n-0');
        return { body: { id: 'n-0', revision: 1, position: '10' } };
      case '/api/preferenceSubmissions/ada/p-1/reopen':
        if (method !== 'POST') return undefined;
        submitted = false;
        return { body: { position: '3' } };
      default:
        return undefined;
    }
  });
});
afterAll(() => server.close());
beforeEach(() => {
  notes = [
    {
      id: 'n-0',
      revision: 0,
      notableType: 'teachingPreferences',
      notableId: 'ada',
      AcademicPeriodId: 'p-1',
      text: 'Wants no Friday classes.',
      createdAt: '2026-11-20T09:00:00.000Z',
    },
  ];
  role = 'academicOpsAdmin';
  submitted = true;
  profileStatus = 200;
  server.calls.length = 0;
});

const open = (path = '/instructorWorkload/ada') =>
  renderWithApp([{ path: '/instructorWorkload/*', element: <InstructorWorkloadPage /> }], path);
const called = (pathname: string) =>
  server.calls
    .filter((c) => new URL(c.path, 'http://x').pathname === pathname)
    .map((c) => new URL(c.path, 'http://x').searchParams);

test('academic ops see the workload, the profile, the assignments with alignment and the preferences', async () => {
  const app = open();
  expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByText('Under-loaded: 0.5 points to assign')).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'MATH 101 Calculus' })).toBeInTheDocument();
  // Administrative work by its type and term (none: the whole period).
  const admin = screen.getByRole('table', { name: 'Administrative assignments' });
  expect(within(admin).getByRole('cell', { name: 'Program Director' })).toBeInTheDocument();
  expect(within(admin).getByRole('cell', { name: 'Whole period' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Instructors' })).toHaveAttribute('href', '/instructors');

  fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
  const dl = await screen.findByLabelText('Faculty profile');
  expect(await within(dl).findByText('Associate Professor')).toBeInTheDocument();
  expect(await within(dl).findByText('Tenure-line faculty')).toBeInTheDocument();
  expect(await within(dl).findByText('Sciences')).toBeInTheDocument();
  expect(within(dl).getByText('Teaching certificate')).toBeInTheDocument();
  expect(within(dl).getByText('PhD')).toBeInTheDocument();
  expect(await within(dl).findByText('North campus')).toBeInTheDocument();
  expect(await within(dl).findByText('c-gone (inactive or removed)')).toBeInTheDocument();
  // Receive emails is off, the profile is active; no track was chosen.
  expect(within(dl).getByText('Receive emails').nextElementSibling).toHaveTextContent('No');
  expect(within(dl).getByText('Active').nextElementSibling).toHaveTextContent('Yes');
  expect(within(dl).getByText('Track').nextElementSibling).toHaveTextContent('—');
  // Only the lists the profile names are asked for, as option lists.
  expect(called('/api/tracks')).toHaveLength(0);
  expect(called('/api/ranks')[0]?.get('select')).toBe('id,name');

  fireEvent.click(screen.getByRole('tab', { name: 'Assignments' }));
  const assignments = await screen.findByRole('table', { name: 'Section assignments' });
  expect(within(assignments).getByText('Approved')).toBeInTheDocument();
  expect(within(assignments).getByText('92')).toBeInTheDocument();
  expect(within(assignments).getByText('Blocked')).toBeInTheDocument();
  expect(
    within(assignments).getByLabelText('Alignment 0: The instructor prohibits this course.'),
  ).toBeInTheDocument();
  const asked = called('/api/sectionAssignments').at(-1);
  expect(asked?.get('UserId')).toBe('ada');
  expect(asked?.get('AcademicPeriodId')).toBe('p-1');
  expect(screen.getByRole('link', { name: 'Section Assignments' })).toHaveAttribute(
    'href',
    '/sectionAssignments?UserId=ada',
  );

  fireEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
  const preferences = await screen.findByRole('table', { name: 'Teaching preferences' });
  expect(within(preferences).getByText('Strongly preferred')).toBeInTheDocument();
  expect(within(preferences).getByText('MATH 101 Calculus')).toBeInTheDocument();
  expect(within(preferences).getByText('Lab')).toBeInTheDocument();
  expect(within(preferences).getByText('Fall')).toBeInTheDocument();
  expect(within(preferences).getByText('Online')).toBeInTheDocument();
  expect(within(preferences).getByText('Not on Fridays')).toBeInTheDocument();
  const submission = screen.getByRole('group', { name: 'Submission' });
  expect(within(submission).getByText('Submitted')).toBeInTheDocument();
  expect(called('/api/preferenceSubmissions').at(-1)?.get('UserId')).toBe('ada');
  expect(called('/api/teachingPreferences').at(-1)?.get('AcademicPeriodId')).toBe('p-1');

  fireEvent.click(screen.getByRole('button', { name: 'Reopen the preferences of Ada Lovelace' }));
  const alert = await screen.findByRole('alertdialog');
  fireEvent.click(within(alert).getByRole('button', { name: 'Reopen' }));
  expect(await within(submission).findByText('Reopened')).toBeInTheDocument();
  expect(
    server.calls.some(
      (c) => c.method === 'POST' && c.path === '/api/preferenceSubmissions/ada/p-1/reopen',
    ),
  ).toBe(true);
  app.unmount();
});

test('notes about the instructor: newest first, added and deleted by academic ops', async () => {
  const app = open('/instructorWorkload/ada?tab=notes');
  const list = await screen.findByRole('list', { name: 'Notes' });
  expect(within(list).getByText('Wants no Friday classes.')).toBeInTheDocument();
  expect(within(list).getByText('Teaching preferences')).toBeInTheDocument();
  const asked = called('/api/notes').at(-1);
  expect(JSON.parse(asked?.get('filter') ?? '{}')).toEqual({ notableId: 'ada' });
  expect(JSON.parse(asked?.get('sort') ?? '[]')).toEqual([['createdAt', 'DESC']]);

  const add = screen.getByRole('button', { name: 'Add note' });
  expect(add).toBeDisabled();
  fireEvent.change(screen.getByLabelText('New note'), {
    target: { value: '  Asked for a lighter spring. ' },
  });
  fireEvent.click(add);
  expect(await within(list).findByText('Asked for a lighter spring.')).toBeInTheDocument();
  const posted = server.calls.find((c) => c.method === 'POST' && c.path === '/api/notes');
  expect(posted?.body).toEqual({
    notableType: 'facultyProfile',
    notableId: 'ada',
    AcademicPeriodId: null,
    text: 'Asked for a lighter spring.',
  });
  // The newest first.
  expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Asked for a lighter');

  fireEvent.click(within(list).getAllByRole('button', { name: /^Delete the note of / })[1]!);
  fireEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
  );
  await waitFor(() => expect(within(list).queryByText('Wants no Friday classes.')).toBeNull());
  app.unmount();
});

test('the business office reads notes but writes none', async () => {
  role = 'businessOfficeAdmin';
  const app = open('/instructorWorkload/ada?tab=notes');
  expect(await screen.findByText('Wants no Friday classes.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Delete the note/ })).not.toBeInTheDocument();
  app.unmount();
});

test('the business office sees workload and preferences only, and asks for nothing else', async () => {
  role = 'businessOfficeAdmin';
  const app = open('/instructorWorkload/ada?tab=profile');
  expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  // A tab the viewer may not read falls back to Workload.
  expect(screen.getByRole('tab', { name: 'Workload' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.queryByRole('tab', { name: 'Profile' })).not.toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Assignments' })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('tab', { name: 'Preferences' }));
  expect(await screen.findByRole('table', { name: 'Teaching preferences' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Reopen/ })).not.toBeInTheDocument();
  // They may not list periods: the picker holds the working period alone.
  expect(screen.getByLabelText('Academic period')).toBeDisabled();
  expect(called('/api/academicPeriods')).toHaveLength(0);
  expect(called('/api/users/facultyProfile/ada')).toHaveLength(0);
  expect(called('/api/sectionAssignments')).toHaveLength(0);
  app.unmount();
});

test('the period picker shows another period in every tab', async () => {
  const app = open('/instructorWorkload/ada?tab=preferences');
  expect(await screen.findByRole('table', { name: 'Teaching preferences' })).toBeInTheDocument();
  const picker = screen.getByLabelText('Academic period');
  await screen.findByRole('option', { name: '2025–26' });
  expect(picker).toHaveValue('p-1');
  fireEvent.change(picker, { target: { value: 'p-0' } });
  await waitFor(() =>
    expect(called('/api/instructorWorkloads/ada').at(-1)?.get('AcademicPeriodId')).toBe('p-0'),
  );
  await waitFor(() =>
    expect(called('/api/teachingPreferences').at(-1)?.get('AcademicPeriodId')).toBe('p-0'),
  );
  expect(called('/api/preferenceSubmissions').at(-1)?.get('AcademicPeriodId')).toBe('p-0');
  fireEvent.click(screen.getByRole('tab', { name: 'Workload' }));
  expect(await screen.findByRole('cell', { name: 'MATH 099 Calculus' })).toBeInTheDocument();
  app.unmount();
});

test('a profile that cannot be loaded says so and offers to try again', async () => {
  profileStatus = 500;
  const app = open('/instructorWorkload/ada?tab=profile');
  expect(await screen.findByText('The profile could not be loaded')).toBeInTheDocument();
  expect(screen.getByText('The profile store is down.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  app.unmount();
});

test('faculty may not see other instructors, and nothing is asked', async () => {
  role = 'faculty';
  const app = open();
  expect(await screen.findByText('You may not see instructors')).toBeInTheDocument();
  expect(called('/api/instructorWorkloads/ada')).toHaveLength(0);
  app.unmount();
});
