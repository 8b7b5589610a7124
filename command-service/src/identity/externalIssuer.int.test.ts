import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { SESSION_COOKIE_NAME } from '@allot/shared-events';
import { formAction, type Hop, type TestBrowser } from './testing/browser.js';
import { freePort, startIdentityApp, type IdentityTestApp } from './testing/identityTestApp.js';

// Any OIDC issuer by configuration: a separate oidc-provider on its own port, with a public client
// (no secret, PKCE only) and its stock development login and consent pages.
let t: IdentityTestApp;
let issuerServer: Server;

beforeAll(async () => {
  const issuerPort = await freePort();
  const issuer = `http://127.0.0.1:${issuerPort}`;
  t = await startIdentityApp({
    auth0Enabled: true,
    withBase: (base) => {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: 'allot-public',
            token_endpoint_auth_method: 'none',
            redirect_uris: [`${base}/api/auth0/callback`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
      });
      issuerServer = provider.listen(issuerPort, '127.0.0.1');
      return { oidc: { issuer, clientId: 'allot-public' } };
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => issuerServer.close(resolve));
});

/** Follows redirects across both sites until a page answers. */
async function followAll(browser: TestBrowser, first: Hop): Promise<Hop[]> {
  const hops = [first];
  let hop = first;
  while (hop.location && hop.status >= 300 && hop.status < 400 && hops.length < 12) {
    hop = await browser.request(hop.location);
    hops.push(hop);
  }
  return hops;
}

it('signs in through an external issuer found by discovery', async () => {
  const browser = t.browser();
  const toLogin = await followAll(
    browser,
    await browser.request('/api/auth0/login?origin=/myWorkload'),
  );
  const loginPage = toLogin[toLogin.length - 1];
  const loginUrl = new URL(formAction(loginPage?.body ?? ''), loginPage?.url);
  const toConsent = await followAll(
    browser,
    await browser.request(loginUrl.toString(), {
      form: { prompt: 'login', login: 'kc-0001', password: 'x' },
    }),
  );
  const consentPage = toConsent[toConsent.length - 1];
  const consentUrl = new URL(formAction(consentPage?.body ?? ''), consentPage?.url);
  const back = await followAll(
    browser,
    await browser.request(consentUrl.toString(), { form: { prompt: 'consent' } }),
  );
  const callback = back.find((h) => h.url.startsWith(`${t.base}/api/auth0/callback`));
  expect(callback?.status).toBe(303);
  expect(callback?.location).toBe(`${t.base}/myWorkload`);
  expect(t.sessionCodec.decode(browser.cookies.get(SESSION_COOKIE_NAME)?.value ?? '')?.userId).toBe(
    'user-external',
  );
  const info = JSON.parse((await browser.request('/api/app-info')).body) as unknown;
  expect(info).toEqual({ strategyExists: true, error: '', featureFlags: { auth0Enabled: true } });
});
