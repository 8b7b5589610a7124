// @allot-needs simplesamlphp
// Interop: node-saml (what Allot's SAML service provider is built on) against a real SimpleSAMLphp
// IdP, without a browser: a cookie jar follows SimpleSAMLphp's redirects, fills its UserPass login
// form and reads the SAMLResponse from the auto-post form (nothing listens on the ACS URL).
import { SAML, ValidateInResponseTo, type Profile, type SamlConfig } from '@node-saml/node-saml';
import { generate } from 'selfsigned';
import { TestBrowser } from './testing/browser.js';
import {
  startSimpleSamlPhp,
  type RunningSimpleSamlPhp,
  type SspServiceProvider,
  type SspUser,
} from './testing/simpleSamlPhp.js';

const SP_ENTITY_ID = 'urn:allot:simplesamlphp-interop-sp';
const ACS_URL = 'http://127.0.0.1:1/acs';
const SLO_URL = 'http://127.0.0.1:1/slo';
const NAMEID = {
  email: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
};
const ALICE: SspUser = {
  username: 'alice',
  password: 'alice-pass',
  attributes: {
    uid: ['alice'],
    mail: ['alice@example.org'],
    eduPersonPrincipalName: ['alice@example.org'],
    givenName: ['Alice'],
    sn: ['Liddell'],
  },
};
const BOB: SspUser = {
  username: 'bob',
  password: 'bob:pass with spaces',
  attributes: { uid: ['bob'], mail: ['bob@example.org'], givenName: ['Bob'], sn: ['Builder'] },
};

const baseSp: SspServiceProvider = {
  entityId: SP_ENTITY_ID,
  acsUrl: ACS_URL,
  sloUrl: SLO_URL,
  signResponse: true,
  signAssertion: true,
  encryptAssertion: false,
  nameIdFormat: 'emailAddress',
  nameIdAttribute: 'mail',
};

let ssp: RunningSimpleSamlPhp;
let spKey: { privateKey: string; cert: string };

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'allot-interop-sp' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 2 * 24 * 3600 * 1000),
  });
  spKey = { privateKey: pems.private, cert: pems.cert };
  ssp = await startSimpleSamlPhp({ sp: baseSp, users: [ALICE, BOB] });
});
afterAll(async () => {
  await ssp?.stop();
});

function sp(config: Partial<SamlConfig> = {}): SAML {
  return new SAML({
    entryPoint: ssp.ssoUrl,
    logoutUrl: ssp.sloUrl,
    idpCert: ssp.cert,
    idpIssuer: ssp.entityId,
    issuer: SP_ENTITY_ID,
    callbackUrl: ACS_URL,
    audience: SP_ENTITY_ID,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    validateInResponseTo: ValidateInResponseTo.always,
    ...config,
  });
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
};
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e.startsWith('#x') || e.startsWith('#X'))
      return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Named <input>s of a page (hidden ones included), entity-decoded. */
function formInputs(html: string): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/i.exec(tag)?.[1];
    if (name) inputs[name] = decodeEntities(/\bvalue="([^"]*)"/i.exec(tag)?.[1] ?? '');
  }
  return inputs;
}

function formActionOf(html: string, base: string): string {
  const action = /<form\b[^>]*\baction="([^"]*)"/i.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form on the page: ${html.slice(0, 500)}`);
  return new URL(decodeEntities(action), base).toString();
}

async function explain(html: string): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const log = await readFile(ssp.logFile, 'utf8').catch(() => '');
  return `page: ${html.replace(/\s+/g, ' ').slice(0, 1500)}\nlog tail: ${log.slice(-3000)}`;
}

/**
 * Follows `startUrl` (an AuthnRequest redirect or the IdP-initiated URL) through SimpleSAMLphp:
 * login form (fields username, password and the hidden AuthState, posted back to the form's own
 * URL), then the auto-post form to the ACS. Returns what the browser would post there.
 */
async function signIn(
  browser: TestBrowser,
  startUrl: string,
  user: { username: string; password: string } = ALICE,
): Promise<{ SAMLResponse: string; RelayState?: string }> {
  let page = (await browser.follow(startUrl)).at(-1)!;
  if (page.status !== 200) throw new Error(`status ${page.status}; ${await explain(page.body)}`);
  if (/name="password"/.test(page.body)) {
    const action = formActionOf(page.body, page.url);
    const fields = formInputs(page.body);
    page = (
      await browser.follow(action, {
        form: {
          AuthState: fields.AuthState ?? '',
          username: user.username,
          password: user.password,
        },
      })
    ).at(-1)!;
  }
  const fields = formInputs(page.body);
  if (page.status !== 200 || !fields.SAMLResponse) {
    throw new Error(`no SAMLResponse (status ${page.status}); ${await explain(page.body)}`);
  }
  expect(formActionOf(page.body, page.url)).toBe(ACS_URL);
  return {
    SAMLResponse: fields.SAMLResponse,
    ...(fields.RelayState !== undefined ? { RelayState: fields.RelayState } : {}),
  };
}

async function spInitiated(
  saml: SAML,
  user: SspUser = ALICE,
  relayState = 'relay-1',
): Promise<{ browser: TestBrowser; form: { SAMLResponse: string; RelayState?: string } }> {
  const url = await saml.getAuthorizeUrlAsync(relayState, undefined, {});
  expect(url.startsWith(`${ssp.ssoUrl}?SAMLRequest=`)).toBe(true);
  const browser = new TestBrowser(ssp.baseUrl);
  const form = await signIn(browser, url, user);
  expect(form.RelayState).toBe(relayState);
  return { browser, form };
}

const xmlOf = (form: { SAMLResponse: string }) =>
  Buffer.from(form.SAMLResponse, 'base64').toString('utf8');
/** Signatures directly in the Response (before its Assertion) and inside the Assertion. */
function signatures(xml: string): { response: number; assertion: number } {
  const start = xml.search(/<(\w+:)?(Assertion|EncryptedAssertion)\b/);
  const head = start < 0 ? xml : xml.slice(0, start);
  const count = (s: string) => (s.match(/<(\w+:)?Signature\b/g) ?? []).length;
  return { response: count(head), assertion: count(xml) - count(head) };
}

async function validate(saml: SAML, form: { SAMLResponse: string; RelayState?: string }) {
  const { profile, loggedOut } = await saml.validatePostResponseAsync({ ...form });
  expect(loggedOut).toBe(false);
  if (!profile) throw new Error('no profile');
  return profile;
}

describe('node-saml SP against a real SimpleSAMLphp IdP', () => {
  it('publishes IdP metadata with SSO, SLO and the signing certificate', async () => {
    const xml = await (await fetch(ssp.metadataUrl)).text();
    expect(xml).toContain(`entityID="${ssp.entityId}"`);
    expect(xml).toContain(`Location="${ssp.ssoUrl}"`);
    expect(xml).toContain(`Location="${ssp.sloUrl}"`);
    const certBody = ssp.cert.replace(/-----[^-]+-----|\s/g, '');
    expect(xml.replace(/\s/g, '')).toContain(certBody);
  });

  it('signed response only, email NameID from mail, attributes passed through', async () => {
    await ssp.setServiceProvider({ ...baseSp, signResponse: true, signAssertion: false });
    const saml = sp({ wantAuthnResponseSigned: true, wantAssertionsSigned: false });
    const { form } = await spInitiated(saml);
    expect(signatures(xmlOf(form))).toEqual({ response: 1, assertion: 0 });

    const profile = await validate(saml, form);
    expect(profile.issuer).toBe(ssp.entityId);
    expect(profile.nameID).toBe('alice@example.org');
    expect(profile.nameIDFormat).toBe(NAMEID.email);
    expect(profile.sessionIndex).toEqual(expect.any(String));
    expect(profile).toMatchObject({
      uid: 'alice',
      mail: 'alice@example.org',
      eduPersonPrincipalName: 'alice@example.org',
      givenName: 'Alice',
      sn: 'Liddell',
    });

    // The same response is refused by an SP that wants the assertion signed.
    await expect(
      sp({
        wantAssertionsSigned: true,
        validateInResponseTo: ValidateInResponseTo.never,
      }).validatePostResponseAsync({ ...form }),
    ).rejects.toThrow();
  });

  it('signed assertion only', async () => {
    await ssp.setServiceProvider({ ...baseSp, signResponse: false, signAssertion: true });
    const saml = sp({ wantAuthnResponseSigned: false, wantAssertionsSigned: true });
    const { form } = await spInitiated(saml);
    expect(signatures(xmlOf(form))).toEqual({ response: 0, assertion: 1 });
    expect((await validate(saml, form)).nameID).toBe('alice@example.org');

    await expect(
      sp({
        wantAuthnResponseSigned: true,
        validateInResponseTo: ValidateInResponseTo.never,
      }).validatePostResponseAsync({ ...form }),
    ).rejects.toThrow(/Invalid document signature/);
  });

  it('encrypted assertion, decrypted with the SP key', async () => {
    await ssp.setServiceProvider({
      ...baseSp,
      cert: spKey.cert,
      signResponse: true,
      signAssertion: true,
      encryptAssertion: true,
    });
    const saml = sp({ decryptionPvk: spKey.privateKey });
    const { form } = await spInitiated(saml);
    const xml = xmlOf(form);
    expect(xml).toMatch(/<(\w+:)?EncryptedAssertion\b/);
    expect(xml).not.toContain('alice@example.org');

    const profile = await validate(saml, form);
    expect(profile.nameID).toBe('alice@example.org');
    expect(profile.mail).toBe('alice@example.org');

    // Without the key node-saml cannot read it.
    await expect(
      sp({ validateInResponseTo: ValidateInResponseTo.never }).validatePostResponseAsync({
        ...form,
      }),
    ).rejects.toThrow();
  });

  it('transient NameID: a new opaque id on every sign-in', async () => {
    await ssp.setServiceProvider({
      ...baseSp,
      nameIdFormat: 'transient',
      nameIdAttribute: undefined,
    });
    const saml = sp({ identifierFormat: NAMEID.transient });
    const first = await validate(saml, (await spInitiated(saml)).form);
    const second = await validate(saml, (await spInitiated(saml)).form);
    expect(first.nameIDFormat).toBe(NAMEID.transient);
    expect(first.nameID).toMatch(/^_[0-9a-f]{20,}$/);
    expect(second.nameID).not.toBe(first.nameID);
    expect(first.mail).toBe('alice@example.org');
  });

  it('persistent NameID: the same opaque id on every sign-in, another for another user', async () => {
    await ssp.setServiceProvider({
      ...baseSp,
      nameIdFormat: 'persistent',
      nameIdAttribute: undefined,
    });
    const saml = sp({ identifierFormat: NAMEID.persistent });
    const first = await validate(saml, (await spInitiated(saml)).form);
    const again = await validate(saml, (await spInitiated(saml)).form);
    const bob = await validate(saml, (await spInitiated(saml, BOB)).form);
    expect(first.nameIDFormat).toBe(NAMEID.persistent);
    expect(first.nameID).toMatch(/^[0-9a-f]{40}$/);
    expect(again.nameID).toBe(first.nameID);
    expect(bob.nameID).not.toBe(first.nameID);
    expect(bob.mail).toBe('bob@example.org');
  });

  it('signed AuthnRequests required, rsa-sha1 signatures', async () => {
    await ssp.setServiceProvider({
      ...baseSp,
      cert: spKey.cert,
      validateAuthnRequest: true,
      signatureAlgorithm: 'sha1',
    });
    const saml = sp({ privateKey: spKey.privateKey, signatureAlgorithm: 'sha1' });
    const { form } = await spInitiated(saml);
    expect(xmlOf(form)).toContain(
      'SignatureMethod Algorithm="http://www.w3.org/2000/09/xmldsig#rsa-sha1"',
    );
    expect((await validate(saml, form)).nameID).toBe('alice@example.org');

    // An unsigned AuthnRequest is refused before any login form.
    const unsigned = await sp().getAuthorizeUrlAsync('', undefined, {});
    const page = (await new TestBrowser(ssp.baseUrl).follow(unsigned)).at(-1)!;
    expect(page.body).not.toMatch(/name="password"/);
    expect(page.body).not.toMatch(/name="SAMLResponse"/);
    // (SimpleSAMLphp 1.19 shows its error page with HTTP 200.)
    expect(page.body).toContain('Validation of received messages enabled, but no signature found');
  });

  it('IdP-initiated sign-in carries the RelayState and has no InResponseTo', async () => {
    await ssp.setServiceProvider({ ...baseSp, idpInitiatedRelayState: '/default-landing' });
    const url = ssp.idpInitiatedUrl(SP_ENTITY_ID, '/mySchedule');
    expect(url).toBe(
      `${ssp.ssoUrl}?spentityid=${encodeURIComponent(SP_ENTITY_ID)}&RelayState=%2FmySchedule`,
    );
    const form = await signIn(new TestBrowser(ssp.baseUrl), url);
    expect(form.RelayState).toBe('/mySchedule');
    expect(xmlOf(form)).not.toMatch(/InResponseTo=/);

    const profile = await validate(sp({ validateInResponseTo: ValidateInResponseTo.never }), form);
    expect(profile.nameID).toBe('alice@example.org');
    // An SP that only accepts answers to its own requests refuses it.
    await expect(sp().validatePostResponseAsync({ ...form })).rejects.toThrow(/InResponseTo/);

    // Without an explicit RelayState the SP's default is used.
    const fallback = await signIn(new TestBrowser(ssp.baseUrl), ssp.idpInitiatedUrl(SP_ENTITY_ID));
    expect(fallback.RelayState).toBe('/default-landing');
  });

  it('SP-initiated logout: LogoutRequest to SimpleSAMLphp, signed LogoutResponse back', async () => {
    await ssp.setServiceProvider(baseSp);
    const saml = sp({ logoutCallbackUrl: SLO_URL });
    const { browser, form } = await spInitiated(saml);
    const profile: Profile = await validate(saml, form);

    const logoutUrl = await saml.getLogoutUrlAsync(profile, 'after-logout', {});
    expect(logoutUrl.startsWith(`${ssp.sloUrl}?SAMLRequest=`)).toBe(true);
    const last = (await browser.follow(logoutUrl)).at(-1)!;
    if (!last.location?.startsWith(`${SLO_URL}?`)) {
      throw new Error(`no LogoutResponse (status ${last.status}); ${await explain(last.body)}`);
    }
    const back = new URL(last.location);
    expect(back.searchParams.get('RelayState')).toBe('after-logout');
    expect(back.searchParams.get('Signature')).toBeTruthy();
    const { loggedOut } = await saml.validateRedirectAsync(
      Object.fromEntries(back.searchParams),
      back.search.slice(1),
    );
    expect(loggedOut).toBe(true);

    // The IdP session is gone: the next sign-in asks for the password again.
    const again = await saml.getAuthorizeUrlAsync('', undefined, {});
    const page = (await browser.follow(again)).at(-1)!;
    expect(page.body).toMatch(/name="password"/);
  });
});
