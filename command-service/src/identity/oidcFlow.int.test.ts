import { SESSION_COOKIE_NAME } from '@allot/shared-events';
import { formAction, type TestBrowser } from './testing/browser.js';
import { startIdentityApp, type IdentityTestApp } from './testing/identityTestApp.js';

let t: IdentityTestApp;

beforeAll(async () => {
  t = await startIdentityApp({ auth0Enabled: true, demoIdp: { enabled: true } });
});
afterAll(async () => {
  await t.close();
});

/** From Log In to the provider's login page; answers the page and the form's action. */
async function openLoginPage(browser: TestBrowser, origin: string) {
  const hops = await browser.follow(`/api/auth0/login?origin=${encodeURIComponent(origin)}`);
  const start = new URL(hops[0]?.location ?? '');
  expect(start.origin + start.pathname).toBe(`${t.base}/idp/auth`);
  expect(start.searchParams.get('code_challenge_method')).toBe('S256');
  expect(start.searchParams.get('state')).toBeTruthy();
  expect(start.searchParams.get('nonce')).toBeTruthy();
  const page = hops[hops.length - 1];
  expect(page?.status).toBe(200);
  return { page: page?.body ?? '', action: formAction(page?.body ?? '') };
}

/** Signs in at the provider; answers the provider's redirect back to our callback. */
async function signInAtProvider(
  browser: TestBrowser,
  origin: string,
  username: string,
  password: string,
) {
  const { action } = await openLoginPage(browser, origin);
  const hops = await browser.follow(action, { form: { username, password } }, 3);
  const last = hops[hops.length - 1];
  return { hops, last };
}

describe('OIDC sign-in against the embedded provider', () => {
  it('shows a login page with Username, Password and a Sign in button', async () => {
    const { page } = await openLoginPage(t.browser(), '/');
    expect(page).toMatch(/<label for="username">Username<\/label>/);
    expect(page).toMatch(/<label for="password">Password<\/label>/);
    expect(page).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(page).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('signs faculty in, sets the session cookie, records the login and lands on the origin', async () => {
    const browser = t.browser();
    const before = Date.now();
    const { hops } = await signInAtProvider(browser, '/sections?period=2', 'faculty', 'demo');
    const callback = hops.find((h) => h.url.startsWith(`${t.base}/api/auth0/callback`));
    expect(callback?.status).toBe(303);
    expect(callback?.location).toBe(`${t.base}/sections?period=2`);
    const sessionCookie =
      callback?.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`)) ?? '';
    expect(sessionCookie).toMatch(/; HttpOnly/);
    expect(sessionCookie).toMatch(/; SameSite=Lax/);
    expect(sessionCookie).toMatch(/; Path=\//);
    expect(sessionCookie).toMatch(/; Max-Age=3600/);
    const value = browser.cookies.get(SESSION_COOKIE_NAME)?.value ?? '';
    expect(t.sessionCodec.decode(value)).toMatchObject({
      userId: 'user-faculty',
      workingUserId: 'user-faculty',
    });
    expect(t.users.lastLogins.get('user-faculty')?.getTime()).toBeGreaterThanOrEqual(before);
    // The one-time transaction cookie is gone.
    expect(browser.cookies.has('allot_oidc_tx')).toBe(false);
  });

  it('moves a sign-in started at another address to the public URL before the provider', async () => {
    const browser = t.browser();
    const elsewhere = t.base.replace('127.0.0.1', 'localhost');
    const moved = await browser.request(`${elsewhere}/api/auth0/login?origin=%2Fsections`);
    expect(moved.status).toBe(302);
    const target = new URL(moved.location ?? '');
    expect(target.origin).toBe(t.base);
    expect(target.pathname).toBe('/api/auth0/login');
    expect(target.searchParams.get('origin')).toBe('/sections');
    // No transaction cookie on the other host: it would be missing at the callback.
    expect(moved.setCookies).toEqual([]);
    const { action } = await openLoginPage(browser, '/sections');
    const hops = await browser.follow(
      action,
      { form: { username: 'faculty', password: 'demo' } },
      3,
    );
    expect(hops.at(-1)?.location).toBe(`${t.base}/sections`);
    // Sent once: a proxy that rewrites Host cannot make it loop.
    const again = await browser.request(`${elsewhere}/api/auth0/login?atPublicUrl=1`);
    expect(again.status).toBe(302);
    expect(new URL(again.location ?? '').pathname).toBe('/idp/auth');
  });

  it('refuses a wrong password at the provider', async () => {
    const browser = t.browser();
    const { last } = await signInAtProvider(browser, '/', 'faculty', 'not-demo');
    expect(last?.status).toBe(401);
    expect(last?.body).toContain('Invalid username or password.');
    expect(browser.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
  });

  it('refuses a callback whose state was tampered with', async () => {
    const browser = t.browser();
    const { action } = await openLoginPage(browser, '/');
    const hops = await browser.follow(
      action,
      { form: { username: 'faculty', password: 'demo' } },
      2,
    );
    const toCallback = hops[hops.length - 1]?.location ?? '';
    expect(toCallback.startsWith(`${t.base}/api/auth0/callback?`)).toBe(true);
    const tampered = new URL(toCallback);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state') ?? ''}x`);
    const answer = await browser.request(tampered.toString());
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('could not be verified');
    expect(browser.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
  });

  it('refuses a callback without the transaction cookie (a forged or replayed link)', async () => {
    const browser = t.browser();
    const { action } = await openLoginPage(browser, '/');
    const hops = await browser.follow(
      action,
      { form: { username: 'faculty', password: 'demo' } },
      2,
    );
    const toCallback = hops[hops.length - 1]?.location ?? '';
    const other = t.browser();
    const answer = await other.request(toCallback);
    expect(answer.status).toBe(400);
    expect(other.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
  });

  it('says why when the provider answers with an error instead of a code', async () => {
    const browser = t.browser();
    await openLoginPage(browser, '/');
    const answer = await browser.request(
      '/api/auth0/callback?error=access_denied&error_description=Cancelled%20by%20the%20user',
    );
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('did not sign you in: Cancelled by the user.');
    expect(browser.cookies.has('allot_oidc_tx')).toBe(false);
  });

  it('falls back to / for an origin on another site', async () => {
    const browser = t.browser();
    const { hops } = await signInAtProvider(browser, 'https://evil.example', 'faculty', 'demo');
    const callback = hops.find((h) => h.url.startsWith(`${t.base}/api/auth0/callback`));
    expect(callback?.location).toBe(`${t.base}/`);
  });

  it('refuses a provider account that is no user of the app', async () => {
    const browser = t.browser();
    const { hops } = await signInAtProvider(browser, '/', 'reportingUser', 'demo');
    const callback = hops.find((h) => h.url.startsWith(`${t.base}/api/auth0/callback`));
    expect(callback?.status).toBe(403);
    expect(browser.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
  });
});
