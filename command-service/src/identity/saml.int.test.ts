import { SESSION_COOKIE_NAME } from '@allot/shared-events';
import { startIdentityApp, type IdentityTestApp } from './testing/identityTestApp.js';
import type { SamlOptions } from './options.js';
import {
  generateSigningKey,
  TestSamlIdp,
  type KeyPair,
  type TestSamlIdpOptions,
} from './testing/samlTestIdp.js';

const SSO_URL = 'http://127.0.0.1:9/idp/sso';
const SP_ENTITY_ID = 'urn:allot:test-sp';

let t: IdentityTestApp;
let idp: TestSamlIdp;
let forgerKey: KeyPair;
let samlOptions: SamlOptions;
let idpOptions: TestSamlIdpOptions;

beforeAll(async () => {
  const [idpKey, otherKey] = await Promise.all([
    generateSigningKey('test-idp'),
    generateSigningKey('forger'),
  ]);
  forgerKey = otherKey;
  samlOptions = {
    entryPoint: SSO_URL,
    idpCert: idpKey.cert,
    issuer: SP_ENTITY_ID,
    idpIssuer: 'urn:test:idp',
  };
  t = await startIdentityApp({ auth0Enabled: false, saml: samlOptions });
  idpOptions = {
    entityId: 'urn:test:idp',
    ssoUrl: SSO_URL,
    key: idpKey,
    spEntityId: SP_ENTITY_ID,
    acsUrl: `${t.base}/api/auth/saml/callback`,
  };
  idp = new TestSamlIdp(idpOptions);
});
afterAll(async () => {
  await t.close();
});

/** Why the last SAML response was refused, as node-saml said it. */
function lastRefusal(): string {
  const line = [...t.logs].reverse().find((l) => l.includes('SAML response refused')) ?? '{}';
  return String((JSON.parse(line) as { err?: { message?: string } }).err?.message);
}

async function startSignIn(origin = '/') {
  const browser = t.browser();
  const start = await browser.request(`/api/auth/saml?origin=${encodeURIComponent(origin)}`);
  expect(start.status).toBe(302);
  expect(start.location?.startsWith(`${SSO_URL}?SAMLRequest=`)).toBe(true);
  return { browser, redirectUrl: start.location ?? '' };
}

describe('SAML sign-in', () => {
  it('accepts a signed response, sets the session and lands on the origin', async () => {
    const { browser, redirectUrl } = await startSignIn('/mySchedule');
    const form = await idp.respond(redirectUrl);
    const answer = await browser.request('/api/auth/saml/callback', { form });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${t.base}/mySchedule`);
    const cookie = answer.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE_NAME}=`)) ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(
      t.sessionCodec.decode(browser.cookies.get(SESSION_COOKIE_NAME)?.value ?? '')?.userId,
    ).toBe('user-faculty');
    expect(t.users.lastLogins.has('user-faculty')).toBe(true);
  });

  it('refuses a response signed with another key', async () => {
    const { browser, redirectUrl } = await startSignIn();
    const form = await idp.withKey(forgerKey).respond(redirectUrl);
    const answer = await browser.request('/api/auth/saml/callback', { form });
    expect(answer.status).toBe(403);
    expect(lastRefusal()).toMatch(/signature/i);
    expect(browser.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
  });

  it('refuses a response altered after signing', async () => {
    const { browser, redirectUrl } = await startSignIn();
    const form = await idp.respond(redirectUrl, { email: 'faculty@demo.allot.test' });
    const xml = Buffer.from(form.SAMLResponse, 'base64').toString('utf8');
    const altered = xml.replaceAll('faculty@demo.allot.test', 'admin@demo.allot.test');
    expect(altered).not.toBe(xml);
    const answer = await browser.request('/api/auth/saml/callback', {
      form: { ...form, SAMLResponse: Buffer.from(altered).toString('base64') },
    });
    expect(answer.status).toBe(403);
    expect(lastRefusal()).toMatch(/signature/i);
    expect(browser.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
  });

  it('refuses an expired response', async () => {
    const { browser, redirectUrl } = await startSignIn();
    const issuedAt = new Date(Date.now() - 60 * 60 * 1000);
    const form = await idp.respond(redirectUrl, {
      issuedAt,
      notOnOrAfter: new Date(issuedAt.getTime() + 5 * 60 * 1000),
    });
    const answer = await browser.request('/api/auth/saml/callback', { form });
    expect(answer.status).toBe(403);
    // node-saml checks the subject confirmation window first, then the Conditions.
    expect(lastRefusal()).toMatch(/expired|No valid subject confirmation/i);
  });

  it('accepts an IdP whose clock runs two minutes ahead (three are allowed unless configured)', async () => {
    const { browser, redirectUrl } = await startSignIn();
    const form = await idp.respond(redirectUrl, { issuedAt: new Date(Date.now() + 2 * 60_000) });
    const answer = await browser.request('/api/auth/saml/callback', { form });
    expect(answer.status).toBe(303);

    const strict = await startIdentityApp({
      auth0Enabled: false,
      saml: { ...samlOptions, acceptedClockSkewMs: 60_000 },
    });
    try {
      const strictIdp = new TestSamlIdp({
        ...idpOptions,
        acsUrl: `${strict.base}/api/auth/saml/callback`,
      });
      const start = await strict.browser().request('/api/auth/saml');
      const early = await strictIdp.respond(start.location ?? '', {
        issuedAt: new Date(Date.now() + 2 * 60_000),
      });
      const refused = await strict.browser().request('/api/auth/saml/callback', { form: early });
      expect(refused.status).toBe(403);
    } finally {
      await strict.close();
    }
  });

  it('refuses a replayed response', async () => {
    const { browser, redirectUrl } = await startSignIn();
    const form = await idp.respond(redirectUrl);
    expect((await browser.request('/api/auth/saml/callback', { form })).status).toBe(303);
    const replay = t.browser();
    const answer = await replay.request('/api/auth/saml/callback', { form });
    expect(answer.status).toBe(403);
    expect(lastRefusal()).toMatch(/InResponseTo/);
    expect(replay.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
  });

  it('falls back to / when RelayState names another site', async () => {
    const { browser, redirectUrl } = await startSignIn();
    const form = await idp.respond(redirectUrl);
    const answer = await browser.request('/api/auth/saml/callback', {
      form: { ...form, RelayState: 'https://evil.example/steal' },
    });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${t.base}/`);
  });

  it('answers 400 without a SAMLResponse', async () => {
    const answer = await t
      .browser()
      .request('/api/auth/saml/callback', { form: { RelayState: '/' } });
    expect(answer.status).toBe(400);
  });
});
