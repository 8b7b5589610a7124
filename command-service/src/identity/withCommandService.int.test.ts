import { SESSION_COOKIE_NAME } from '@allot/shared-events';
import { commandServicePlugin } from '../app.js';
import { testAbilityFor } from '../testing/testApp.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import type { TestBrowser } from './testing/browser.js';
import { csrfTokenOf, signInAtDemoIdp } from './testing/demoSignIn.js';
import {
  IDENTITY_TEST_CSRF_SECRET,
  startIdentityApp,
  type IdentityTestApp,
} from './testing/identityTestApp.js';

// The identity plugin beside the command-service plugin, as the integrator registers them: the
// session and CSRF token it issues are the ones the command routes accept.
let db: TestStore;
let t: IdentityTestApp;

beforeAll(async () => {
  db = await openTestStore();
  t = await startIdentityApp({
    auth0Enabled: true,
    demoIdp: { enabled: true },
    extraRoutes: (app, sessionCodec) =>
      app.register(commandServicePlugin, {
        store: db.store,
        sessionCodec,
        csrfSecret: IDENTITY_TEST_CSRF_SECRET,
        mode: 'test',
        abilityFor: testAbilityFor({
          'user-admin': [{ action: 'manage', subject: 'Configuration' }],
        }),
      }),
  });
});
afterAll(async () => {
  await t.close();
  await db.close();
});

async function signIn(browser: TestBrowser, username: string): Promise<void> {
  const hops = await signInAtDemoIdp(browser, username);
  expect(hops[hops.length - 1]?.url).toBe(`${t.base}/`);
}

describe('identity beside the command service', () => {
  it('a signed-in admin changes a setting with the CSRF token from /api/auth/csrf, and not without it', async () => {
    const browser = t.browser();
    await signIn(browser, 'admin');
    const body = { 'content-type': 'application/json' };
    const put = (headers: Record<string, string>) =>
      fetch(`${t.base}/api/settings/institution_name`, {
        method: 'PUT',
        headers: {
          ...body,
          ...headers,
          cookie: `${SESSION_COOKIE_NAME}=${browser.cookies.get(SESSION_COOKIE_NAME)?.value ?? ''}`,
        },
        body: JSON.stringify({ value: 'Northbridge University' }),
      });
    const refused = await put({});
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('CSRF');
    const csrfToken = await csrfTokenOf(browser);
    const accepted = await put({ 'x-csrf-token': csrfToken });
    expect(accepted.status).toBe(200);
    expect((await db.events('settings')).at(-1)?.metadata).toMatchObject({ actorId: 'user-admin' });
  });

  it('signs in again while a session cookie is present (the provider forms are not command routes)', async () => {
    // A fresh provider session, but the app's cookie of an earlier sign-in still in the jar.
    const browser = t.browser();
    const earlier = t.sessionCodec.encode({
      userId: 'user-faculty',
      workingUserId: 'user-faculty',
    });
    browser.cookies.set(SESSION_COOKIE_NAME, { value: earlier, path: '/' });
    await signIn(browser, 'admin');
    expect(
      t.sessionCodec.decode(browser.cookies.get(SESSION_COOKIE_NAME)?.value ?? '')?.userId,
    ).toBe('user-admin');
  });
});
