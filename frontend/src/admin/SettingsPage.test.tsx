/**
 * @jest-environment ./src/shell/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { startApiServer } from '../shell/testing/apiServer.js';
import { ALL_FLAGS_ON, settingsRows, signedInAs } from '../shell/testing/fixtures.js';
import { renderWithApp } from '../shell/testing/renderWithApp.js';
import SettingsPage from './SettingsPage.js';

let stored: Record<string, string>;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ method, path, body }) => {
    if (path === '/api/auth') return { body: signedInAs('admin') };
    if (path === '/api/auth/csrf') return { body: { csrfToken: 't' } };
    if (path === '/api/status')
      return {
        body: {
          version: '2025.4.0',
          mode: 'test',
          featureFlags: { ...ALL_FLAGS_ON, aemEnabled: false },
        },
      };
    if (path === '/api/settings' && method === 'GET') return { body: settingsRows(stored) };
    const put = /^\/api\/settings\/(\w+)$/.exec(path);
    if (put && method === 'PUT') {
      stored[put[1]!] = (body as { value: string }).value;
      return { body: { id: 'settings', revision: 1, position: '1' } };
    }
    return undefined;
  });
});
afterAll(() => server.close());
beforeEach(() => {
  stored = {
    institution_name: 'Northbridge University',
    primary_color: '#0736a4',
    apiEnabled: 'false',
  };
});

function putsTo(name: string) {
  return server.calls.filter((c) => c.method === 'PUT' && c.path === `/api/settings/${name}`);
}

test('a flag follows its default until stored; a switch stores it; "Use default" clears it', async () => {
  const app = renderWithApp([{ path: '/settings', element: <SettingsPage /> }], '/settings');
  const aem = await screen.findByRole('checkbox', { name: 'Advanced effort management (default)' });
  expect(aem).not.toBeChecked();
  const api = screen.getByRole('checkbox', { name: 'API keys' });
  expect(api).not.toBeChecked();

  fireEvent.click(aem);
  await waitFor(() => expect(putsTo('aemEnabled').at(-1)?.body).toEqual({ value: 'true' }));
  // The settings are read again and the flag now shows as stored and on.
  expect(await screen.findByRole('checkbox', { name: 'Advanced effort management' })).toBeChecked();

  fireEvent.click(screen.getByRole('button', { name: 'API keys: use the configured default' }));
  await waitFor(() => expect(putsTo('apiEnabled').at(-1)?.body).toEqual({ value: '' }));
  app.unmount();
});

test('the primary colour refuses what is not a colour and saves one that is', async () => {
  const app = renderWithApp([{ path: '/settings', element: <SettingsPage /> }], '/settings');
  const colour = await screen.findByRole('textbox', { name: 'Primary colour' });
  fireEvent.change(colour, { target: { value: 'blue' } });
  expect(screen.getByText('Use a colour like #1f4b99.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save colour' })).toBeDisabled();
  fireEvent.change(colour, { target: { value: '#aa3300' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save colour' }));
  await waitFor(() => expect(putsTo('primary_color').at(-1)?.body).toEqual({ value: '#aa3300' }));
  app.unmount();
});
