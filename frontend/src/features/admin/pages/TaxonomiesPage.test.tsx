/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { screen } from '@testing-library/react';
import { startApiServer } from '../../../testing/apiServer.js';
import { signedInAs } from '../../../testing/fixtures.js';
import { renderWithApp } from '../../../testing/renderWithApp.js';
import TaxonomiesPage from './TaxonomiesPage.js';

let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ path }) => {
    const url = new URL(path, 'http://x');
    if (url.pathname === '/api/auth') return { body: signedInAs('admin') };
    if (/^\/api\/(campuses|majors)$/.test(url.pathname)) return { body: { count: 0, rows: [] } };
    return undefined;
  });
});
afterAll(() => server.close());

const visit = (path: string) =>
  renderWithApp([{ path: '/taxonomies/*', element: <TaxonomiesPage /> }], path);

test('an unknown taxonomy is not found, not the first list', async () => {
  visit('/taxonomies/bogus');
  expect(await screen.findByText('There is no page at this address')).toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'Campuses' })).not.toBeInTheDocument();
});

test('a known taxonomy opens on its own tab', async () => {
  visit('/taxonomies/majors');
  expect(await screen.findByRole('tab', { name: 'Majors', selected: true })).toBeInTheDocument();
});
