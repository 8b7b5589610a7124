/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthContext } from '../../lib/api/sessionApi.js';
import { startApiServer } from '../../testing/apiServer.js';
import { signedInAs } from '../../testing/fixtures.js';
import { renderWithApp } from '../../testing/renderWithApp.js';
import { ColumnChooser } from './ColumnChooser.js';
import type { ChoosableColumn } from './columnVisibility.js';
import { useColumnVisibility, type ColumnVisibility } from './useColumnVisibility.js';

const COLUMNS: ChoosableColumn[] = [
  { key: 'name', label: 'Display Name' },
  { key: 'email', label: 'Email' },
  { key: 'host', label: 'Host System ID', hiddenByDefault: true },
];

/** A table's header row as the tables draw it: the columns shown, and the Columns control. */
function Harness({ tableKey = 'people' }: { tableKey?: string }) {
  const visibility = useColumnVisibility(tableKey, COLUMNS);
  return (
    <>
      <ColumnChooser visibility={visibility} tableName="People" />
      <ul aria-label="Shown columns">
        {visibility.choices
          .filter((c) => c.visible)
          .map((c) => (
            <li key={c.key}>{c.label}</li>
          ))}
      </ul>
    </>
  );
}

let auth: AuthContext;
let server: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  server = await startApiServer(({ path }) => {
    if (path === '/api/auth') return { body: auth };
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  window.localStorage.clear();
  auth = signedInAs('admin');
});

const render = (tableKey?: string) =>
  renderWithApp([{ path: '/', element: <Harness tableKey={tableKey} /> }], '/');
const shown = () =>
  within(screen.getByRole('list', { name: 'Shown columns' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);
async function openChooser() {
  // Enabled once the user is known (their choice is kept under their name).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Columns' })).toBeEnabled());
  // As a click or a key on it would, the button has the focus when it opens the popover.
  screen.getByRole('button', { name: 'Columns' }).focus();
  fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
  return screen.findByRole('group', { name: 'Columns of People' });
}

test('shows the default columns, one checkbox per column; unticking one hides it', async () => {
  const app = render();
  await waitFor(() => expect(shown()).toEqual(['Display Name', 'Email']));
  const group = await openChooser();
  expect(within(group).getByRole('checkbox', { name: 'Display Name' })).toBeChecked();
  expect(within(group).getByRole('checkbox', { name: 'Host System ID' })).not.toBeChecked();
  fireEvent.click(within(group).getByRole('checkbox', { name: 'Email' }));
  expect(shown()).toEqual(['Display Name']);
  // The last column shown cannot be hidden too.
  expect(within(group).getByRole('checkbox', { name: 'Display Name' })).toBeDisabled();
  fireEvent.click(within(group).getByRole('checkbox', { name: 'Host System ID' }));
  expect(shown()).toEqual(['Display Name', 'Host System ID']);
  app.unmount();
});

test('remembers the choice per user and table, and Reset to default forgets it', async () => {
  let app = render();
  let group = await openChooser();
  fireEvent.click(within(group).getByRole('checkbox', { name: 'Email' }));
  fireEvent.click(within(group).getByRole('checkbox', { name: 'Host System ID' }));
  app.unmount();

  // Reloaded: the same user sees the same columns.
  app = render();
  await waitFor(() => expect(shown()).toEqual(['Display Name', 'Host System ID']));
  app.unmount();
  // Another table keeps its own.
  app = render('other');
  await waitFor(() => expect(shown()).toEqual(['Display Name', 'Email']));
  app.unmount();
  // Another user starts from the default.
  auth = signedInAs('admin', { authenticatedUserId: 'user-9', workingUserId: 'user-9' });
  app = render();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Columns' })).toBeEnabled());
  expect(shown()).toEqual(['Display Name', 'Email']);
  app.unmount();

  auth = signedInAs('admin');
  app = render();
  await waitFor(() => expect(shown()).toEqual(['Display Name', 'Host System ID']));
  group = await openChooser();
  const reset = screen.getByRole('button', { name: 'Reset to default' });
  fireEvent.click(reset);
  expect(shown()).toEqual(['Display Name', 'Email']);
  expect(within(group).getByRole('checkbox', { name: 'Email' })).toBeChecked();
  expect(screen.getByRole('button', { name: 'Reset to default' })).toBeDisabled();
  expect(Object.keys(window.localStorage)).toEqual([]);
  app.unmount();
});

test('the Columns control is made of native controls, closes on Escape and gives the focus back', async () => {
  const app = render();
  // A native button (Enter and Space open it) and native checkboxes (Space toggles them).
  expect(screen.getByRole('button', { name: 'Columns' }).tagName).toBe('BUTTON');
  const group = await openChooser();
  const email = within(group).getByRole('checkbox', { name: 'Email' });
  expect(email.tagName).toBe('INPUT');
  email.focus();
  fireEvent.click(email);
  expect(shown()).toEqual(['Display Name']);
  fireEvent.keyDown(email, { key: 'Escape' });
  await waitFor(() =>
    expect(screen.queryByRole('group', { name: 'Columns of People' })).not.toBeInTheDocument(),
  );
  // The keyboard is back on the button that opened it.
  await waitFor(() => expect(screen.getByRole('button', { name: 'Columns' })).toHaveFocus());
  app.unmount();
});

/** A table whose columns the user orders too (a report grid): the order is the table's state. */
function Ordered() {
  const [keys, setKeys] = useState(['name', 'email']);
  const label = (key: string) => COLUMNS.find((c) => c.key === key)?.label ?? key;
  const visibility: ColumnVisibility = {
    choices: [
      ...keys.map((key) => ({ key, label: label(key), visible: true })),
      ...COLUMNS.filter((c) => !keys.includes(c.key)).map((c) => ({ ...c, visible: false })),
    ],
    isVisible: (key) => keys.includes(key),
    setVisible: (key, visible) =>
      setKeys((k) => (visible ? [...k, key] : k.filter((x) => x !== key))),
    reset: () => setKeys(['name', 'email']),
    changed: keys.join() !== 'name,email',
    ready: true,
    move: (key, by) =>
      setKeys((k) => {
        const next = [...k];
        const at = next.indexOf(key);
        next.splice(at, 1);
        next.splice(at + by, 0, key);
        return next;
      }),
  };
  return (
    <>
      <ColumnChooser visibility={visibility} tableName="People" />
      <ul aria-label="Shown columns">
        {keys.map((key) => (
          <li key={key}>{label(key)}</li>
        ))}
      </ul>
    </>
  );
}

test('where the table orders its columns, each shown one moves up or down', async () => {
  const app = renderWithApp([{ path: '/', element: <Ordered /> }], '/');
  const group = await openChooser();
  expect(within(group).getByRole('button', { name: 'Move Display Name up' })).toBeDisabled();
  expect(within(group).getByRole('button', { name: 'Move Email down' })).toBeDisabled();
  // Hidden columns have no order yet.
  expect(within(group).queryByRole('button', { name: /Move Host System ID/ })).toBeNull();
  fireEvent.click(within(group).getByRole('button', { name: 'Move Email up' }));
  expect(shown()).toEqual(['Email', 'Display Name']);
  fireEvent.click(within(group).getByRole('checkbox', { name: 'Host System ID' }));
  fireEvent.click(within(group).getByRole('button', { name: 'Move Display Name down' }));
  expect(shown()).toEqual(['Email', 'Host System ID', 'Display Name']);
  app.unmount();
});
