/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer, type ApiAnswer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import MySchedulePage from './MySchedulePage.js';
import MySharedTeachingPage from './MySharedTeachingPage.js';
import SchedulePage from './SchedulePage.js';
import type { Occurrence, OccurrenceFlag } from '../api/scheduleApi.js';

let auth: AuthContext;
let moveAnswer: (override: boolean) => ApiAnswer;
/** While set, GET /api/schedule fails. */
let scheduleFails = false;
let server: Awaited<ReturnType<typeof startApiServer>>;

const flag = (
  kind: OccurrenceFlag['kind'],
  message: string,
  overridden = false,
): OccurrenceFlag => ({
  kind,
  message,
  otherSectionId: 's2',
  otherSection: 'MATH 101 002',
  UserId: null,
  LocationId: 'sci',
  overridden: overridden
    ? { at: '2026-08-20T09:00:00.000Z', by: 'u-ops', byName: 'Olga Ops' }
    : null,
});

function occurrence(
  SectionId: string,
  sectionNumber: string,
  date: string,
  startTime: string,
  endTime: string,
  extra: Partial<Occurrence> = {},
): Occurrence {
  return {
    key: `${SectionId}/m/${date}`,
    date,
    startTime,
    endTime,
    SectionId,
    sectionRevision: 3,
    WorkgroupId: 'wg-math',
    sectionNumber,
    sectionName: 'Calculus I',
    courseNumber: 'MATH 101',
    courseName: 'Calculus I',
    meetingId: 'm',
    meeting: {
      id: 'm',
      days: ['MO', 'WE'],
      startTime,
      endTime,
      startDate: '2026-09-07',
      until: '2026-12-11',
      frequency: 'weekly',
    },
    LocationId: 'sci',
    locationCode: 'SCI 101',
    instructors: [{ UserId: 'u-ada', name: 'Ada Lovelace' }],
    conflicts: [],
    overridden: [],
    warnings: [],
    ...extra,
  };
}

const booked = flag(
  'locationDoubleBooked',
  'The location is already booked at this time on 2026-09-07.',
);
const occurrences = [
  occurrence('s1', '001', '2026-09-07', '10:00', '11:00', { conflicts: [booked] }),
  occurrence('s2', '002', '2026-09-07', '10:30', '11:30', {
    conflicts: [flag('locationDoubleBooked', 'The location is already booked.', true)],
    overridden: [flag('locationDoubleBooked', 'The location is already booked.', true)],
  }),
  occurrence('s3', '003', '2026-09-09', '13:00', '14:00', {
    warnings: [
      flag('backToBack', 'The instructor has 10 minutes to get from ART to SCI on 2026-09-09.'),
    ],
  }),
];

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
      ].includes(p)
    )
      return { body: { count: 0, rows: [] } };
    if (p === '/api/schedule/locations')
      return { body: { count: 1, rows: [{ id: 'sci', code: 'SCI 101', capacity: 40 }] } };
    if (p === '/api/sectionInstructors')
      return {
        body: {
          count: 1,
          rows: [{ id: 'u-ada', displayName: 'Ada Lovelace', isFaculty: true, isActive: true }],
        },
      };
    if (p === '/api/schedule' && scheduleFails)
      return { status: 500, body: { statusCode: 500, message: 'The calendar is unreadable.' } };
    if (p === '/api/schedule' || p === '/api/schedule/mine') {
      const from = url.searchParams.get('from') ?? '2026-09-07';
      return {
        body: {
          AcademicPeriodId: 'p-2026',
          from,
          to: '2026-09-13',
          by: 'location',
          occurrences: from === '2026-09-07' ? occurrences : [],
        },
      };
    }
    if (p === '/api/sharedTeaching/mine')
      return {
        body: {
          count: 1,
          rows: [
            {
              SectionId: 's1',
              AssignmentId: 'a1',
              courseNumber: 'MATH 101',
              courseName: 'Calculus I',
              sectionNumber: '001',
              sectionName: 'Calculus I',
              status: 'approved',
              sharePercent: 50,
              points: 2,
              coInstructors: [
                {
                  UserId: 'u-bob',
                  name: 'Bob Babbage',
                  status: 'proposed',
                  sharePercent: 50,
                  points: 2,
                },
              ],
            },
          ],
        },
      };
    if (/^\/api\/sections\/[^/]+\/meetings\/[^/]+\/move$/.test(p) && method === 'POST')
      return moveAnswer(Boolean((body as { override?: boolean }).override));
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedInAs('sectionScheduler');
  moveAnswer = () => ({ body: { id: 's1', revision: 4, position: '1:1' } });
  window.localStorage.clear();
  scheduleFails = false;
});

const scheduleCalls = () =>
  server.calls
    .filter((c) => c.method === 'GET' && c.path.startsWith('/api/schedule?'))
    .map((c) => new URL(c.path, 'http://x').searchParams);
const moves = () => server.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/move'));

function renderSchedule(query = '?by=location&LocationId=sci') {
  return renderWithApp([{ path: '/schedule', element: <SchedulePage /> }], `/schedule${query}`);
}

test('a room’s week: blocks with course, section and room; conflicts red, overridden and back-to-back amber', async () => {
  const app = renderSchedule();
  const first = await screen.findByRole('button', { name: /^MATH 101 001/ }, { timeout: 5000 });
  expect(first).toHaveClass('allot-block--conflict');
  expect(first).not.toHaveClass('allot-block--flagged');
  expect(first).toHaveAccessibleName(
    expect.stringContaining('Conflict: The location is already booked'),
  );
  expect(first).toHaveAttribute('title', expect.stringContaining('(MATH 101 002)'));
  expect(within(first).getByText('SCI 101 · 10:00–11:00')).toBeInTheDocument();
  const second = screen.getByRole('button', { name: /^MATH 101 002/ });
  expect(second).toHaveClass('allot-block--conflict');
  expect(second).toHaveClass('allot-block--flagged');
  const third = screen.getByRole('button', { name: /^MATH 101 003/ });
  expect(third).toHaveClass('allot-block--flagged');
  expect(third).not.toHaveClass('allot-block--conflict');
  // The working period, the default week (no from/to), the room.
  const call = scheduleCalls().at(-1);
  expect([
    call?.get('AcademicPeriodId'),
    call?.get('by'),
    call?.get('LocationId'),
    call?.get('from'),
  ]).toEqual(['p-2026', 'location', 'sci', null]);
  expect(screen.getByText('Week of 2026-09-07 – 2026-09-13')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
  await waitFor(() => expect(scheduleCalls().at(-1)?.get('from')).toBe('2026-09-14'));
  expect(scheduleCalls().at(-1)?.get('to')).toBe('2026-09-20');
  app.unmount();
});

test('an empty week says so; a failed read says why and is asked again on Try again', async () => {
  const app = renderSchedule('?by=location&LocationId=sci&from=2026-09-14');
  expect(
    await screen.findByText('No meetings this week', {}, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(screen.getByText('Nothing meets in this room this week.')).toBeInTheDocument();
  app.unmount();

  scheduleFails = true;
  const failed = renderSchedule();
  expect(
    await screen.findByText('The schedule could not be loaded', {}, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(screen.getByText('The calendar is unreadable.')).toBeInTheDocument();
  scheduleFails = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(
    await screen.findByRole('button', { name: /^MATH 101 001/ }, { timeout: 5000 }),
  ).toBeInTheDocument();
  failed.unmount();
});

test('opened without a choice it shows the first room, then the first instructor, in the address too', async () => {
  const app = renderSchedule('');
  expect(
    await screen.findByRole('button', { name: /^MATH 101 001/ }, { timeout: 5000 }),
  ).toBeInTheDocument();
  expect(scheduleCalls().at(-1)?.get('LocationId')).toBe('sci');
  expect(screen.getByLabelText('Room')).toHaveValue('sci');
  fireEvent.click(screen.getByRole('radio', { name: 'Instructor' }));
  await waitFor(() => expect(scheduleCalls().at(-1)?.get('UserId')).toBe('u-ada'));
  expect(screen.getByLabelText('Instructor')).toHaveValue('u-ada');
  app.unmount();
});

test('opening a block shows its reasons; the move form moves it, and a conflict offers “Move anyway”', async () => {
  moveAnswer = (override) =>
    override
      ? { body: { id: 's1', revision: 4, position: '1:1' } }
      : {
          status: 422,
          body: {
            statusCode: 422,
            message: 'The location is already booked at this time on 12 dates from 2026-09-08.',
          },
        };
  const app = renderSchedule();
  fireEvent.click(await screen.findByRole('button', { name: /^MATH 101 001/ }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog');
  expect(
    within(dialog).getByText(/The location is already booked at this time on 2026-09-07/),
  ).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Mon' }));
  fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Tue' }));
  fireEvent.change(within(dialog).getByLabelText('Starts'), { target: { value: '10:02' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
  expect(await within(dialog).findByText('Times go in steps of 5 minutes.')).toBeInTheDocument();
  expect(moves()).toHaveLength(0);
  fireEvent.change(within(dialog).getByLabelText('Starts'), { target: { value: '10:05' } });
  fireEvent.change(within(dialog).getByLabelText('Ends'), { target: { value: '11:05' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
  expect(await within(dialog).findByText(/on 12 dates from 2026-09-08/)).toBeInTheDocument();
  expect(moves()[0]?.body).toEqual({ days: ['TU', 'WE'], startTime: '10:05', endTime: '11:05' });
  expect(moves()[0]?.path).toBe('/api/sections/s1/meetings/m/move');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Move anyway' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(moves()[1]?.body).toEqual({
    days: ['TU', 'WE'],
    startTime: '10:05',
    endTime: '11:05',
    override: true,
  });
  app.unmount();
});

test('settings are validated with shown errors and kept for the user', async () => {
  const app = renderSchedule();
  await screen.findByRole('button', { name: /^MATH 101 001/ }, { timeout: 5000 });
  fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Day starts at (hour)'), {
    target: { value: '12' },
  });
  fireEvent.change(within(dialog).getByLabelText('Day ends at (hour)'), { target: { value: '9' } });
  fireEvent.change(within(dialog).getByLabelText('Offset (minutes)'), { target: { value: '7' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('The day ends after it starts.')).toBeInTheDocument();
  expect(within(dialog).getByText('A multiple of 5 minutes.')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Day starts at (hour)'), {
    target: { value: '11' },
  });
  fireEvent.change(within(dialog).getByLabelText('Day ends at (hour)'), {
    target: { value: '18' },
  });
  fireEvent.change(within(dialog).getByLabelText('Offset (minutes)'), { target: { value: '0' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(JSON.parse(window.localStorage.getItem('allot.schedule.settings.user-1') ?? '{}')).toEqual(
    {
      startHour: 11,
      endHour: 18,
      offset: 0,
    },
  );
  // 10:00–11:00 now falls before the day shown.
  expect(screen.queryByRole('button', { name: /^MATH 101 001/ })).not.toBeInTheDocument();
  expect(screen.getByText(/outside the hours shown/)).toBeInTheDocument();
  app.unmount();
});

test('My Schedule is read-only: a block opens without a move form', async () => {
  auth = signedInAs('faculty');
  const app = renderWithApp([{ path: '/mySchedule', element: <MySchedulePage /> }], '/mySchedule');
  const block = await screen.findByRole('button', { name: /^MATH 101 003/ }, { timeout: 5000 });
  expect(block).not.toHaveClass('allot-block--movable');
  fireEvent.click(block);
  const dialog = await screen.findByRole('dialog');
  expect(
    within(dialog).getByText(/Back-to-back: The instructor has 10 minutes/),
  ).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Move' })).not.toBeInTheDocument();
  expect(server.calls.some((c) => c.path.startsWith('/api/schedule/mine'))).toBe(true);
  app.unmount();
});

test('My Schedule shows one day or the week as an agenda, and opens on today on a phone', async () => {
  auth = signedInAs('faculty');
  const app = renderWithApp([{ path: '/mySchedule', element: <MySchedulePage /> }], '/mySchedule');
  await screen.findByRole('button', { name: /^MATH 101 003/ }, { timeout: 5000 });

  // The agenda: the week's meetings by day, in time order.
  fireEvent.click(screen.getByRole('button', { name: 'Agenda' }));
  const agenda = await screen.findByRole('list', { name: 'Agenda' });
  expect(
    within(agenda)
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['Monday, Sep 7', 'Wednesday, Sep 9']);
  const items = within(agenda).getAllByRole('button');
  expect(items.map((b) => b.textContent)).toEqual([
    expect.stringContaining('10:00–11:00 · MATH 101 001'),
    expect.stringContaining('10:30–11:30 · MATH 101 002'),
    expect.stringContaining('13:00–14:00 · MATH 101 003'),
  ]);
  fireEvent.click(items[2]!);
  expect(await screen.findByRole('dialog')).toHaveTextContent(/Back-to-back/);
  fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

  // One day at a time: Monday's meetings, then Tuesday's (none), then Wednesday's.
  fireEvent.click(screen.getByRole('button', { name: 'Day' }));
  expect(await screen.findByRole('grid', { name: 'Day 2026-09-07' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /^MATH 101 001/ })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^MATH 101 003/ })).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
  expect(await screen.findByText('No meetings on this day')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
  expect(await screen.findByRole('button', { name: /^MATH 101 003/ })).toBeInTheDocument();
  app.unmount();

  // On a phone it opens on today's day, asking for today's week.
  const phone = (query: string) =>
    ({ matches: query.includes('max-width'), media: query }) as unknown as MediaQueryList;
  window.matchMedia = phone;
  server.calls.length = 0;
  const onPhone = renderWithApp(
    [{ path: '/mySchedule', element: <MySchedulePage /> }],
    '/mySchedule',
  );
  const today = new Date().toLocaleDateString('en-CA');
  const monday = new Date(`${today}T00:00:00Z`);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  await waitFor(() =>
    expect(
      server.calls.some((c) =>
        c.path.includes(`/api/schedule/mine?from=${monday.toISOString().slice(0, 10)}`),
      ),
    ).toBe(true),
  );
  expect(await screen.findByRole('button', { name: 'Day', pressed: true })).toBeInTheDocument();
  onPhone.unmount();
  delete (window as { matchMedia?: unknown }).matchMedia;
});

test('My Shared Teaching lists sections taught with others, and with whom', async () => {
  auth = signedInAs('faculty');
  const app = renderWithApp(
    [{ path: '/mySharedTeaching', element: <MySharedTeachingPage /> }],
    '/mySharedTeaching',
  );
  const table = await screen.findByRole('table', { name: 'Shared sections' }, { timeout: 5000 });
  expect(within(table).getByText(/Bob Babbage/)).toBeInTheDocument();
  expect(within(table).getByText('50 % (2 points)')).toBeInTheDocument();
  app.unmount();
});
