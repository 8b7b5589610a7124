// @allot-needs simplesamlphp
// Campus single sign-on as a university switches it on: Allot started as `npm start` starts it,
// configured only through SAML_* variables, against SimpleSAMLphp from Debian's packages, driven
// in Chromium. Allot's own key pair is generated into its data folder and registered at the IdP
// from the metadata Allot publishes, as an IdP administrator would.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  startSimpleSamlPhp,
  type RunningSimpleSamlPhp,
  type SspUser,
} from '../command-service/src/identity/testing/simpleSamlPhp.js';
import { freePort } from '../command-service/src/identity/testing/identityTestApp.js';
import { startAllotProcess, type AllotProcess } from './allotProcess.js';
import { launchChromium, watchForProblems } from './browser.js';

const ALICE: SspUser = {
  username: 'alice',
  password: 'alice-password',
  attributes: {
    uid: ['alice'],
    mail: ['alice.liddell@example.edu'],
    givenName: ['Alice'],
    sn: ['Liddell'],
    eduPersonEntitlement: ['urn:mace:example.edu:allot:admin'],
  },
};
const BRUNO: SspUser = {
  username: 'bruno',
  password: 'bruno-password',
  attributes: {
    uid: ['bruno'],
    mail: ['bruno.vega@example.edu'],
    givenName: ['Bruno'],
    sn: ['Vega'],
  },
};
/** No e-mail address: nobody matches, and no user can be made from the answer. */
const NOMAIL: SspUser = {
  username: 'nomail',
  password: 'nomail-password',
  attributes: { uid: ['nomail'] },
};

let ssp: RunningSimpleSamlPhp;
let browser: Browser;
let dataDir: string;
let port: number;
let base: string;
let allot: AllotProcess | null = null;
const contexts: BrowserContext[] = [];

/** Starts Allot as `npm start` does, with SAML from the environment; resolves once it listens. */
async function startAllot(): Promise<void> {
  allot = await startAllotProcess({
    dataDir,
    env: {
      ALLOT_DEMO_DATA: 'off',
      PORT: String(port),
      ALLOT_PUBLIC_URL: base,
      SAML_IDP_METADATA_URL: ssp.metadataUrl,
      SAML_IDP_INITIATED: 'true',
      SAML_CREATE_USERS: 'true',
      SAML_ROLES_FROM: 'eduPersonEntitlement',
    },
    // The banner's sign-in line follows the address.
    ready: /Allot is running at[\s\S]*Sign-in: .*\n/,
    timeoutMs: 180_000,
  });
  // The start says how people sign in, and that the demo provider gave way.
  expect(allot.output()).toContain(`Sign-in: SAML through ${ssp.metadataUrl}`);
  expect(allot.output()).toContain('the demo identity provider is off because SAML is configured');
}

async function stopAllot(): Promise<void> {
  const running = allot;
  allot = null;
  await running?.stop();
}

beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${String(port)}`;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-e2e-saml-'));
  ssp = await startSimpleSamlPhp({
    sp: {
      entityId: 'pending',
      acsUrl: 'http://127.0.0.1:1/pending',
      signResponse: true,
      signAssertion: true,
      encryptAssertion: false,
      nameIdFormat: 'transient',
    },
    users: [ALICE, BRUNO, NOMAIL],
  });
  await startAllot();
  // What the IdP administrator registers: Allot's metadata (entity id, endpoints, certificate).
  const metadata = await (await fetch(`${base}/api/auth/saml/metadata`)).text();
  const certificate = /<ds:X509Certificate>([^<]+)</.exec(metadata)?.[1] ?? '';
  const generated = await readFile(path.join(dataDir, 'saml', 'sp-cert.pem'), 'utf8');
  expect(generated.replace(/-----[A-Z ]+-----|\s/g, '')).toBe(certificate);
  await ssp.setServiceProvider({
    entityId: /entityID="([^"]+)"/.exec(metadata)?.[1] ?? '',
    acsUrl: `${base}/api/auth/saml/callback`,
    sloUrl: `${base}/api/auth/saml/logout`,
    cert: generated,
    // As many campus IdPs do: only the assertion signed, and encrypted to Allot.
    signResponse: false,
    signAssertion: true,
    encryptAssertion: true,
    nameIdFormat: 'transient',
  });
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await stopAllot();
  await ssp?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

async function newPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  return { page, problems: watchForProblems(page) };
}

/** At the IdP's login form: the person types their campus password. */
async function typeCampusPassword(page: Page, user: SspUser): Promise<void> {
  await page.locator('input[name="username"]').fill(user.username);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('input[name="password"]').press('Enter');
}

async function logInFromLoginPage(page: Page, user: SspUser): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.locator('input[name="password"]').waitFor();
  await typeCampusPassword(page, user);
}

test('a person signs in with their campus account, and Allot creates their user with the roles the IdP names', async () => {
  const { page } = await newPage();
  await logInFromLoginPage(page, ALICE);
  await page.waitForURL(`${base}/`);
  await page.getByText('Alice Liddell').first().waitFor();
  // The entitlement made her an administrator: the Users page is hers to open.
  await page.goto(`${base}/users`);
  await page.getByText('alice.liddell@example.edu').waitFor();
  await page.screenshot({ path: 'docs/screenshots/campus-sign-in-signed-in.png' });
});

test('Log Out also logs out of the campus IdP: on a shared computer Log In asks for a password again', async () => {
  const { page } = await newPage();
  await logInFromLoginPage(page, BRUNO);
  await page.waitForURL(`${base}/`);
  await page.getByRole('button', { name: 'Account menu for Bruno Vega' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(`${base}/login`);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.locator('input[name="password"]').waitFor();
  expect(new URL(page.url()).origin).toBe(new URL(ssp.baseUrl).origin);
});

test('a sign-in survives a restart of Allot between the request and the IdP’s answer', async () => {
  const { page } = await newPage();
  await page.goto(`${base}/login`);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.locator('input[name="password"]').waitFor();
  await stopAllot();
  await startAllot();
  await typeCampusPassword(page, BRUNO);
  await page.waitForURL(`${base}/`);
  await page.getByText('Bruno Vega').first().waitFor();
});

test('someone Allot cannot place learns why, and can sign in as someone else', async () => {
  const { page } = await newPage();
  await logInFromLoginPage(page, NOMAIL);
  await page.getByRole('heading', { name: 'Sign-in failed' }).waitFor();
  await page
    .getByText(
      'You signed in as nomail, but no active user of this application has that username or e-mail address.',
    )
    .waitFor();
  await page.screenshot({ path: 'docs/screenshots/campus-sign-in-refused.png' });
  await page.getByRole('link', { name: 'Sign in as someone else' }).click();
  await page.waitForURL(`${base}/login`);
  await page.getByRole('button', { name: 'Log In' }).click();
  // Not signed straight back in as the same account: the IdP asks again.
  await page.locator('input[name="password"]').waitFor();
  await typeCampusPassword(page, BRUNO);
  await page.waitForURL(`${base}/`);
  await page.getByText('Bruno Vega').first().waitFor();
});

test('a portal tile (IdP-initiated sign-in) opens Allot signed in; logging out at the portal ends it', async () => {
  const { page, problems } = await newPage();
  await page.goto(ssp.idpInitiatedUrl((await entityId()) ?? '', '/myWorkload'));
  await typeCampusPassword(page, ALICE);
  await page.waitForURL(`${base}/myWorkload`);
  // Logging out at the campus portal reaches Allot too: the IdP's logout request passes through.
  const heard = page.waitForResponse((r) =>
    r.url().startsWith(`${base}/api/auth/saml/logout?SAMLRequest=`),
  );
  await page.goto(
    // Where the portal goes afterwards: its own page (SimpleSAMLphp trusts only its own host).
    `${ssp.baseUrl}/saml2/idp/initSLO.php?RelayState=${encodeURIComponent(`${ssp.baseUrl}/`)}`,
  );
  expect((await heard).status()).toBe(302);
  await page.goto(`${base}/myWorkload`);
  await page.waitForURL((url) => url.pathname === '/login');
  // Allot answered nothing amiss (the portal's own pages are not Allot's to judge; a request the
  // page's leaving for the portal cut short is not an answer, nor is the realtime connection's
  // poll that the logout's closing of its socket.io session answered 400, "Session ID unknown").
  expect(
    problems.filter(
      (p) =>
        p.includes(base) &&
        !p.includes('HTTP 401') &&
        !p.includes('net::ERR_ABORTED') &&
        !(p.includes('HTTP 400') && p.includes('/api/socket.io/')),
    ),
  ).toEqual([]);
});

async function entityId(): Promise<string | undefined> {
  const metadata = await (await fetch(`${base}/api/auth/saml/metadata`)).text();
  return /entityID="([^"]+)"/.exec(metadata)?.[1];
}
