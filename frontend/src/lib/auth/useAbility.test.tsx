/**
 * @jest-environment ./src/testing/fetchEnvironment.cjs
 */
import '@testing-library/jest-dom';
import { configure, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createStore } from '../api/store.js';
import { startApiServer } from '../../testing/apiServer.js';
import { masqueradingAs, signedInAs, signedOut } from '../../testing/fixtures.js';
import type { AuthContext } from '../api/sessionApi.js';
import { abilityFromAuthContext, useAbility } from './useAbility.js';

// Two shared cores run many suites at once: lazy pages and the 300 ms branch animation can be slow.
configure({ asyncUtilTimeout: 5000 });

let auth: AuthContext | { status: number } = signedOut;
let server: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  server = await startApiServer(({ path }) => {
    if (path !== '/api/auth') return undefined;
    return 'status' in auth ? { status: auth.status, body: { message: 'down' } } : { body: auth };
  });
});
afterAll(() => server.close());

function Probe() {
  const state = useAbility();
  if (state.loading) return <p>loading</p>;
  if (state.failed) return <p>failed</p>;
  return (
    <p>
      {state.signedIn ? 'in' : 'out'} courses:{String(state.ability.can('read', 'Course'))} flags:
      {state.flags ? 'loaded' : 'none'}
    </p>
  );
}

function renderProbe() {
  render(
    <Provider store={createStore()}>
      <Probe />
    </Provider>,
  );
}

test('is loading until the auth context answers, then carries the user’s ability and flags', async () => {
  auth = signedInAs('admin');
  renderProbe();
  expect(screen.getByText('loading')).toBeInTheDocument();
  expect(await screen.findByText('in courses:true flags:loaded')).toBeInTheDocument();
});

test('a signed-out viewer has the abilities of a user without roles', async () => {
  auth = signedOut;
  renderProbe();
  expect(await screen.findByText('out courses:false flags:loaded')).toBeInTheDocument();
});

test('reports a failed auth context instead of guessing', async () => {
  auth = { status: 500 };
  renderProbe();
  expect(await screen.findByText('failed')).toBeInTheDocument();
});

test('follows the server’s rules: roles, flags, mode and masquerade', () => {
  const faculty = abilityFromAuthContext(signedInAs('faculty'));
  expect(faculty.can('manage', 'MyTeachingPreference')).toBe(true);
  expect(faculty.can('read', 'Course')).toBe(false);
  expect(faculty.can('read', 'Dashboard')).toBe(true);

  const admin = abilityFromAuthContext(signedInAs('admin', { mode: 'production' }));
  expect(admin.can('manage', 'DeveloperItem')).toBe(false);
  expect(
    abilityFromAuthContext(signedInAs('admin', { mode: 'local' })).can('manage', 'DeveloperItem'),
  ).toBe(true);

  const flagsOff = { ...signedInAs('admin').FeatureFlags, userMergeEnabled: false };
  expect(
    abilityFromAuthContext(signedInAs('admin', { FeatureFlags: flagsOff })).can('merge', 'User'),
  ).toBe(false);
  expect(admin.can('merge', 'User')).toBe(true);

  // While masquerading the working user's roles apply, and no second masquerade may start.
  const masquerade = abilityFromAuthContext(masqueradingAs('admin'));
  expect(masquerade.can('create', 'Masquerade')).toBe(false);
  expect(admin.can('create', 'Masquerade')).toBe(true);
});
