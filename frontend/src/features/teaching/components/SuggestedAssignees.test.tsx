/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthContext } from '../../../lib/api/sessionApi.js';
import { startApiServer, type ApiAnswer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import { SuggestedAssignees } from './SuggestedAssignees.js';
import type { SectionRow } from '../../../lib/domain/sectionTypes.js';
import type { SuggestedAssignee, SuggestedAssignees as Answer } from '../api/suggestionsApi.js';

let auth: AuthContext;
let answer: Answer;
let assignAnswer: (override: boolean) => ApiAnswer;
let server: Awaited<ReturnType<typeof startApiServer>>;

const section: SectionRow = {
  id: 's1',
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
};

function candidate(UserId: string, name: string, score: number, preference: string) {
  return {
    UserId,
    name,
    alignment: {
      score,
      blocked: false,
      reasons: [
        { code: 'coursePreference', term: 'P', contribution: 50, message: preference },
        {
          code: 'availability',
          term: 'T',
          contribution: 20,
          message: "Every meeting falls in the instructor's available times.",
        },
      ],
    },
    remainingAfter: 2,
    required: 6,
    assigned: 0,
  } satisfies SuggestedAssignee;
}

beforeAll(async () => {
  server = await startApiServer(({ method, path, body }) => {
    const p = new URL(path, 'http://x').pathname;
    if (p === '/api/auth') return { body: auth };
    if (p === '/api/auth/csrf') return { body: { csrfToken: 'token' } };
    if (p === '/api/sections/s1/suggestedAssignees') return { body: answer };
    if (p === '/api/sections/s1/assignments' && method === 'POST')
      return assignAnswer(Boolean((body as { override?: boolean }).override));
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  auth = signedInAs('academicOpsAdmin');
  assignAnswer = () => ({ status: 201, body: { id: 'a9', revision: 2, position: '1:1' } });
  answer = {
    SectionId: 's1',
    candidates: 3,
    suggested: [
      candidate(
        'u-ada',
        'Ada Lovelace',
        92.5,
        'The instructor marked this course strongly preferred.',
      ),
      candidate(
        'u-bob',
        'Bob Babbage',
        61,
        'The instructor stated no preference for this course: counted as neutral.',
      ),
    ],
    blocked: [
      {
        UserId: 'u-cy',
        name: 'Cy Clash',
        alignment: {
          score: 0,
          blocked: true,
          reasons: [
            {
              code: 'meetingConflict',
              message: 'A meeting overlaps another assignment of the instructor.',
            },
          ],
        },
        remainingAfter: 2,
        required: 6,
        assigned: 0,
      },
    ],
  };
});

const suggestionCalls = () =>
  server.calls.filter((c) => c.method === 'GET' && c.path.includes('/suggestedAssignees')).length;

function renderPanel() {
  return renderWithApp([{ path: '/', element: <SuggestedAssignees section={section} /> }], '/');
}

test('ranks candidates with score, a short reason, remaining points and an expandable why', async () => {
  const app = renderPanel();
  const ada = await screen.findByRole('listitem', { name: 'Ada Lovelace' }, { timeout: 5000 });
  expect(within(ada).getByText('93 / 100')).toBeInTheDocument();
  expect(
    within(ada).getByText('The instructor marked this course strongly preferred.'),
  ).toBeInTheDocument();
  expect(within(ada).getByText('+2 points after')).toBeInTheDocument();
  // The order is the server's ranking.
  const names = screen
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'))
    .filter(Boolean);
  expect(names.slice(0, 2)).toEqual(['Ada Lovelace', 'Bob Babbage']);
  // The why is closed until asked for; then every reason sentence shows.
  expect(within(ada).queryByText(/available times/)).not.toBeInTheDocument();
  fireEvent.click(within(ada).getByRole('button', { name: 'Why Ada Lovelace' }));
  expect(await within(ada).findByText(/available times/)).toBeInTheDocument();
  expect(within(ada).getByText(/Required 6 points, assigned 0/)).toBeInTheDocument();
  app.unmount();
});

test('blocked candidates are collapsed, with their reasons and no assign button', async () => {
  const app = renderPanel();
  const toggle = await screen.findByRole('button', { name: 'Blocked (1)' }, { timeout: 5000 });
  expect(screen.queryByText('Cy Clash')).not.toBeInTheDocument();
  fireEvent.click(toggle);
  const cy = await screen.findByRole('listitem', { name: 'Cy Clash' });
  expect(within(cy).getByText(/overlaps another assignment/)).toBeInTheDocument();
  expect(within(cy).getByText('Blocked')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Assign Cy Clash' })).not.toBeInTheDocument();
  app.unmount();
});

test('one click assigns and the suggestions are asked again', async () => {
  const app = renderPanel();
  const button = await screen.findByRole(
    'button',
    { name: 'Assign Ada Lovelace' },
    { timeout: 5000 },
  );
  const before = suggestionCalls();
  answer = { ...answer, suggested: answer.suggested.slice(1) };
  fireEvent.click(button);
  await waitFor(() =>
    expect(
      server.calls.find((c) => c.method === 'POST' && c.path === '/api/sections/s1/assignments')
        ?.body,
    ).toEqual({ UserId: 'u-ada', share: null, notes: null }),
  );
  await waitFor(() => expect(suggestionCalls()).toBeGreaterThan(before));
  await waitFor(() =>
    expect(screen.queryByRole('listitem', { name: 'Ada Lovelace' })).not.toBeInTheDocument(),
  );
  app.unmount();
});

test('a refusal no override changes shows its sentence without "Assign anyway"', async () => {
  assignAnswer = () => ({
    status: 422,
    body: {
      statusCode: 422,
      message:
        'Bob Babbage is not an active faculty member; only active faculty may be assigned to sections.',
    },
  });
  const app = renderPanel();
  fireEvent.click(
    await screen.findByRole('button', { name: 'Assign Bob Babbage' }, { timeout: 5000 }),
  );
  expect(await screen.findByText(/is not an active faculty member/)).toBeInTheDocument();
  expect(screen.getByText('Bob Babbage not assigned')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Assign anyway' })).not.toBeInTheDocument();
  app.unmount();
});

test('a conflict shows the sentence and assigns anyway on request', async () => {
  assignAnswer = (override) =>
    override
      ? { status: 201, body: { id: 'a9', revision: 2, position: '1:1' } }
      : {
          status: 422,
          body: {
            statusCode: 422,
            message: 'The instructor also teaches another meeting at this time.',
            overridable: true,
          },
        };
  const app = renderPanel();
  fireEvent.click(
    await screen.findByRole('button', { name: 'Assign Bob Babbage' }, { timeout: 5000 }),
  );
  expect(await screen.findByText(/also teaches another meeting/)).toBeInTheDocument();
  expect(screen.getByText('Bob Babbage not assigned')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Assign anyway' }));
  await waitFor(() =>
    expect(
      server.calls
        .filter((c) => c.method === 'POST' && c.path === '/api/sections/s1/assignments')
        .at(-1)?.body,
    ).toEqual({ UserId: 'u-bob', share: null, notes: null, override: true }),
  );
  await waitFor(() =>
    expect(screen.queryByText(/also teaches another meeting/)).not.toBeInTheDocument(),
  );
  app.unmount();
});
