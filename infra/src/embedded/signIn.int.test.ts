import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/loadConfig.js';
import { demoUserId } from '../seed/demoUsers.js';
import { startAllot, type RunningAllot } from './startAllot.js';

/** Cookies by name (the app's are all on path /), redirects followed by hand like a browser. */
class CookieBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async request(
    target: string,
    form?: Record<string, string>,
  ): Promise<{ response: Response; body: string; url: URL }> {
    const url = new URL(target, this.base);
    const headers: Record<string, string> = {};
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers['cookie'] = cookie;
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers,
      redirect: 'manual',
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
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
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-sign-in-'));
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
