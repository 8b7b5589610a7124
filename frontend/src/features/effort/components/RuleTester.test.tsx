/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import { jest } from '@jest/globals';
import '@testing-library/jest-dom';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ClassificationAnswer } from '@allot/shared-events/browser';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import { startApiServer, type ApiCall } from '../../../testing/apiServer.js';
import { RuleTester } from './RuleTester.js';

let answer: { status?: number; body: unknown };
let api: Awaited<ReturnType<typeof startApiServer>>;
const onClose = jest.fn();

beforeAll(async () => {
  api = await startApiServer((call: ApiCall) =>
    call.path.startsWith('/api/effortClassification') ? answer : undefined,
  );
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls.length = 0;
});

const render = () => renderWithApp([{ path: '/', element: <RuleTester onClose={onClose} /> }], '/');

const classified: ClassificationAnswer = {
  rule: { id: 'r2', name: 'Biology teaching' },
  category: { id: 'c1', name: 'Instruction' },
  type: { id: 't1', name: 'Institutional' },
  verdicts: [
    {
      ruleId: 'r1',
      ruleName: 'Grants',
      matched: false,
      reasons: ['Account: the line has none, the rule wants 5????'],
    },
    {
      ruleId: 'r2',
      ruleName: 'Biology teaching',
      matched: true,
      reasons: ['Cost centre 10-4410 matches 10-44*'],
    },
  ],
};

test('asks which rule classifies the line typed, and shows it with the rules tried before', async () => {
  answer = { body: classified };
  render();
  const test = screen.getByRole('button', { name: 'Test' });
  expect(test).toBeDisabled();
  fireEvent.change(screen.getByLabelText('Cost centre'), { target: { value: '10-4410' } });
  fireEvent.change(screen.getByLabelText('Earn code'), { target: { value: 'REG' } });
  fireEvent.click(test);
  const result = await screen.findByRole('region', { name: 'How the line is classified' });
  expect(within(result).getByText('“Biology teaching” classifies it')).toBeInTheDocument();
  expect(result).toHaveTextContent('Instruction, Institutional.');
  expect(
    within(result)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual([
    'Grants: does not match — Account: the line has none, the rule wants 5????.',
    'Biology teaching: matches — Cost centre 10-4410 matches 10-44*.',
  ]);
  const asked = new URL(api.calls[0]!.path, 'http://x');
  expect(Object.fromEntries(asked.searchParams)).toEqual({
    costCenter: '10-4410',
    earnCode: 'REG',
  });
});

test('says when no rule classifies the line', async () => {
  answer = { body: { rule: null, category: null, type: null, verdicts: [] } };
  render();
  fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'A1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Test' }));
  expect(await screen.findByText('No rule classifies it')).toBeInTheDocument();
  expect(screen.getByText('There are no active rules yet.')).toBeInTheDocument();
});

test('shows a refusal in the server’s words', async () => {
  answer = {
    status: 403,
    body: {
      statusCode: 403,
      error: 'Forbidden',
      message: 'You may not read the classification rules.',
    },
  };
  render();
  fireEvent.change(screen.getByLabelText('Account'), { target: { value: '61000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Test' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'You may not read the classification rules.',
  );
});
