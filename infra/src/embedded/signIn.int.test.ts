import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../config/loadConfig.js';
import { demoUserId } from '../seed/demoUsers.js';
import { seededDemoDataDir } from '../testing/demoTemplate.js';
import { startAllot, type RunningAllot } from './startAllot.js';

/** Cookies by name (the app's are all on path /), redirects followed by hand like a browser. */
class CookieBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  /** The cookies as sent, to replay them later as a stolen copy would be. */
  cookieJar(): Map<string, string> {
    return new Map(this.cookies);
  }

  withCookies(jar: Map<string, string>): this {
    this.cookies.clear();
    for (const [name, value] of jar) this.cookies.set(name, value);
    return this;
  }

  async request(
    target: string,
    form?: Record<string, string>,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<{ response: Response; body: string; url: URL }> {
    const url = new URL(target, this.base);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers['cookie'] = cookie;
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, {
      method: init.method ?? (form ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      ...(init.body === undefined ? {} : { body: init.body }),
    });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), value);
    }
    return { response, body: await response.text(), url };
  }

  /** The last answer after following redirects that stay on this site. */
  async follow(
    target: string,
    form?: Record<string, string>,
  ): Promise<{ body: string; url: string }> {
    let hop = await this.request(target, form);
    for (let hops = 1; hops < 12; hops++) {
      const location = hop.response.headers.get('location');
      if (hop.response.status < 300 || hop.response.status >= 400 || !location) break;
      const next = new URL(location, hop.url);
      if (next.origin !== new URL(this.base).origin) break;
      hop = await this.request(next.toString());
    }
    return { body: hop.body, url: hop.url.toString() };
  }
}

function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no form on the page: ${html.slice(0, 200)}`);
  return match[1].replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
}

let dataDir: string;
let allot: RunningAllot | null = null;

beforeAll(async () => {
  // The demo institution, seeded once per test run (testing/demoTemplate.ts).
  dataDir = await seededDemoDataDir('allot-sign-in-');
  const frontendDir = path.join(dataDir, 'frontend-dist');
  await mkdir(frontendDir);
  await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>Allot</title>');
  allot = await startAllot(
    loadConfig({
      ALLOT_MODE: 'test',
      ALLOT_DEMO_DATA: 'on',
      ALLOT_DEMO_IDP: 'on',
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOT_DATA_DIR: dataDir,
      ALLOT_FRONTEND_DIR: frontendDir,
      ALLOT_DB_POOL_SIZE: '4',
    }),
  );
}, 300_000);

afterAll(async () => {
  await allot?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signedInAs(username: string): Promise<CookieBrowser> {
  const browser = new CookieBrowser(allot?.url ?? '');
  const loginPage = await browser.follow('/api/auth0/login');
  await browser.follow(formAction(loginPage.body), { username, password: 'demo' });
  return browser;
}

async function whoIs(browser: CookieBrowser): Promise<string | null> {
  const auth = JSON.parse((await browser.request('/api/auth')).body) as {
    authenticatedUserId: string | null;
  };
  return auth.authenticatedUserId;
}

/** The ended sign-in reaches the auth read model a moment after the command: wait for it. */
async function eventuallySignedOut(browser: CookieBrowser): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await whoIs(browser)) !== null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await whoIs(browser)).toBeNull();
}

const sameOrigin = { headers: { 'sec-fetch-site': 'same-origin' } };

describe('sign-in on the embedded start', () => {
  it('offers the demo provider as OIDC sign-in', async () => {
    const base = allot?.url ?? '';
    const info: unknown = await (await fetch(`${base}/api/app-info`)).json();
    expect(info).toEqual({ strategyExists: true, error: '', featureFlags: { auth0Enabled: true } });
  });

  it('signs in through the demo provider as admin/demo; GET /api/auth then speaks for the admin', async () => {
    const base = allot?.url ?? '';
    const browser = new CookieBrowser(base);
    const loginPage = await browser.follow('/api/auth0/login');
    const landed = await browser.follow(formAction(loginPage.body), {
      username: 'admin',
      password: 'demo',
    });
    expect(landed.url).toBe(`${base}/`);

    const auth = JSON.parse((await browser.request('/api/auth')).body) as {
      authenticatedUserId: string | null;
      Roles: { slug: string }[];
    };
    expect(auth.authenticatedUserId).toBe(demoUserId('admin'));
    expect(auth.Roles).toContainEqual({ slug: 'admin' });
  });
});

describe('ending sessions on the server', () => {
  it('logout ends the session: a kept copy of its cookie is refused by reads and writes', async () => {
    const browser = await signedInAs('sectionScheduler');
    expect(await whoIs(browser)).toBe(demoUserId('sectionScheduler'));
    const stolen = new CookieBrowser(allot?.url ?? '').withCookies(browser.cookieJar());
    const csrf = JSON.parse((await stolen.request('/api/auth/csrf')).body) as { csrfToken: string };

    const logout = await browser.request('/api/auth/logout', undefined, sameOrigin);
    expect(logout.response.status).toBe(200);
    expect(await whoIs(browser)).toBeNull();

    await eventuallySignedOut(stolen);
    expect((await stolen.request('/api/users')).response.status).toBe(401);
    const write = await stolen.request(
      `/api/users/${demoUserId('sectionScheduler')}/working`,
      undefined,
      {
        method: 'PUT',
        body: JSON.stringify({ academicPeriodId: demoUserId('no-such-period') }),
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf.csrfToken },
      },
    );
    expect(write.response.status).toBe(401);
    // Another sign-in of the same person is unaffected.
    expect(await whoIs(await signedInAs('sectionScheduler'))).toBe(demoUserId('sectionScheduler'));
  });

  it("another site's link to logout only asks: the session stays until the person confirms", async () => {
    const browser = await signedInAs('faculty');
    const asked = await browser.request('/api/auth/logout', undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(asked.response.status).toBe(200);
    expect(asked.response.headers.get('content-type')).toMatch(/text\/html/);
    expect(asked.body).toContain('Log out of Allot?');
    expect(await whoIs(browser)).toBe(demoUserId('faculty'));
  });

  it('sign out everywhere refuses every earlier session of the person; a new sign-in works', async () => {
    const laptop = await signedInAs('academicOpsAdmin');
    const phone = await signedInAs('academicOpsAdmin');
    const other = await signedInAs('faculty');
    const csrf = JSON.parse((await laptop.request('/api/auth/csrf')).body) as { csrfToken: string };

    const everywhere = await laptop.request('/api/auth/sessions', undefined, {
      method: 'DELETE',
      headers: { 'x-csrf-token': csrf.csrfToken },
    });
    expect(everywhere.response.status).toBe(200);
    await eventuallySignedOut(phone);
    expect(await whoIs(laptop)).toBeNull();
    expect(await whoIs(other)).toBe(demoUserId('faculty'));
    expect(await whoIs(await signedInAs('academicOpsAdmin'))).toBe(demoUserId('academicOpsAdmin'));
  });

  it('sign out everywhere needs a signed-in person and their CSRF token', async () => {
    const anonymous = new CookieBrowser(allot?.url ?? '');
    const refused = await anonymous.request('/api/auth/sessions', undefined, { method: 'DELETE' });
    expect(refused.response.status).toBe(401);
    const browser = await signedInAs('reportingUser');
    const forged = await browser.request('/api/auth/sessions', undefined, { method: 'DELETE' });
    expect(forged.response.status).toBe(403);
    expect(await whoIs(browser)).toBe(demoUserId('reportingUser'));
  });
});
