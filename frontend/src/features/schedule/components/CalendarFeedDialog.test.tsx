/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import { jest } from '@jest/globals';
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CalendarFeedAnswer } from '@allot/shared-events/browser';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer, type ApiAnswer } from '../../../testing/apiServer.js';
import { masqueradingAs, signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import MySchedulePage from '../pages/MySchedulePage.js';

/*
 * "Add to my calendar" on My Schedule: the address is made and shown once with a way to copy it
 * and open it in a calendar app; a new one or turning the feed off is confirmed first; someone
 * viewing Allot as another person may do neither; a refusal is said in the server's words.
 */
let auth: AuthContext;
let feed: CalendarFeedAnswer;
let issueAnswer: ApiAnswer;
let server: Awaited<ReturnType<typeof startApiServer>>;
const secret = 'S'.repeat(43);

beforeAll(async () => {
  server = await startApiServer(({ method, path }) => {
    const p = new URL(path, 'http://x').pathname;
    if (p === '/api/auth') return { body: auth };
    if (p === '/api/auth/csrf') return { body: { csrfToken: 'token' } };
    if (p === '/api/schedule/mine')
      return {
        body: {
          AcademicPeriodId: 'p-1',
          from: '2026-09-07',
          to: '2026-09-13',
          by: 'instructor',
          UserId: 'user-1',
          occurrences: [],
        },
      };
    if (p === '/api/calendarFeed/mine' && method === 'GET') return { body: feed };
    if (p === '/api/calendarFeed/mine' && method === 'POST') {
      if (issueAnswer) return issueAnswer;
      feed = { active: true, issuedAt: '2026-11-28T10:00:00.000Z' };
      return {
        status: 201,
        body: { id: 'user-1', revision: 0, position: '1', path: `/api/calendarFeed/${secret}.ics` },
      };
    }
    if (p === '/api/calendarFeed/mine' && method === 'DELETE') {
      feed = { active: false, issuedAt: null };
      return { body: { id: 'user-1', revision: 1, position: '2' } };
    }
    return undefined;
  });
});
afterAll(() => server.close());

const writeText = jest.fn(() => Promise.resolve());
beforeEach(() => {
  auth = signedInAs('faculty');
  feed = { active: false, issuedAt: null };
  issueAnswer = undefined;
  server.calls.length = 0;
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

const feedCalls = (method: string) =>
  server.calls.filter((c) => c.method === method && c.path === '/api/calendarFeed/mine');

async function openDialog() {
  renderWithApp([{ path: '/mySchedule', element: <MySchedulePage /> }], '/mySchedule');
  fireEvent.click(await screen.findByRole('button', { name: 'Add to my calendar' }));
  return screen.findByRole('dialog', { name: 'Add my teaching to my calendar' });
}

test('makes the address and shows it once, to copy or open in a calendar app', async () => {
  const dialog = await openDialog();
  expect(await within(dialog).findByText('You have no calendar address yet.')).toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Make my calendar address' }));

  const address = await within(dialog).findByRole('textbox', { name: 'Your calendar address' });
  const url = `${window.location.origin}/api/calendarFeed/${secret}.ics`;
  expect(address).toHaveValue(url);
  expect(within(dialog).getByText(/the only time the address is shown/)).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Open in my calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  );
  fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
  await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
  expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  expect(feedCalls('POST')).toHaveLength(1);
});

test('a new address and turning the feed off are confirmed first', async () => {
  feed = { active: true, issuedAt: '2026-11-02T10:00:00.000Z' };
  const dialog = await openDialog();
  expect(await within(dialog).findByText(/was made on Nov 2, 2026/)).toBeInTheDocument();

  fireEvent.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
  const confirmReset = await screen.findByRole('alertdialog');
  expect(confirmReset).toHaveTextContent('The one you have stops working at once');
  fireEvent.click(within(confirmReset).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(feedCalls('POST')).toHaveLength(0);

  fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
  const confirmStop = await screen.findByRole('alertdialog');
  expect(confirmStop).toHaveTextContent('Turn your calendar feed off?');
  fireEvent.click(within(confirmStop).getByRole('button', { name: 'Turn off' }));
  expect(await within(dialog).findByText('You have no calendar address yet.')).toBeInTheDocument();
  expect(feedCalls('DELETE')).toHaveLength(1);
});

test('someone viewing Allot as another person may neither make nor turn off the address', async () => {
  auth = masqueradingAs('faculty');
  feed = { active: true, issuedAt: '2026-11-02T10:00:00.000Z' };
  const dialog = await openDialog();
  expect(
    await within(dialog).findByText(/only they may make or change their calendar address/),
  ).toBeInTheDocument();
  expect(await within(dialog).findByRole('button', { name: 'Make a new address' })).toBeDisabled();
  expect(within(dialog).getByRole('button', { name: 'Turn off' })).toBeDisabled();
});

test('a refusal is said in the server’s words', async () => {
  issueAnswer = {
    status: 403,
    body: { statusCode: 403, message: 'You have no schedule of your own to put in a calendar.' },
  };
  const dialog = await openDialog();
  fireEvent.click(await within(dialog).findByRole('button', { name: 'Make my calendar address' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'You have no schedule of your own to put in a calendar.',
  );
  expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
});
