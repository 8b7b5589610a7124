// A real SAML identity provider for interop tests: Debian's SimpleSAMLphp 1.19 (package
// `simplesamlphp`, with `php-cli` and `php-xml`) served by PHP's built-in web server on loopback.
// Everything it writes (config, metadata, IdP key pair, PHP sessions, logs) lives in one temp
// directory that stop() removes; the system's /etc/simplesamlphp is never read or touched.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

export const SIMPLESAMLPHP_DIR = '/usr/share/simplesamlphp';

/** True when Debian's simplesamlphp package (and the php binary to serve it) is installed. */
export function simpleSamlPhpInstalled(): boolean {
  return (
    fs.existsSync(path.join(SIMPLESAMLPHP_DIR, 'www', 'module.php')) && findPhp() !== undefined
  );
}

export interface SspServiceProvider {
  entityId: string;
  /** HTTP-POST assertion consumer. */
  acsUrl: string;
  /** SP single logout (HTTP-Redirect). */
  sloUrl?: string;
  /** SP certificate PEM: encryption + request-signature validation. */
  cert?: string;
  signResponse: boolean;
  signAssertion: boolean;
  encryptAssertion: boolean;
  nameIdFormat: 'emailAddress' | 'transient' | 'persistent' | 'unspecified';
  /** Attribute used as NameID for emailAddress/unspecified (e.g. 'mail'). */
  nameIdAttribute?: string;
  /** Require signed AuthnRequests (checked against `cert`). */
  validateAuthnRequest?: boolean;
  /** Default sha256. */
  signatureAlgorithm?: 'sha1' | 'sha256';
  /** RelayState of idpInitiatedUrl() when the call gives none. */
  idpInitiatedRelayState?: string;
  /** Sign LogoutRequests/LogoutResponses sent to the SP over HTTP-Redirect (default true). */
  signLogout?: boolean;
}

export interface SspUser {
  username: string;
  password: string;
  attributes: Record<string, string[]>;
}

export interface RunningSimpleSamlPhp {
  baseUrl: string;
  entityId: string;
  ssoUrl: string;
  sloUrl: string;
  metadataUrl: string;
  /** IdP signing certificate PEM. */
  cert: string;
  /** SimpleSAMLphp's own log (level DEBUG): read it when a flow fails. */
  logFile: string;
  /** SimpleSAMLphp's unsolicited SSO (saml2/idp/SSOService.php?spentityid=...). */
  idpInitiatedUrl(spEntityId: string, relayState?: string): string;
  /** Rewrites the SP metadata; takes effect on the next request, no restart. */
  setServiceProvider(sp: SspServiceProvider): Promise<void>;
  stop(): Promise<void>;
}

const NAMEID_FORMATS: Record<SspServiceProvider['nameIdFormat'], string> = {
  emailAddress: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  unspecified: 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  transient: 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  persistent: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
};
const SIGNATURE_ALGORITHMS = {
  sha1: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
  sha256: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
};
const BINDING_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const AUTH_SOURCE = 'test-userpass';
const LOG_DEBUG = 7; // SimpleSAML\Logger::DEBUG

function findPhp(): string | undefined {
  for (const dir of (process.env.PATH ?? '/usr/bin:/bin').split(path.delimiter)) {
    const candidate = path.join(dir, 'php');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Base64 body of a PEM certificate, as SimpleSAMLphp's `certData` wants it. */
function certData(pem: string): string {
  return pem
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '')
    .trim();
}

// The PHP files only load JSON written next to them: no PHP quoting of user-given strings.
const loadJson = (variable: string, file: string) =>
  `<?php\n$${variable} = json_decode(file_get_contents(__DIR__ . '/${file}'), true, 512, JSON_THROW_ON_ERROR);\n`;

async function writeAtomically(file: string, content: string): Promise<void> {
  const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await fsp.writeFile(tmp, content);
  await fsp.rename(tmp, file);
}

function spMetadata(sp: SspServiceProvider): Record<string, unknown> {
  if (sp.encryptAssertion && !sp.cert) {
    throw new Error(`SP ${sp.entityId}: encryptAssertion needs the SP certificate (cert).`);
  }
  if (sp.validateAuthnRequest && !sp.cert) {
    throw new Error(`SP ${sp.entityId}: validateAuthnRequest needs the SP certificate (cert).`);
  }
  const entry: Record<string, unknown> = {
    AssertionConsumerService: [{ Binding: BINDING_POST, Location: sp.acsUrl, index: 0 }],
    // SimpleSAMLphp 1.19's key is `saml20.sign.response` (not `sign.response`); both default true.
    'saml20.sign.response': sp.signResponse,
    'saml20.sign.assertion': sp.signAssertion,
    'assertion.encryption': sp.encryptAssertion,
    NameIDFormat: NAMEID_FORMATS[sp.nameIdFormat],
    'validate.authnrequest': sp.validateAuthnRequest ?? false,
    'signature.algorithm': SIGNATURE_ALGORITHMS[sp.signatureAlgorithm ?? 'sha256'],
    'sign.logout': sp.signLogout ?? true,
    // Send attribute names as given (uid, mail, ...), not urn:oid names.
    'attributes.NameFormat': 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
  };
  if (sp.nameIdAttribute) entry['simplesaml.nameidattribute'] = sp.nameIdAttribute;
  if (sp.sloUrl) entry.SingleLogoutService = [{ Binding: BINDING_REDIRECT, Location: sp.sloUrl }];
  if (sp.cert) entry.certData = certData(sp.cert);
  return { [sp.entityId]: entry };
}

async function waitUntilServing(
  url: string,
  php: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 15000;
  let lastError = '';
  while (Date.now() < deadline) {
    if (php.exitCode !== null || php.signalCode !== null) {
      throw new Error(
        `SimpleSAMLphp (php -S) exited with ${php.exitCode ?? php.signalCode} before serving: ${output()}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      const body = await res.text();
      if (res.ok && body.includes('EntityDescriptor')) return;
      lastError = `HTTP ${res.status}: ${body.slice(0, 500)}`;
    } catch (err) {
      lastError = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`SimpleSAMLphp did not serve ${url} within 15 s (${lastError}); ${output()}`);
}

export async function startSimpleSamlPhp(options: {
  sp: SspServiceProvider;
  users: SspUser[];
  port?: number;
}): Promise<RunningSimpleSamlPhp> {
  const php = findPhp();
  if (!fs.existsSync(path.join(SIMPLESAMLPHP_DIR, 'www', 'module.php')) || !php) {
    throw new Error(
      `SimpleSAMLphp is not installed (${SIMPLESAMLPHP_DIR} or php missing): apt-get install simplesamlphp php-cli php-xml`,
    );
  }
  for (const user of options.users) {
    if (user.username.includes(':')) {
      throw new Error(`SimpleSAMLphp user names cannot contain ':' (${user.username}).`);
    }
  }

  const root = await fsp.mkdtemp(path.join(os.tmpdir(), 'allot-simplesamlphp-'));
  let child: ChildProcess | undefined;
  try {
    const dirs = {
      config: path.join(root, 'config'),
      metadata: path.join(root, 'metadata'),
      cert: path.join(root, 'cert'),
      sessions: path.join(root, 'sessions'),
      tmp: path.join(root, 'tmp'),
      data: path.join(root, 'data'),
      log: path.join(root, 'log'),
    };
    await Promise.all(Object.values(dirs).map((d) => fsp.mkdir(d, { recursive: true })));

    const port = options.port ?? (await freePort());
    const baseUrl = `http://127.0.0.1:${port}`;
    const entityId = `${baseUrl}/saml2/idp/metadata.php`;

    const pems = await generate([{ name: 'commonName', value: 'simplesamlphp-test-idp' }], {
      keySize: 2048,
      notAfterDate: new Date(Date.now() + 2 * 24 * 3600 * 1000),
    });
    await fsp.writeFile(path.join(dirs.cert, 'idp.key'), pems.private, { mode: 0o600 });
    await fsp.writeFile(path.join(dirs.cert, 'idp.crt'), pems.cert);

    const config = {
      // A full URL: every link SimpleSAMLphp generates points at this loopback server.
      baseurlpath: `${baseUrl}/`,
      certdir: dirs.cert,
      loggingdir: dirs.log,
      datadir: dirs.data,
      tempdir: dirs.tmp,
      metadatadir: dirs.metadata,
      secretsalt: randomBytes(24).toString('hex'),
      'auth.adminpassword': randomBytes(24).toString('hex'),
      'admin.protectindexpage': false,
      'admin.protectmetadata': false,
      'admin.checkforupdates': false,
      technicalcontact_name: 'Allot tests',
      technicalcontact_email: 'tests@allot.invalid',
      timezone: 'UTC',
      showerrors: true,
      errorreporting: false,
      debug: { saml: false, backtraces: true, validatexml: false },
      'logging.level': LOG_DEBUG,
      'logging.handler': 'file',
      'logging.logfile': 'simplesamlphp.log',
      'logging.processname': 'simplesamlphp',
      'enable.saml20-idp': true,
      'enable.shib13-idp': false,
      'enable.adfs-idp': false,
      'module.enable': { exampleauth: true, core: true, saml: true },
      'session.duration': 8 * 3600,
      'session.cookie.secure': false, // plain http on loopback
      'session.cookie.samesite': null,
      'session.cookie.path': '/',
      'session.phpsession.cookiename': 'SimpleSAML',
      'session.phpsession.savepath': dirs.sessions,
      'session.phpsession.httponly': true,
      'language.cookie.secure': false,
      'language.cookie.samesite': null,
      'store.type': 'phpsession',
      'metadata.sources': [{ type: 'flatfile', directory: dirs.metadata }],
      'authproc.idp': {},
      'authproc.sp': {},
      production: true, // no 'pre-production system' banner on every page
      'template.auto_reload': false,
    };
    // exampleauth:UserPass reads 'user:password' => attributes pairs after its class name (key 0).
    const userPass: Record<string, unknown> = { 0: 'exampleauth:UserPass' };
    for (const user of options.users) {
      userPass[`${user.username}:${user.password}`] = user.attributes;
    }
    const authsources = { admin: ['core:AdminPassword'], [AUTH_SOURCE]: userPass };
    const idpHosted = {
      [entityId]: {
        host: '__DEFAULT__',
        privatekey: 'idp.key',
        certificate: 'idp.crt',
        auth: AUTH_SOURCE,
        // Persistent NameIDs without simplesaml.nameidattribute are a hash of this attribute.
        'userid.attribute': 'uid',
        'signature.algorithm': SIGNATURE_ALGORITHMS.sha256,
        'attributes.NameFormat': 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
        SingleLogoutServiceBinding: [BINDING_REDIRECT, BINDING_POST],
      },
    };

    const spFile = path.join(dirs.metadata, 'saml20-sp-remote.json');
    await Promise.all([
      fsp.writeFile(path.join(dirs.config, 'config.json'), JSON.stringify(config)),
      fsp.writeFile(path.join(dirs.config, 'config.php'), loadJson('config', 'config.json')),
      fsp.writeFile(path.join(dirs.config, 'authsources.json'), JSON.stringify(authsources)),
      fsp.writeFile(
        path.join(dirs.config, 'authsources.php'),
        loadJson('config', 'authsources.json'),
      ),
      fsp.writeFile(path.join(dirs.metadata, 'saml20-idp-hosted.json'), JSON.stringify(idpHosted)),
      fsp.writeFile(
        path.join(dirs.metadata, 'saml20-idp-hosted.php'),
        loadJson('metadata', 'saml20-idp-hosted.json'),
      ),
      fsp.writeFile(spFile, JSON.stringify(spMetadata(options.sp))),
      fsp.writeFile(
        path.join(dirs.metadata, 'saml20-sp-remote.php'),
        loadJson('metadata', 'saml20-sp-remote.json'),
      ),
    ]);

    // PHP's built-in server passes /module.php/core/... to module.php with PATH_INFO set, which is
    // all SimpleSAMLphp needs: no router script.
    let output = '';
    child = spawn(php, ['-S', `127.0.0.1:${port}`, '-t', path.join(SIMPLESAMLPHP_DIR, 'www')], {
      cwd: root,
      env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: dirs.config },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const exited = new Promise<void>((resolve) => child?.once('exit', () => resolve()));

    const metadataUrl = `${baseUrl}/saml2/idp/metadata.php`;
    await waitUntilServing(metadataUrl, child, () => output.trim());

    const running = child;
    let spDefaults = options.sp;
    let stopped = false;
    return {
      baseUrl,
      entityId,
      ssoUrl: `${baseUrl}/saml2/idp/SSOService.php`,
      sloUrl: `${baseUrl}/saml2/idp/SingleLogoutService.php`,
      metadataUrl,
      cert: pems.cert,
      logFile: path.join(dirs.log, 'simplesamlphp.log'),
      idpInitiatedUrl(spEntityId, relayState) {
        const url = new URL(`${baseUrl}/saml2/idp/SSOService.php`);
        url.searchParams.set('spentityid', spEntityId);
        const state =
          relayState ??
          (spDefaults.entityId === spEntityId ? spDefaults.idpInitiatedRelayState : undefined);
        if (state !== undefined) url.searchParams.set('RelayState', state);
        return url.toString();
      },
      async setServiceProvider(sp) {
        await writeAtomically(spFile, JSON.stringify(spMetadata(sp)));
        spDefaults = sp;
      },
      async stop() {
        if (stopped) return;
        stopped = true;
        if (running.exitCode === null && running.signalCode === null) {
          running.kill('SIGTERM');
          const timer = setTimeout(() => running.kill('SIGKILL'), 3000);
          await exited;
          clearTimeout(timer);
        }
        await fsp.rm(root, { recursive: true, force: true });
      },
    };
  } catch (err) {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await fsp.rm(root, { recursive: true, force: true });
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Going through the IdP as a browser would (for HTTP-level tests; the browser tests use Chromium)

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) => {
    if (e.startsWith('#x') || e.startsWith('#X'))
      return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Named <input>s of a page (hidden ones included), entity-decoded. */
export function formInputs(html: string): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) {
    const name = /\bname="([^"]*)"/i.exec(tag)?.[1];
    if (name) inputs[name] = decodeEntities(/\bvalue="([^"]*)"/i.exec(tag)?.[1] ?? '');
  }
  return inputs;
}

export function formActionOf(html: string, base: string): string {
  const action = /<form\b[^>]*\baction="([^"]*)"/i.exec(html)?.[1];
  if (action === undefined) throw new Error(`no form on the page: ${html.slice(0, 500)}`);
  return new URL(decodeEntities(action), base).toString();
}

interface Hop {
  status: number;
  location: string | null;
  body: string;
  url: string;
}

/** What a browser can do for these flows: a request with cookies, redirects not followed. */
export interface FlowBrowser {
  request(target: string, init?: { form?: Record<string, string> }): Promise<Hop>;
}

/** Follows redirects across hosts (the IdP and Allot) until a page that is not one. */
export async function followAll(
  browser: FlowBrowser,
  target: string,
  init: { form?: Record<string, string> } = {},
  maxHops = 15,
): Promise<Hop[]> {
  const hops = [await browser.request(target, init)];
  for (let hop = hops[0]; hop?.location && hop.status >= 300 && hop.status < 400;) {
    if (hops.length >= maxHops) throw new Error(`more than ${String(maxHops)} redirects`);
    hop = await browser.request(hop.location);
    hops.push(hop);
  }
  return hops;
}

/**
 * From a start URL that leads to the IdP (Allot's /api/auth/saml, an AuthnRequest, the
 * IdP-initiated URL): the UserPass login form when asked (fields username, password and the
 * hidden AuthState), then the IdP's auto-post form. Returns where it posts and what.
 */
export async function passIdpLogin(
  browser: FlowBrowser,
  startUrl: string,
  user: { username: string; password: string },
  logFile?: string,
): Promise<{ action: string; fields: Record<string, string> }> {
  let page = (await followAll(browser, startUrl)).at(-1);
  if (page && /name="password"/.test(page.body)) {
    const fields = formInputs(page.body);
    page = (
      await followAll(browser, formActionOf(page.body, page.url), {
        form: {
          AuthState: fields['AuthState'] ?? '',
          username: user.username,
          password: user.password,
        },
      })
    ).at(-1);
  }
  const fields = formInputs(page?.body ?? '');
  if (!page || page.status !== 200 || (!fields['SAMLResponse'] && !fields['SAMLRequest'])) {
    const log = logFile ? await fsp.readFile(logFile, 'utf8').catch(() => '') : '';
    throw new Error(
      `the IdP answered no SAML form (status ${String(page?.status)}): ${page?.body.replace(/\s+/g, ' ').slice(0, 1500) ?? ''}\nIdP log tail: ${log.slice(-2000)}`,
    );
  }
  return { action: formActionOf(page.body, page.url), fields };
}
