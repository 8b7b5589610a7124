import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from 'playwright-core';
import { signIn, socketConnected } from './harness.js';

/** The system Chromium (scripts/test.mjs finds or installs it); playwright never downloads one. */
export function chromiumPath(): string {
  return process.env.ALLOT_CHROMIUM_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * Tells whether a failed request was cut by the page leaving (a reload, `page.goto` or a link
 * away while the page still fetched): Chromium aborts what the old document had in flight, which
 * nobody sees. A request the old document starts while the navigation is under way (a refresh
 * timed just then) is the old document's too: the new one sends nothing before it commits. A
 * request that fails for any other reason, or is aborted while the page stays, still counts.
 */
function leftBehindByNavigation(page: Page): (request: Request) => boolean {
  let navigations = 0;
  let committing = false;
  const startedIn = new WeakMap<Request, number>();
  const isMainNavigation = (request: Request) =>
    request.isNavigationRequest() && request.frame() === page.mainFrame();
  page.on('request', (request) => {
    if (isMainNavigation(request)) {
      navigations += 1;
      committing = true;
    } else startedIn.set(request, committing ? navigations - 1 : navigations);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) committing = false;
  });
  page.on('requestfailed', (request) => {
    if (isMainNavigation(request)) committing = false;
  });
  return (request) =>
    request.failure()?.errorText === 'net::ERR_ABORTED' &&
    (startedIn.get(request) ?? navigations) < navigations;
}

/** Collects what a person would notice as broken: console errors, page errors, failed requests. */
export function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  const leftBehind = leftBehindByNavigation(page);
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    if (leftBehind(request)) return;
    problems.push(
      `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`,
    );
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(
        `HTTP ${String(response.status())}: ${response.request().method()} ${response.url()}`,
      );
  });
  return problems;
}

/**
 * Waits until the `<img>` matching `selector` has loaded its picture (complete, with a natural
 * width), so a screenshot never shows an empty box where the image will be.
 */
export async function imageLoaded(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((css) => {
    const image = document.querySelector(css);
    return image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0;
  }, selector);
}

/** The sign-in page's logo (frontend/src/features/login/pages/LoginPage.tsx). */
export const LOGIN_LOGO = 'img.allot-login__logo';

/** A part of the page a screenshot keeps (the whole page below the fold, cut to it). */
export type Clip = { x: number; y: number; width: number; height: number };

/** `docs/screenshots/<name>.png` as a person sees the page at rest (`atRest`). */
export async function shoot(page: Page, name: string, clip?: Clip): Promise<void> {
  await atRest(page);
  await page.screenshot({
    path: `docs/screenshots/${name}.png`,
    ...(clip ? { fullPage: true, clip } : {}),
  });
}

/**
 * The page at rest: no focus ring (unless `keepFocus`: a dialog still listens for its Escape), the
 * pointer in a corner (no tooltip, no hover), nothing still sliding in or fading. Screenshots and
 * accessibility audits wait for it: a tooltip caught mid-fade has too little contrast.
 */
export async function atRest(page: Page, { keepFocus = false } = {}): Promise<void> {
  if (!keepFocus) await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(1390, 890);
  await page.waitForFunction(() => document.querySelectorAll('.bp6-tooltip').length === 0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * Shows the page in that theme through the top bar's switch, whichever theme it is in now: the
 * theme is the user's setting, kept on the server, so a test that stopped halfway must not leave
 * the next one in the other theme.
 */
export async function showTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  const toggle = page.getByRole('button', { name: /^Switch to the (light|dark) theme$/ });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-label')) === `Switch to the ${theme} theme`) {
    await toggle.click();
  }
  await page.waitForFunction(
    (dark) => document.body.classList.contains('bp6-dark') === dark,
    theme === 'dark',
  );
}

export interface OpenOptions {
  /** Default 1400 × 900. */
  viewport?: { width: number; height: number };
  /** Wait until the page's socket is connected (for tests of what arrives live). */
  socket?: boolean;
  acceptDownloads?: boolean;
  /** An Allot of the file's own (`startAllotProcess`) rather than the run's. */
  base?: string;
  /** Lets an accessibility audit inject axe (e2e/axe.ts). */
  bypassCSP?: boolean;
  /** A phone: 390 × 844 (unless `viewport` says otherwise), touch, a mobile browser's viewport. */
  phone?: boolean;
}

/** The phone faculty members use between classes (issue 24: 390 × 844, with touch). */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/**
 * One Chromium for a test file (launched before its tests, closed after them with every context
 * it opened) and `open(username, origin)`: a fresh context signed in as that demo user on that
 * page, with the problems a person would notice collected (`watchForProblems`).
 */
export function browserForFile() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  const launched = (): Browser => {
    if (!browser) throw new Error('Chromium is launched before the tests of the file');
    return browser;
  };
  return {
    browser: launched,
    async open(username: string, origin: string, options: OpenOptions = {}) {
      const context = await launched().newContext({
        viewport:
          options.viewport ?? (options.phone ? PHONE_VIEWPORT : { width: 1400, height: 900 }),
        ...(options.phone ? { hasTouch: true, isMobile: true } : {}),
        ...(options.acceptDownloads ? { acceptDownloads: true } : {}),
        ...(options.bypassCSP ? { bypassCSP: true } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      const problems = watchForProblems(page);
      const connected = options.socket ? socketConnected(page) : null;
      await signIn(page, username, origin, options.base);
      await connected;
      return { page, problems, context };
    },
  };
}
