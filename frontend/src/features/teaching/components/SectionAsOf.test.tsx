/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import { SectionAsOfPanel } from './SectionAsOf.js';

let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ path }) => {
    const url = new URL(path, 'http://x');
    if (path === '/api/auth') return { body: signedInAs('academicOpsAdmin') };
    if (url.pathname === '/api/history/sections/s1/asOf') {
      const at = url.searchParams.get('at') ?? '';
      if (at < '2026-08-01')
        return {
          status: 404,
          body: { message: 'The section did not exist yet at that moment: choose a later one.' },
        };
      return {
        body: {
          at,
          revision: 1,
          deleted: false,
          section: {
            name: 'Lecture',
            sectionNumber: '001',
            enrollment: 45,
            points: null,
            defaultPoints: 3,
            notes: null,
            meetings: [
              {
                id: 'm',
                days: ['MO', 'WE'],
                startTime: '10:00',
                endTime: '11:00',
                startDate: '2026-09-07',
                until: '2026-12-11',
                frequency: 'weekly',
              },
            ],
          },
          assignments: [{ id: 'a', UserId: 'ada', share: null, notes: null, status: 'approved' }],
        },
      };
    }
    return undefined;
  });
});
afterAll(() => server.close());

test('shows the section as it was at the chosen moment, or says it did not exist yet', async () => {
  renderWithApp(
    [
      {
        path: '/',
        element: (
          <SectionAsOfPanel sectionId="s1" nameOf={(id) => (id === 'ada' ? 'Ada Lovelace' : id)} />
        ),
      },
    ],
    '/',
  );
  fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2026-08-12T09:30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Show as of' }));
  const table = await screen.findByRole('table', { name: 'Section as of' });
  expect(within(table).getByText('45')).toBeInTheDocument();
  expect(within(table).getByText('Ada Lovelace')).toBeInTheDocument();
  expect(
    within(table).getByText('Mon Wed 10:00–11:00, from 2026-09-07 until 2026-12-11'),
  ).toBeInTheDocument();
  const asked = server.calls.find((c) => c.path.includes('/asOf'));
  expect(new URL(asked!.path, 'http://x').searchParams.get('at')).toBe(
    new Date('2026-08-12T09:30').toISOString(),
  );

  fireEvent.change(screen.getByLabelText('As of'), { target: { value: '2026-07-01T09:30' } });
  fireEvent.click(screen.getByRole('button', { name: 'Show as of' }));
  expect(
    await screen.findByText('The section did not exist yet at that moment: choose a later one.'),
  ).toBeInTheDocument();
});
