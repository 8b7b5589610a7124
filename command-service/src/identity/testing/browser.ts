/** A minimal browser for tests: cookies by path, redirects followed by hand so each hop is seen. */

interface StoredCookie {
  value: string;
  path: string;
}

export interface Hop {
  status: number;
  location: string | null;
  setCookies: string[];
  body: string;
  url: string;
}

export class TestBrowser {
  readonly cookies = new Map<string, StoredCookie>();

  constructor(readonly base: string) {}

  private cookieHeader(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  private store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired =
        attributes.some((a) => a.toLowerCase() === 'max-age=0') ||
        attributes.some((a) => a.toLowerCase().startsWith('expires=thu, 01 jan 1970'));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  async request(
    target: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Hop> {
    const url = new URL(target, this.base);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(url);
    if (cookie) headers['cookie'] = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(body === undefined ? {} : { body }),
    });
    const setCookies = response.headers.getSetCookie();
    this.store(setCookies);
    const location = response.headers.get('location');
    return {
      status: response.status,
      location: location === null ? null : new URL(location, url).toString(),
      setCookies,
      body: await response.text(),
      url: url.toString(),
    };
  }

  /** Follows redirects on this site; stops at the first answer that is not one, or leaves the site. */
  async follow(
    target: string,
    init: Parameters<TestBrowser['request']>[1] = {},
    maxHops = 10,
  ): Promise<Hop[]> {
    const hops: Hop[] = [];
    let hop = await this.request(target, init);
    hops.push(hop);
    while (hop.location && hop.status >= 300 && hop.status < 400 && hops.length < maxHops) {
      if (!hop.location.startsWith(this.base)) break;
      hop = await this.request(hop.location);
      hops.push(hop);
    }
    return hops;
  }
}

/** The `action` of the first form on a page. */
export function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error(`no form on the page: ${html.slice(0, 200)}`);
  return match[1].replace(/&#(\d+);/g, (_m, code: string) => String.fromCharCode(Number(code)));
}
