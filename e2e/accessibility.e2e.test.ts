import type { Browser, Page } from 'playwright-core';
import { developerWording, seriousFindings, type Finding } from './axe.js';
import { launchChromium } from './browser.js';
import { appUrl, signIn } from './harness.js';

// Issue 13: no serious or critical axe finding on any page, in either theme, for the people who
// use them.
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Every page an administrator reaches from the menu (and the not-found page). */
const ADMIN_PAGES = [
  '/',
  '/courses',
  '/courseOfferings',
  '/sections',
  '/schedule',
  '/administrativeAssignments',
  '/sectionAssignments',
  '/instructors',
  '/instructors?tab=submissions',
  '/instructors?tab=alignment',
  '/changes',
  '/changes?view=compare',
  '/reports',
  '/dataServices',
  '/dataServices?view=imports',
  '/academicPeriods',
  '/workgroups',
  '/users',
  '/users/merge',
  '/locations',
  '/emailInstructors',
  '/cloning',
  '/apikeys',
  '/settings',
  '/academicTermTypes',
  '/administrativeAssignmentTypes',
  '/assignmentTypes',
  '/divisions',
  '/instructorTypes',
  '/pointTypes',
  '/ranks',
  '/teachingModes',
  '/tracks',
  '/taxonomies',
  '/styles',
  '/no/such/page',
];

/** A faculty member's own pages. */
const FACULTY_PAGES = [
  '/',
  '/myWorkload',
  '/mySharedTeaching',
  '/mySchedule',
  '/adminAssignmentsMine',
  '/teachingPreferencesMine',
  '/changes',
];

/** Waits until the page has drawn its data: its heading shown, no loading indicator left. */
async function settled(page: Page): Promise<void> {
  // Not networkidle: the realtime socket's long polling keeps a request open all the time.
  await page.locator('main h2, main h1').first().waitFor();
  await page.waitForFunction(
    () => document.querySelectorAll('.bp6-spinner, .bp6-skeleton, [aria-busy="true"]').length === 0,
  );
  // One more frame for lists that render after their data arrived.
  await page.waitForTimeout(150);
}

/** Moves the app to `path` as a link would (no reload: the shell and its data stay loaded). */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // Pages may add their own query (a period chosen): only the path must match.
  await page.waitForFunction(
    (to) => location.pathname === new URL(to, location.origin).pathname,
    path,
  );
}

/** The theme the toggle would switch to names the one shown now. */
async function currentTheme(page: Page): Promise<'dark' | 'light'> {
  const toggle = page.getByRole('button', { name: /Switch to the (dark|light) theme/ });
  const name = (await toggle.getAttribute('aria-label')) ?? '';
  return name.includes('light') ? 'dark' : 'light';
}

async function switchTheme(page: Page): Promise<void> {
  const before = await currentTheme(page);
  await page.getByRole('button', { name: /Switch to the (dark|light) theme/ }).click();
  await page.waitForFunction(
    (dark) => document.body.classList.contains('bp6-dark') === dark,
    before === 'light',
  );
}

async function auditAs(username: string, pages: readonly string[]): Promise<Finding[]> {
  // axe is injected as an inline script, which the app's CSP rightly refuses: the audit's own
  // browser context lets it in (the other browser tests run under the CSP).
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await signIn(page, username, '/');
  const findings: Finding[] = [];
  const started = await currentTheme(page);
  try {
    for (const round of [0, 1]) {
      if (round === 1) await switchTheme(page);
      const theme = await currentTheme(page);
      for (const path of pages) {
        await navigate(page, path);
        await settled(page);
        findings.push(...(await seriousFindings(page, path, theme)));
        if (round === 0) findings.push(...(await developerWording(page, path, theme)));
      }
    }
  } finally {
    // Leave the account as it was found: other files' screenshots expect its theme.
    await page.goto(`${appUrl()}/`);
    if ((await currentTheme(page)) !== started) await switchTheme(page);
    await context.close();
  }
  return findings;
}

test('the sign-in page has no serious accessibility finding in either theme', async () => {
  const findings: Finding[] = [];
  for (const theme of ['dark', 'light']) {
    const context = await browser.newContext({ bypassCSP: true });
    await context.addInitScript((t) => window.localStorage.setItem('allot.theme', t), theme);
    const page = await context.newPage();
    await page.goto(`${appUrl()}/login`);
    await page.getByRole('button', { name: 'Log In' }).waitFor();
    findings.push(...(await seriousFindings(page, '/login', theme)));
    await context.close();
  }
  expect(findings).toEqual([]);
});

// A page takes a second or two to draw and check; the whole walk takes minutes.
const WALK_MS = 600_000;

test(
  'every administration and teaching page passes axe in both themes and shows no ids or JSON',
  async () => {
    expect(await auditAs('admin', ADMIN_PAGES)).toEqual([]);
  },
  WALK_MS,
);

test(
  'every page of a faculty member passes axe in both themes and shows no ids or JSON',
  async () => {
    expect(await auditAs('faculty', FACULTY_PAGES)).toEqual([]);
  },
  WALK_MS,
);

test('the notifications panel passes axe in both themes', async () => {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  await signIn(page, 'admin', '/');
  const findings: Finding[] = [];
  const started = await currentTheme(page);
  try {
    for (const round of [0, 1]) {
      if (round === 1) await switchTheme(page);
      await page.getByRole('button', { name: /^Notifications/ }).click();
      const panel = page.getByRole('region', { name: 'Notifications' });
      await panel.waitFor();
      await page.waitForFunction(
        () => !document.querySelector('.allot-notifications .bp6-spinner'),
      );
      // The bell's tooltip fades as its panel opens: checked half-faded, its text would fail.
      await page.mouse.move(700, 600);
      await page.waitForFunction(() => document.querySelectorAll('.bp6-tooltip').length === 0);
      findings.push(...(await seriousFindings(page, 'notifications', await currentTheme(page))));
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
    }
  } finally {
    if ((await currentTheme(page)) !== started) await switchTheme(page);
    await context.close();
  }
  expect(findings).toEqual([]);
});
