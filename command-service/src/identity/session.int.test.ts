import { SESSION_COOKIE_NAME } from '@allot/shared-events';
import { requireCsrf } from './csrf.js';
import { formAction } from './testing/browser.js';
import { csrfTokenOf, signInAtDemoIdp } from './testing/demoSignIn.js';
import { generateSigningKey } from './testing/samlTestIdp.js';
import {
  IDENTITY_TEST_CSRF_SECRET,
  startIdentityApp,
  type IdentityTestApp,
} from './testing/identityTestApp.js';

let t: IdentityTestApp;

beforeAll(async () => {
  t = await startIdentityApp({
    auth0Enabled: true,
    demoIdp: { enabled: true },
    extraRoutes: (app, sessionCodec) => {
      app.post(
        '/api/test-write',
        {
          preHandler: requireCsrf({
            sessionCodec,
            csrfSecret: IDENTITY_TEST_CSRF_SECRET,
          }),
        },
        (_request, reply) => reply.send({ written: true }),
      );
    },
  });
});
afterAll(async () => {
  await t.close();
});

/** A browser signed in through the whole OIDC flow. */
async function signedInBrowser(username = 'faculty') {
  const browser = t.browser();
  const hops = await signInAtDemoIdp(browser, username);
  expect(hops[hops.length - 2]?.url).toContain('/api/auth0/callback');
  expect(browser.cookies.has(SESSION_COOKIE_NAME)).toBe(true);
  return browser;
}

describe('CSRF on cookie-authenticated writes', () => {
  it('refuses a write without or with a wrong X-CSRF-Token and passes the session token', async () => {
    const browser = await signedInBrowser();
    expect((await browser.request('/api/test-write', { method: 'POST' })).status).toBe(403);
    const bad = await browser.request('/api/test-write', {
      method: 'POST',
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(bad.status).toBe(403);
    const csrfToken = await csrfTokenOf(browser);
    const ok = await browser.request('/api/test-write', {
      method: 'POST',
      headers: { 'x-csrf-token': csrfToken },
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ written: true });
  });

  it('lets a write without a session cookie through to the route (its authentication decides)', async () => {
    const answer = await t.browser().request('/api/test-write', { method: 'POST' });
    expect(answer.status).toBe(200);
  });

  it('answers 401 for a CSRF token without a session', async () => {
    expect((await t.browser().request('/api/auth/csrf')).status).toBe(401);
  });
});

describe('logout', () => {
  it('clears the session cookie and names the provider logout to a fetch', async () => {
    const browser = await signedInBrowser();
    const answer = await browser.request('/api/auth/logout', {
      headers: { accept: 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(answer.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=;`))).toMatch(
      /Max-Age=0/,
    );
    expect(browser.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
    const body = JSON.parse(answer.body) as { loggedOut: boolean; logoutUrl: string };
    expect(body.loggedOut).toBe(true);
    expect(body.logoutUrl.startsWith(`${t.base}/idp/session/end?`)).toBe(true);
  });

  it('ends the provider session too when a page navigates there', async () => {
    const browser = await signedInBrowser();
    const hops = await browser.follow('/api/auth/logout', { headers: { accept: 'text/html' } });
    expect(hops[0]?.status).toBe(302);
    expect(browser.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
    const confirm = hops[hops.length - 1];
    expect(confirm?.body).toContain('Sign out');
    // The confirmation form carries the provider's anti-forgery field; the button adds logout=yes.
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm?.body ?? '')?.[1] ?? '';
    const done = await browser.follow(formAction(confirm?.body ?? ''), {
      form: { xsrf, logout: 'yes' },
    });
    expect(done[done.length - 1]?.url).toBe(`${t.base}/login`);
    // Signing in again needs the password again: the provider session is gone.
    const again = await browser.follow('/api/auth0/login');
    expect(again[again.length - 1]?.body).toContain('<button type="submit">Sign in</button>');
  });
});

describe('rate limit on sign-in, and logout without a provider logout', () => {
  let saml: IdentityTestApp;
  beforeAll(async () => {
    saml = await startIdentityApp({
      auth0Enabled: false,
      saml: {
        entryPoint: 'https://idp.example.edu/sso',
        idpCert: (await generateSigningKey('rate-limit-idp')).cert,
        issuer: 'urn:allot:sp',
      },
      signInRateLimit: { max: 3, timeWindowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await saml.close();
  });

  it('answers 429 after the allowed number of sign-in attempts', async () => {
    const browser = saml.browser();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await browser.request('/api/auth/saml')).status);
    expect(statuses).toEqual([302, 302, 302, 429, 429]);
    // Other routes are not limited.
    expect((await browser.request('/api/app-info')).status).toBe(200);
  });

  it('sends a page to /login and a fetch a null logoutUrl', async () => {
    const browser = saml.browser();
    const page = await browser.request('/api/auth/logout', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(302);
    expect(page.location).toBe(`${saml.base}/login`);
    const fetched = await browser.request('/api/auth/logout');
    expect(JSON.parse(fetched.body)).toEqual({ loggedOut: true, logoutUrl: null });
  });
});
