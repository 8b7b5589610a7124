/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import ApiKeysPage from './ApiKeysPage.js';
import type { ApiKeyItem } from '../api/apiKeysApi.js';

let keys: ApiKeyItem[];
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ method, path, body }) => {
    const url = new URL(path, 'http://x');
    if (path === '/api/auth') return { body: signedInAs('admin') };
    if (path === '/api/auth/csrf') return { body: { csrfToken: 't' } };
    if (url.pathname === '/api/users')
      return {
        body: {
          count: 2,
          rows: [
            { id: 'user-1', displayName: 'Ada Admin' },
            { id: 'user-2', displayName: 'Grace Hopper' },
          ],
        },
      };
    if (path === '/api/apiKeys' && method === 'GET') return { body: keys };
    if (path === '/api/apiKeys' && method === 'POST') {
      const { name } = body as { name: string };
      keys.push({
        id: 'k2',
        UserId: 'user-1',
        name,
        createdAt: '2026-11-22T08:00:00Z',
        revokedAt: null,
      });
      return {
        status: 201,
        body: { apiKeyId: 'k2', userId: 'user-1', name, key: 'allot_k2_s3cret', position: '1' },
      };
    }
    if (path === '/api/apiKeys/k1' && method === 'DELETE') {
      keys[0] = { ...keys[0]!, revokedAt: '2026-11-22T09:00:00Z' };
      return { body: { position: '2' } };
    }
    return undefined;
  });
});
afterAll(() => server.close());

test('a new key is shown once; revoking asks first', async () => {
  keys = [
    {
      id: 'k1',
      UserId: 'user-1',
      name: 'Nightly export',
      createdAt: '2026-11-01T08:00:00Z',
      revokedAt: null,
    },
  ];
  const app = renderWithApp([{ path: '/apikeys', element: <ApiKeysPage /> }], '/apikeys');
  expect(await screen.findByText('Nightly export')).toBeInTheDocument();

  // The button shows once the auth context (abilities) has loaded, which may come after the list.
  fireEvent.click(await screen.findByRole('button', { name: 'New API key' }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(await within(dialog).findByText('Name the key (what uses it).')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByLabelText('Name (required)'), {
    target: { value: 'Reports' },
  });
  // Acts as the creator unless another user is searched for (no select of every user).
  expect(await within(dialog).findByLabelText('Acts as: Ada Admin (you)')).toBeInTheDocument();
  expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
  expect(await screen.findByLabelText('The new API key')).toHaveValue('allot_k2_s3cret');
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
    name: 'Reports',
    userId: 'user-1',
  });
  fireEvent.click(screen.getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByLabelText('The new API key')).not.toBeInTheDocument());
  // The list never shows the key again.
  expect(await screen.findByText('Reports')).toBeInTheDocument();
  expect(screen.queryByText(/s3cret/)).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Revoke Nightly export' }));
  const alert = await screen.findByRole('alertdialog');
  expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  fireEvent.click(within(alert).getByRole('button', { name: 'Revoke' }));
  await waitFor(() =>
    expect(server.calls.some((c) => c.method === 'DELETE' && c.path === '/api/apiKeys/k1')).toBe(
      true,
    ),
  );
  expect(await screen.findByText(/^Revoked/)).toBeInTheDocument();
  app.unmount();
});
