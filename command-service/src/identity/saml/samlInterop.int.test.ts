// @allot-needs simplesamlphp
// Allot's SAML sign-in against a real, independently written IdP: SimpleSAMLphp from Debian's
// packages. Each case starts the identity routes with the settings it needs and registers them
// at the IdP; a cookie jar goes through the IdP's login form as a browser would.
import { SESSION_COOKIE_NAME } from '@allot/shared-events';
import type { SamlOptions } from '../options.js';
import type { TestBrowser } from '../testing/browser.js';
import { startIdentityApp, type IdentityTestApp } from '../testing/identityTestApp.js';
import { generateSigningKey, type KeyPair } from '../testing/samlTestIdp.js';
import {
  followAll,
  passIdpLogin,
  startSimpleSamlPhp,
  type RunningSimpleSamlPhp,
  type SspServiceProvider,
  type SspUser,
} from '../testing/simpleSamlPhp.js';
import type { InMemoryUser } from '../userDirectory.js';
import { createInMemorySignInState, type SignInStateStore } from './signInState.js';

const SP_ENTITY_ID = 'https://allot.example.edu/api/auth/saml/metadata';

const person = (username: string, attributes: Record<string, string[]>): SspUser => ({
  username,
  password: `${username}-password`,
  attributes,
});
const ALICE = person('alice', {
  uid: ['alice'],
  mail: ['alice@example.edu'],
  givenName: ['Alice'],
  sn: ['Liddell'],
});
/** Known to the campus only by her eduPersonPrincipalName. */
const ERIN = person('erin', { eduPersonPrincipalName: ['erin@campus.example.edu'] });
const ZED = person('zed', { uid: ['zed'], mail: ['zed@example.edu'] });
/** uid names one Allot user, mail another. */
const TWIN = person('twin', { uid: ['alice'], mail: ['bob@example.edu'] });

const KNOWN: readonly InMemoryUser[] = [
  { id: 'u-alice', displayName: 'Alice Liddell', username: 'alice', email: 'alice@example.edu' },
  { id: 'u-bob', displayName: 'Bob Builder', username: 'bob', email: 'bob@example.edu' },
  { id: 'u-erin', displayName: 'Erin Eppn', username: 'erin@campus.example.edu' },
];

let ssp: RunningSimpleSamlPhp;
let spKey: KeyPair;
let running: IdentityTestApp[] = [];

beforeAll(async () => {
  spKey = await generateSigningKey('allot-sp');
  ssp = await startSimpleSamlPhp({
    sp: {
      entityId: SP_ENTITY_ID,
      acsUrl: 'http://127.0.0.1:1/unused',
      signResponse: true,
      signAssertion: true,
      encryptAssertion: false,
      nameIdFormat: 'transient',
    },
    users: [ALICE, ERIN, ZED, TWIN],
  });
});
afterEach(async () => {
  await Promise.all(running.map((t) => t.close()));
  running = [];
});
afterAll(() => ssp?.stop());

interface Setup {
  saml?: Partial<SamlOptions>;
  idp?: Partial<SspServiceProvider>;
  state?: SignInStateStore;
  port?: number;
}

/** Allot's identity routes with these settings, registered at the IdP. */
async function allot(setup: Setup = {}): Promise<IdentityTestApp> {
  const t = await startIdentityApp({
    auth0Enabled: false,
    knownUsers: KNOWN,
    ...(setup.port ? { port: setup.port } : {}),
    saml: {
      entryPoint: ssp.ssoUrl,
      idpCert: ssp.cert,
      idpIssuer: ssp.entityId,
      logoutUrl: ssp.sloUrl,
      issuer: SP_ENTITY_ID,
      spKey,
      state: setup.state ?? createInMemorySignInState(),
      ...setup.saml,
    },
  });
  running.push(t);
  await ssp.setServiceProvider({
    entityId: SP_ENTITY_ID,
    acsUrl: `${t.base}/api/auth/saml/callback`,
    sloUrl: `${t.base}/api/auth/saml/logout`,
    cert: spKey.cert,
    signResponse: true,
    signAssertion: false,
    encryptAssertion: false,
    nameIdFormat: 'transient',
    ...setup.idp,
  });
  return t;
}

/** Log In at Allot, through the IdP's form, and the IdP's answer posted back to Allot. */
async function signIn(t: IdentityTestApp, user: SspUser, browser = t.browser(), origin = '/') {
  const form = await passIdpLogin(
    browser,
    `/api/auth/saml?origin=${encodeURIComponent(origin)}`,
    user,
    ssp.logFile,
  );
  expect(form.action).toBe(`${t.base}/api/auth/saml/callback`);
  const answer = await browser.request(form.action, { form: form.fields });
  return { browser, answer, form };
}

function signedInAs(t: IdentityTestApp, browser: TestBrowser): string | undefined {
  return t.sessionCodec.decode(browser.cookies.get(SESSION_COOKIE_NAME)?.value ?? '')?.userId;
}

/** Why the last SAML answer was refused, as the log says. */
function lastRefusal(t: IdentityTestApp): string {
  const line = [...t.logs].reverse().find((l) => l.includes('SAML response refused')) ?? '{}';
  return String((JSON.parse(line) as { err?: { message?: string } }).err?.message);
}

const signatures = (samlResponse: string) => {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const start = xml.search(/<(\w+:)?(Assertion|EncryptedAssertion)\b/);
  const count = (s: string) => (s.match(/<(\w+:)?Signature\b/g) ?? []).length;
  return { response: count(xml.slice(0, start)), assertion: count(xml.slice(start)) };
};

describe('SAML sign-in with SimpleSAMLphp', () => {
  it('publishes metadata the IdP can load: entity id, POST consumer, logout, certificates', async () => {
    const t = await allot({ saml: { issuer: undefined } });
    const answer = await t.browser().request('/api/auth/saml/metadata');
    expect(answer.status).toBe(200);
    const xml = answer.body;
    // Without SAML_ISSUER the entity id is the metadata URL itself.
    expect(xml).toContain(`entityID="${t.base}/api/auth/saml/metadata"`);
    expect(xml).toContain(
      `<md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${t.base}/api/auth/saml/callback"`,
    );
    expect(xml).toContain(`Location="${t.base}/api/auth/saml/logout"`);
    expect(xml).toContain('<md:KeyDescriptor use="signing">');
    expect(xml).toContain('<md:KeyDescriptor use="encryption">');
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:nameid-format:transient');
    expect(xml).toContain('urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress');
  });

  it('signs in with only the response signed, and logs who arrived', async () => {
    const t = await allot({ idp: { signResponse: true, signAssertion: false } });
    const { browser, answer, form } = await signIn(t, ALICE, undefined, '/mySchedule');
    expect(signatures(form.fields['SAMLResponse'] ?? '')).toEqual({ response: 1, assertion: 0 });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${t.base}/mySchedule`);
    expect(signedInAs(t, browser)).toBe('u-alice');
    expect(t.logs.join('\n')).toContain('Sign-in through SAML as alice@example.edu: found');
  });

  it('signs in with only the assertion signed', async () => {
    const t = await allot({ idp: { signResponse: false, signAssertion: true } });
    const { browser, answer, form } = await signIn(t, ALICE);
    expect(signatures(form.fields['SAMLResponse'] ?? '')).toEqual({ response: 0, assertion: 1 });
    expect(answer.status).toBe(303);
    expect(signedInAs(t, browser)).toBe('u-alice');
  });

  it('refuses an answer with no signature at all', async () => {
    const t = await allot({ idp: { signResponse: false, signAssertion: false } });
    const { browser, answer } = await signIn(t, ALICE);
    expect(answer.status).toBe(403);
    expect(lastRefusal(t)).toMatch(/signature/i);
    expect(signedInAs(t, browser)).toBeUndefined();
  });

  it('refuses a response signed only once when both signatures are required', async () => {
    const t = await allot({ saml: { signed: 'both' }, idp: { signAssertion: false } });
    const { answer } = await signIn(t, ALICE);
    expect(answer.status).toBe(403);
    expect(lastRefusal(t)).toMatch(/signature/i);
  });

  it('decrypts an encrypted assertion with its own key', async () => {
    const t = await allot({ idp: { encryptAssertion: true, signAssertion: true } });
    const { browser, answer, form } = await signIn(t, ALICE);
    const xml = Buffer.from(form.fields['SAMLResponse'] ?? '', 'base64').toString('utf8');
    expect(xml).toContain('EncryptedAssertion');
    expect(xml).not.toContain('alice@example.edu');
    expect(answer.status).toBe(303);
    expect(signedInAs(t, browser)).toBe('u-alice');
  });

  it('refuses SHA-1 signatures unless they are allowed', async () => {
    const refused = await allot({ idp: { signatureAlgorithm: 'sha1' } });
    const first = await signIn(refused, ALICE);
    expect(first.answer.status).toBe(403);
    expect(lastRefusal(refused)).toMatch(/SHA-1 signatures are refused/);
    const allowed = await allot({ saml: { allowSha1: true }, idp: { signatureAlgorithm: 'sha1' } });
    const second = await signIn(allowed, ALICE);
    expect(second.answer.status).toBe(303);
  });

  it('signs its sign-in requests for an IdP that demands it', async () => {
    const unsigned = await allot({ idp: { validateAuthnRequest: true } });
    await expect(passIdpLogin(unsigned.browser(), '/api/auth/saml', ALICE)).rejects.toThrow(
      /Unhandled exception|no signature found/,
    );
    const signed = await allot({
      saml: { signRequests: true },
      idp: { validateAuthnRequest: true },
    });
    const start = await signed.browser().request('/api/auth/saml');
    expect(new URL(start.location ?? '').searchParams.get('SigAlg')).toBe(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    );
    const { answer } = await signIn(signed, ALICE);
    expect(answer.status).toBe(303);
    const metadata = await signed.browser().request('/api/auth/saml/metadata');
    expect(metadata.body).toContain('AuthnRequestsSigned="true"');
  });

  it('takes emailAddress and transient NameIDs alike: people are matched by attributes', async () => {
    const email = await allot({ idp: { nameIdFormat: 'emailAddress', nameIdAttribute: 'mail' } });
    const byEmail = await signIn(email, ALICE);
    expect(signedInAs(email, byEmail.browser)).toBe('u-alice');
    const transient = await allot({ idp: { nameIdFormat: 'transient' } });
    const byTransient = await signIn(transient, ALICE);
    expect(signedInAs(transient, byTransient.browser)).toBe('u-alice');
  });

  it('matches a person known only by eduPersonPrincipalName once the mapping says so', async () => {
    const unmapped = await allot();
    const refused = await signIn(unmapped, ERIN);
    expect(refused.answer.status).toBe(403);
    const mapped = await allot({ saml: { attributes: { username: ['eduPersonPrincipalName'] } } });
    const accepted = await signIn(mapped, ERIN);
    expect(accepted.answer.status).toBe(303);
    expect(signedInAs(mapped, accepted.browser)).toBe('u-erin');
  });

  it('tells an unknown person which identity arrived and offers to sign in as someone else', async () => {
    const t = await allot();
    const { browser, answer } = await signIn(t, ZED);
    expect(answer.status).toBe(403);
    expect(answer.body).toContain(
      'You signed in as zed@example.edu, but no active user of this application has that username or e-mail address.',
    );
    expect(t.logs.join('\n')).toContain('Sign-in through SAML as zed@example.edu: none');
    // The way out of the loop: log out of the IdP, so that Log In asks for an account again.
    const link = /href="([^"]*)">Sign in as someone else/.exec(answer.body)?.[1] ?? '';
    expect(link).toBe('/api/auth/saml/logout?switch=1');
    const hops = await followAll(browser, `${t.base}${link}`);
    expect(hops.at(-1)?.url).toBe(`${t.base}/login`);
    const again = (await followAll(browser, '/api/auth/saml')).at(-1);
    expect(again?.body).toMatch(/name="password"/);
  });

  it('refuses a person who matches two users, saying so', async () => {
    const t = await allot();
    const { browser, answer } = await signIn(t, TWIN);
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('matches more than one user of this application');
    // Their own identity is named; the users it matches are not.
    expect(answer.body).toContain('You signed in as bob@example.edu');
    expect(answer.body).not.toMatch(/Alice|Liddell|u-alice|u-bob/);
    expect(signedInAs(t, browser)).toBeUndefined();
  });

  it('accepts IdP-initiated sign-in only when switched on, each answer once', async () => {
    const off = await allot();
    const offForm = await passIdpLogin(
      off.browser(),
      ssp.idpInitiatedUrl(SP_ENTITY_ID, '/'),
      ALICE,
    );
    const offAnswer = await off.browser().request(offForm.action, { form: offForm.fields });
    expect(offAnswer.status).toBe(403);
    expect(lastRefusal(off)).toMatch(/InResponseTo is missing/);

    const on = await allot({ saml: { idpInitiated: true } });
    const browser = on.browser();
    const form = await passIdpLogin(
      browser,
      ssp.idpInitiatedUrl(SP_ENTITY_ID, '/myWorkload'),
      ALICE,
    );
    const answer = await browser.request(form.action, { form: form.fields });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`${on.base}/myWorkload`);
    expect(signedInAs(on, browser)).toBe('u-alice');
    const replay = await on.browser().request(form.action, { form: form.fields });
    expect(replay.status).toBe(403);
    expect(lastRefusal(on)).toMatch(/already used/);
  });

  it('logs out of the IdP too (SP-initiated single logout)', async () => {
    const t = await allot();
    const { browser } = await signIn(t, ALICE);
    // Log Out in the app's menu: a page navigation (the app's fetch gets the same address as JSON).
    const logout = await browser.request('/api/auth/logout', { headers: { accept: 'text/html' } });
    // Allot → the IdP's logout → back to Allot with the IdP's answer → the login page.
    expect(logout.location?.startsWith(`${ssp.sloUrl}?SAMLRequest=`)).toBe(true);
    const hops = await followAll(browser, logout.location ?? '');
    expect(hops.some((h) => h.url.startsWith(`${t.base}/api/auth/saml/logout?SAMLResponse=`))).toBe(
      true,
    );
    expect(hops.at(-1)?.url).toBe(`${t.base}/login`);
    expect(browser.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
    expect([...t.users.endedSessions]).toEqual([expect.stringMatching(/^u-alice\//)]);
    expect(t.logs.join('\n')).not.toContain('SAML logout response refused');
    // On a shared computer, Log In now asks for a password instead of signing the last person in.
    const again = (await followAll(browser, '/api/auth/saml')).at(-1);
    expect(again?.body).toMatch(/name="password"/);
  });

  it('ends the session when the IdP logs the person out (IdP-initiated single logout)', async () => {
    const t = await allot();
    const { browser } = await signIn(t, ALICE);
    const sid = t.sessionCodec.decode(browser.cookies.get(SESSION_COOKIE_NAME)?.value ?? '')?.sid;
    // The person logs out at the campus portal: the IdP sends a LogoutRequest to Allot.
    const hops = await followAll(
      browser,
      `${ssp.baseUrl}/saml2/idp/initSLO.php?RelayState=${encodeURIComponent(`${ssp.baseUrl}/logged-out`)}`,
    );
    const atAllot = hops.find((h) =>
      h.url.startsWith(`${t.base}/api/auth/saml/logout?SAMLRequest=`),
    );
    expect(atAllot?.status).toBe(302);
    expect(atAllot?.location?.startsWith(`${ssp.sloUrl}?SAMLResponse=`)).toBe(true);
    expect([...t.users.endedSessions]).toEqual([`u-alice/${String(sid)}`]);
    expect(browser.cookies.has(SESSION_COOKIE_NAME)).toBe(false);
  });

  it('refuses an unsigned logout request: nobody can log another person out by naming them', async () => {
    const t = await allot({ idp: { signLogout: false } });
    const { browser } = await signIn(t, ALICE);
    const hops = await followAll(
      browser,
      `${ssp.baseUrl}/saml2/idp/initSLO.php?RelayState=${encodeURIComponent(`${ssp.baseUrl}/logged-out`)}`,
    );
    const atAllot = hops.find((h) =>
      h.url.startsWith(`${t.base}/api/auth/saml/logout?SAMLRequest=`),
    );
    expect(atAllot?.status).toBe(403);
    expect(t.users.endedSessions.size).toBe(0);
  });

  it('finishes a sign-in on another node (or after a restart) that shares the pending requests', async () => {
    const state = createInMemorySignInState();
    const first = await allot({ state });
    const browser = first.browser();
    const form = await passIdpLogin(browser, '/api/auth/saml', ALICE);
    // The node that sent the request is gone; another one at the same address answers.
    const { port } = new URL(first.base);
    await first.close();
    running = running.filter((t) => t !== first);
    const second = await allot({ state, port: Number(port) });
    const answer = await browser.request(form.action, { form: form.fields });
    expect(answer.status).toBe(303);
    expect(signedInAs(second, browser)).toBe('u-alice');
  });
});
