/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import { jest } from '@jest/globals';
import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { administrativeAssignments, users } from '@allot/shared-events/browser';
import { createStore } from '../../lib/api/store.js';
import { startApiServer } from '../../testing/apiServer.js';
import { ResourceDialog } from './ResourceDialog.js';
import type { EditedRecord } from '../../lib/api/resourceApi.js';
import { resolveFields, visibleFields } from '../../lib/resources/resourceUi.js';

let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  // Reference options (divisions, ranks, …) answer empty lists.
  server = await startApiServer(({ method }) =>
    method === 'GET' ? { body: { count: 0, rows: [] } } : undefined,
  );
});
afterAll(() => server.close());

const fay: EditedRecord = {
  id: 'u1',
  revision: 4,
  firstName: 'Fay',
  lastName: 'Faculty',
  displayName: 'Fay Faculty',
  email: 'fay@example.edu',
  username: 'fay',
  honorific: 'Dr.',
  EmployeeId: 'E-77',
  hostSystemId: 'H-9',
  Roles: [{ slug: 'faculty' }],
  FinancialData: { pointsRequired: 12, pointsAssigned: 6, pointsRemaining: 6 },
};

function renderDialog(
  mayEditFinancialData: boolean,
  onSubmit = jest.fn(() => Promise.resolve(null)),
) {
  const fields = visibleFields(resolveFields(users), {});
  render(
    <Provider store={createStore()}>
      <ResourceDialog
        definition={users}
        singular="User"
        fields={fields}
        record={fay}
        canEditField={(f) => (f.editSubject ? mayEditFinancialData : true)}
        onSubmit={onSubmit}
        onClose={() => undefined}
        onReload={() => undefined}
      />
    </Provider>,
  );
  return onSubmit;
}

test('the user form labels Title, Receive emails, Employee ID and Host System ID in words', async () => {
  renderDialog(true);
  expect(screen.getByLabelText('Title')).toHaveValue('Dr.');
  expect(screen.getByLabelText('Employee ID')).toHaveValue('E-77');
  expect(screen.getByLabelText(/^Host System ID/)).toHaveValue('H-9');
  expect(screen.getByLabelText('Receive emails')).toBeInTheDocument();
  await waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
});

test('financial data is read-only without the FinancialData update ability', () => {
  renderDialog(false);
  expect(screen.getByLabelText('Points Required')).toBeDisabled();
  expect(screen.getByLabelText('Points Required')).toHaveValue(12);
  expect(screen.getByLabelText('First Name (required)')).toBeEnabled();
});

test('with the ability, a change of financial data is sent as the whole object', async () => {
  const onSubmit = renderDialog(true);
  // Assigned and remaining are computed from the plan: the form neither shows nor sends them.
  expect(screen.queryByLabelText('Points Assigned')).toBeNull();
  fireEvent.change(screen.getByLabelText('Points Required'), { target: { value: '8' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  expect(onSubmit.mock.calls[0]).toEqual([{ FinancialData: { pointsRequired: 8 } }]);
});

test('without it, the same form never sends financial data', async () => {
  const onSubmit = renderDialog(false);
  fireEvent.change(screen.getByLabelText('First Name (required)'), { target: { value: 'Faye' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  expect(onSubmit.mock.calls[0]).toEqual([{ firstName: 'Faye' }]);
});

test('the administrative assignment form offers only active faculty as its instructor (asked of the server)', async () => {
  render(
    <Provider store={createStore()}>
      <ResourceDialog
        definition={administrativeAssignments}
        singular="Admin Assignment"
        fields={visibleFields(resolveFields(administrativeAssignments), {})}
        record={null}
        canEditField={() => true}
        onSubmit={jest.fn(() => Promise.resolve(null))}
        onClose={() => undefined}
        onReload={() => undefined}
      />
    </Provider>,
  );
  await waitFor(() =>
    expect(server.calls.some((c) => c.path.startsWith('/api/users?'))).toBe(true),
  );
  const asked = server.calls.find((c) => c.path.startsWith('/api/users?'));
  const filter = new URL(`http://x${asked?.path ?? ''}`).searchParams.get('filter');
  expect(JSON.parse(filter ?? '{}')).toEqual({ isActive: true, isFaculty: true });
});
