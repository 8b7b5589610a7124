import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { imageLoaded, launchChromium, LOGIN_LOGO, watchForProblems } from './browser.js';
import { appUrl } from './harness.js';

const screenshots = path.join(process.cwd(), 'docs', 'screenshots');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

test('an anonymous deep link goes to /login with its origin, through the IdP and back to it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchForProblems(page);

  await page.goto(`${appUrl()}/courses?view=all`);
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('origin')).toBe('/courses?view=all');
  await page.getByRole('heading', { name: 'Login to Allot' }).waitFor();
  // The title follows the page once it has rendered (it was the deep link's a moment before).
  await page.waitForFunction(() => document.title === 'Login to Allot');
  await page.getByText(/ Users$/).waitFor();
  // Spec §9: dark until a user of this browser chose otherwise.
  expect(await page.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(true);
  // The logo, not the empty box before it loads.
  await imageLoaded(page, LOGIN_LOGO);
  await page.screenshot({ path: path.join(screenshots, 'login-dark.png') });

  // The demo runs the single-sign-on service (auth0Enabled), so Log In goes there.
  const logIn = page.getByRole('button', { name: 'Log In' });
  expect(await logIn.getAttribute('href')).toBe('/api/auth0/login?origin=%2Fcourses%3Fview%3Dall');
  await logIn.click();
  await page.getByLabel('Username').fill('sectionScheduler');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/courses' && url.search === '?view=all');
  await page.getByTestId('drawer-user-name').filter({ hasText: 'Sam Scheduler' }).waitFor();

  expect(problems).toEqual([]);

  // Signed in, the login route sends the visitor home (a second tab of the same session).
  const second = await context.newPage();
  const secondProblems = watchForProblems(second);
  await second.goto(`${appUrl()}/login`);
  await second.waitForURL((url) => url.pathname === '/');
  await second.getByTestId('drawer-user-name').filter({ hasText: 'Sam Scheduler' }).waitFor();
  expect(secondProblems).toEqual([]);
  await context.close();
});

test('an absolute origin on /login is dropped, so sign-in cannot redirect off the site', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${appUrl()}/login?origin=${encodeURIComponent('https://evil.example/')}`);
  const logIn = page.getByRole('button', { name: 'Log In' });
  expect(await logIn.getAttribute('href')).toBe('/api/auth0/login');
  expect(problems).toEqual([]);
  await context.close();
});

test('everything /login loads is at most 350 kB of gzipped JavaScript', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = watchForProblems(page);
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.body().then((body) => gzipSync(body).length));
  });
  await page.goto(`${appUrl()}/login`);
  await page.getByRole('button', { name: 'Log In' }).waitFor();
  const sizes = await Promise.all(scripts);
  expect(sizes.length).toBeGreaterThan(0);
  expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(350 * 1000);
  expect(problems).toEqual([]);
  await context.close();
});
