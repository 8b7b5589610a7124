/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FEATURE_FLAG_NAMES } from '@allot/shared-events/browser';
import { startApiServer } from '../../../testing/apiServer.js';
import { ALL_FLAGS_ON, settingsRows, signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import SettingsPage from './SettingsPage.js';

let stored: Record<string, string>;
/** What configuration sets, as GET /api/settings/featureFlags answers it with the stored values. */
const CONFIGURED = { ...ALL_FLAGS_ON, aemEnabled: false };
function flagStates() {
  return {
    flags: FEATURE_FLAG_NAMES.map((name) => {
      const value = stored[name];
      const override = value === 'true' ? true : value === 'false' ? false : null;
      return {
        name,
        default: CONFIGURED[name],
        stored: override,
        effective: override ?? CONFIGURED[name],
      };
    }),
  };
}
let server: Awaited<ReturnType<typeof startApiServer>>;
/** While set, GET /api/settings waits for it: what a page shows before its refetch lands. */
let settingsHeld: Promise<void> | null = null;
/** While set, GET /api/settings fails. */
let settingsFail = false;

/** GET /api/history/settings as the command service answers it (settingsHistory.ts). */
const SETTINGS_HISTORY = {
  rows: [
    {
      position: '1:1',
      revision: 0,
      type: 'SettingChanged',
      at: '2026-08-01T10:00:00.000Z',
      by: { id: 'u-ada', displayName: 'Ada Admin' },
      onBehalfOf: null,
      through: null,
      summary: null,
      changes: [
        {
          field: 'institution_name',
          from: 'Northbridge',
          to: 'Northbridge University',
          label: 'Institution name',
          display: { kind: 'text', from: 'Northbridge', to: 'Northbridge University' },
        },
      ],
    },
    {
      position: '1:3',
      revision: 2,
      type: 'LogoUploaded',
      at: '2026-08-02T10:00:00.000Z',
      by: { id: 'u-ada', displayName: 'Ada Admin' },
      onBehalfOf: null,
      through: null,
      summary: null,
      changes: [
        {
          field: 'logo',
          from: 'true',
          to: 'true',
          label: 'Logo',
          display: {
            kind: 'image',
            from: '/api/history/settings/logo/1',
            to: '/api/history/settings/logo/2',
          },
        },
      ],
    },
    {
      position: '1:5',
      revision: 4,
      type: 'SettingChanged',
      at: '2026-08-03T10:00:00.000Z',
      by: { id: 'u-maria', displayName: 'Maria Garcia' },
      onBehalfOf: null,
      through: {
        id: 'k-1',
        name: 'Nightly import',
        createdBy: { id: 'u-ada', displayName: 'Ada Admin' },
      },
      summary: null,
      changes: [
        {
          field: 'apiEnabled',
          from: null,
          to: 'true',
          label: 'API keys',
          display: { kind: 'text', from: 'Default', to: 'On' },
        },
      ],
    },
  ],
};

beforeAll(async () => {
  // jsdom has no object URLs; the logo preview only needs some src.
  URL.createObjectURL = () => 'blob:logo-preview';
  URL.revokeObjectURL = () => undefined;
  server = await startApiServer(({ method, path, body }) => {
    if (path === '/api/auth') return { body: signedInAs('admin') };
    if (path === '/api/auth/csrf') return { body: { csrfToken: 't' } };
    if (path === '/api/status')
      return {
        body: {
          version: '2025.4.0',
          mode: 'test',
          featureFlags: CONFIGURED,
        },
      };
    if (path === '/api/settings' && method === 'GET') {
      if (settingsFail)
        return { status: 500, body: { statusCode: 500, message: 'The settings are unreadable.' } };
      const held = settingsHeld;
      if (held) return held.then(() => ({ body: settingsRows(stored) }));
      return { body: settingsRows(stored) };
    }
    if (path === '/api/settings/upload/logo' && method === 'POST') {
      stored.logo = 'true';
      return { body: { id: 'logo', revision: 2, position: '2' } };
    }
    if (path === '/api/settings/logo' && method === 'DELETE') {
      stored.logo = 'false';
      return { body: { id: 'logo', revision: 3, position: '3' } };
    }
    if (path === '/api/settings/featureFlags' && method === 'GET') return { body: flagStates() };
    if (path === '/api/history/settings' && method === 'GET') return { body: SETTINGS_HISTORY };
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
  settingsHeld = null;
  settingsFail = false;
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

/** The row of one flag: its switch, its configured default and its way back to it. */
async function flagRow(name: RegExp) {
  const toggle = await screen.findByRole('checkbox', { name });
  return toggle.closest('.allot-flag-row') as HTMLElement;
}

test('each flag shows its configured default, also under a stored choice, and goes back to it', async () => {
  const app = renderWithApp([{ path: '/settings', element: <SettingsPage /> }], '/settings');
  // API keys: configured on, stored off.
  const api = await flagRow(/^API keys/);
  expect(await within(api).findByText('default: on')).toBeInTheDocument();
  expect(within(api).getByRole('checkbox')).not.toBeChecked();
  expect(
    within(api).getByRole('button', { name: 'API keys: use the configured default' }),
  ).toHaveTextContent('Use default (on)');
  // Advanced effort management: configured off, nothing stored, so no way back is offered.
  const aem = await flagRow(/^Advanced effort management \(default\)/);
  expect(within(aem).getByText('default: off')).toBeInTheDocument();
  expect(within(aem).queryByRole('button')).not.toBeInTheDocument();

  fireEvent.click(
    within(api).getByRole('button', { name: 'API keys: use the configured default' }),
  );
  await waitFor(() => expect(putsTo('apiEnabled').at(-1)?.body).toEqual({ value: '' }));
  // Read again: the flag follows its default (on) and shows it.
  const back = await flagRow(/^API keys \(default\)/);
  expect(within(back).getByRole('checkbox')).toBeChecked();
  expect(within(back).getByText('default: on')).toBeInTheDocument();
  expect(within(back).queryByRole('button')).not.toBeInTheDocument();
  expect(
    server.calls.filter((c) => c.path === '/api/settings/featureFlags').length,
  ).toBeGreaterThanOrEqual(2);
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

test('the support URL beside the institution name takes only an http(s) address, or nothing', async () => {
  stored.support_url = 'https://support.example.edu/chat';
  const app = renderWithApp([{ path: '/settings', element: <SettingsPage /> }], '/settings');
  const field = await screen.findByRole('textbox', { name: 'Support URL' });
  expect(field).toHaveValue('https://support.example.edu/chat');
  const saveButton = () => screen.getByRole('button', { name: 'Save support URL' });
  expect(saveButton()).toBeDisabled();

  for (const bad of ['support.example.edu', 'mailto:help@example.edu', 'javascript:alert(1)']) {
    fireEvent.change(field, { target: { value: bad } });
    expect(screen.getByText('Use a web address starting with http:// or https://.')).toBeVisible();
    expect(saveButton()).toBeDisabled();
  }

  fireEvent.change(field, { target: { value: ' https://help.northbridge.example/chat ' } });
  expect(
    screen.getByText('The support chat button opens it; empty hides the button.'),
  ).toBeVisible();
  fireEvent.click(saveButton());
  await waitFor(() =>
    expect(putsTo('support_url').at(-1)?.body).toEqual({
      value: 'https://help.northbridge.example/chat',
    }),
  );

  // Empty clears it: the chat button hides.
  fireEvent.change(field, { target: { value: '' } });
  fireEvent.click(saveButton());
  await waitFor(() => expect(putsTo('support_url').at(-1)?.body).toEqual({ value: '' }));
  expect(putsTo('support_url')).toHaveLength(2);
  app.unmount();
});

test('History shows who changed which setting, by its label, and the logo before and after', async () => {
  const app = renderWithApp([{ path: '/settings', element: <SettingsPage /> }], '/settings');
  fireEvent.click(await screen.findByRole('button', { name: 'History of the settings' }));
  const title = await screen.findByText('History: System Settings');
  const drawer = title.closest('.bp6-drawer') as HTMLElement;
  expect(await within(drawer).findByText('Institution name')).toBeInTheDocument();
  expect(within(drawer).getByText('Northbridge')).toBeInTheDocument();
  expect(within(drawer).getByText('Northbridge University')).toBeInTheDocument();
  expect(within(drawer).getByText('API keys')).toBeInTheDocument();
  expect(within(drawer).getByText('On')).toBeInTheDocument();
  expect(
    within(drawer).getByText(
      /Maria Garcia through API key “Nightly import” \(created by Ada Admin\)/,
    ),
  ).toBeInTheDocument();
  expect(within(drawer).getByRole('img', { name: 'Logo before' })).toHaveAttribute(
    'src',
    '/api/history/settings/logo/1',
  );
  expect(within(drawer).getByRole('img', { name: 'Logo after' })).toHaveAttribute(
    'src',
    '/api/history/settings/logo/2',
  );
  // Machine names never show.
  expect(drawer).not.toHaveTextContent(/institution_name|apiEnabled|SettingChanged/);
  app.unmount();
});

/** The caption under the logo preview. */
function logoCaption(): string {
  return document.querySelector('.allot-logo-preview figcaption')?.textContent ?? '';
}

test('an uploaded logo is never captioned "Default logo", not even before the settings are read again', async () => {
  stored.logo = 'false';
  const app = renderWithApp([{ path: '/settings', element: <SettingsPage /> }], '/settings');
  await screen.findByRole('button', { name: 'Upload logo' });
  expect(logoCaption()).toBe('Default logo');
  expect(screen.queryByRole('button', { name: 'Reset to default logo' })).not.toBeInTheDocument();

  let release = () => {};
  settingsHeld = new Promise<void>((resolve) => (release = resolve));
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
    type: 'image/png',
  });
  fireEvent.change(document.querySelector('#logo-file') as HTMLInputElement, {
    target: { files: [file] },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Upload logo' }));
  await screen.findByText('Logo uploaded.');
  // The upload is stored; the settings refetch has not answered yet.
  expect(logoCaption()).toBe('Current logo');
  release();
  await waitFor(() =>
    expect(screen.getByRole('button', { name: 'Reset to default logo' })).toBeVisible(),
  );
  expect(logoCaption()).toBe('Current logo');
  app.unmount();
});

test('"Reset to default logo" asks first, then returns to the default logo', async () => {
  stored.logo = 'true';
  const app = renderWithApp([{ path: '/settings', element: <SettingsPage /> }], '/settings');
  const reset = await screen.findByRole('button', { name: 'Reset to default logo' });
  expect(logoCaption()).toBe('Current logo');
  const deletes = () =>
    server.calls.filter((c) => c.method === 'DELETE' && c.path === '/api/settings/logo');

  fireEvent.click(reset);
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent(/default logo/);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(deletes()).toHaveLength(0);

  fireEvent.click(screen.getByRole('button', { name: 'Reset to default logo' }));
  fireEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reset logo' }),
  );
  await waitFor(() => expect(deletes()).toHaveLength(1));
  await screen.findByText('The default logo shows again.');
  await waitFor(() => expect(logoCaption()).toBe('Default logo'));
  expect(screen.queryByRole('button', { name: 'Reset to default logo' })).not.toBeInTheDocument();
  app.unmount();
});

test('the institution name takes at most 120 characters', async () => {
  const app = renderWithApp([{ path: '/settings', element: <SettingsPage /> }], '/settings');
  const field = await screen.findByRole('textbox', { name: 'Institution name' });
  const save = () => screen.getByRole('button', { name: 'Save name' });
  fireEvent.change(field, { target: { value: 'N'.repeat(121) } });
  expect(screen.getByText('At most 120 characters (121 now).')).toBeVisible();
  expect(save()).toBeDisabled();
  fireEvent.change(field, { target: { value: 'N'.repeat(120) } });
  fireEvent.click(save());
  await waitFor(() =>
    expect(putsTo('institution_name').at(-1)?.body).toEqual({ value: 'N'.repeat(120) }),
  );
  app.unmount();
});

test('settings that could not be loaded say why and are asked again on Try again', async () => {
  settingsFail = true;
  const app = renderWithApp([{ path: '/settings', element: <SettingsPage /> }], '/settings');
  expect(await screen.findByText('Settings could not be loaded')).toBeInTheDocument();
  expect(screen.getByText('The settings are unreadable.')).toBeInTheDocument();
  settingsFail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('checkbox', { name: 'API keys' })).toBeInTheDocument();
  expect(screen.queryByText('Settings could not be loaded')).not.toBeInTheDocument();
  app.unmount();
});
