import type { Browser } from 'playwright-core';
import { launchChromium, watchForProblems } from './browser.js';
import { appUrl, signIn } from './harness.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

test('an anonymous deep link goes to /login carrying its path and query as the origin', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${appUrl()}/sections?term=fall`);
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('origin')).toBe('/sections?term=fall');
  await page.getByRole('button', { name: 'Log In' }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('a signed-in deep link opens its page with its title in the page and the tab', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await signIn(page, 'sectionScheduler', '/schedule');
  await page.getByRole('heading', { name: 'Schedule', level: 2 }).waitFor();
  expect(await page.title()).toContain('Schedule');
  expect(problems).toEqual([]);
  await context.close();
});

test('feature-flag gates: with aemEnabled off the effort pages and /MyEffort are Unauthorized', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await signIn(page, 'faculty', '/');
  for (const path of ['/effort', '/effort/myEffort', '/MyEffort']) {
    // A reload while icons still load would abort them (a failed request): let the page settle.
    await page.waitForLoadState('networkidle');
    await page.goto(`${appUrl()}${path}`);
    await page.getByRole('heading', { name: 'Unauthorized', level: 2 }).waitFor();
    // The top bar and the tab name the page shown, not the route's own title.
    expect(await page.locator('.allot-topbar').innerText()).toContain('Unauthorized');
    expect(await page.locator('.allot-topbar').innerText()).not.toContain('Effort');
    expect(await page.title()).toMatch(/^Unauthorized \|/);
  }
  // A page the demo flags allow for faculty opens.
  await page.waitForLoadState('networkidle');
  await page.goto(`${appUrl()}/mySchedule`);
  await page.getByRole('heading', { name: 'My Schedule', level: 2 }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
