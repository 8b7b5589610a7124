import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { imageLoaded, launchChromium, LOGIN_LOGO, watchForProblems } from './browser.js';
import { signIn } from './harness.js';

const screenshots = path.join(process.cwd(), 'docs', 'screenshots');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

/** Blueprint's class on <body>, and the class the boot script set on <html> agrees with it. */
const isDark = (page: Page) =>
  page.evaluate(() => {
    const body = document.body.classList.contains('bp6-dark');
    const html = document.documentElement.classList.contains('allot-dark');
    if (body !== html) throw new Error(`body dark ${String(body)}, html dark ${String(html)}`);
    return body;
  });

async function userNameShows(page: Page, name: string) {
  await page.getByTestId('drawer-user-name').filter({ hasText: name }).waitFor();
}

/** Screenshots show the page, not its loading state. */
async function pageSettled(page: Page) {
  await page.locator('#main-content h1, #main-content h2').first().waitFor();
  await page.locator('#main-content .bp6-spinner').waitFor({ state: 'detached' });
}

test('the theme toggle is saved to the user and kept across a reload and a sign-out', async () => {
  // A demo user no other browser test uses: the saved theme is theirs.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await signIn(page, 'businessOfficeAdmin', '/');
  await userNameShows(page, 'Bianca Business');
  await page.getByRole('button', { name: 'Switch to the light theme' }).waitFor();
  expect(await isDark(page)).toBe(true);
  await pageSettled(page);
  await page.screenshot({ path: path.join(screenshots, 'shell-dark.png') });

  const saved = page.waitForResponse(
    (response) =>
      /\/api\/userSettings/.test(response.url()) && response.request().method() !== 'GET',
  );
  const refreshed = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/userSettings/mine') && response.request().method() === 'GET',
  );
  await page.getByRole('button', { name: 'Switch to the light theme' }).click();
  expect((await saved).ok()).toBe(true);
  await refreshed;
  expect(await isDark(page)).toBe(false);

  await page.reload();
  await userNameShows(page, 'Bianca Business');
  await page.getByRole('button', { name: 'Switch to the dark theme' }).waitFor();
  expect(await isDark(page)).toBe(false);
  await pageSettled(page);
  await page.screenshot({ path: path.join(screenshots, 'shell-light.png') });

  // The login page shows the theme this browser last showed.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // The demo identity provider asks before it ends its own session, then returns to /login.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByRole('button', { name: 'Log In' }).waitFor();
  expect(await isDark(page)).toBe(false);
  // The logo, not the empty box before it loads.
  await imageLoaded(page, LOGIN_LOGO);
  await page.screenshot({ path: path.join(screenshots, 'login-light.png') });
  expect(problems).toEqual([]);
  await context.close();
});

test('an administrator masquerades as a faculty member and ends it', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await signIn(page, 'admin', '/');
  await userNameShows(page, 'Ada Admin');

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Masquerade as…' }).click();
  await page.getByRole('searchbox', { name: 'Search users by name' }).fill('Garcia');
  await page.getByRole('menuitem', { name: 'Maria Garcia' }).click();
  await userNameShows(page, 'Maria Garcia');
  expect(new URL(page.url()).pathname).toBe('/');
  await page.getByText('Masquerading').waitFor();
  await pageSettled(page);
  await page.screenshot({ path: path.join(screenshots, 'shell-masquerade.png') });
  // Spec §4: the theme cannot change while masquerading.
  expect(
    await page
      .getByRole('button', { name: 'The theme cannot change while masquerading.' })
      .isDisabled(),
  ).toBe(true);

  await page.getByRole('button', { name: /Account menu/ }).click();
  expect(await page.getByRole('menuitem', { name: 'Logout' }).count()).toBe(0);
  await page.getByRole('menuitem', { name: 'End Masquerade' }).click();
  await userNameShows(page, 'Ada Admin');
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.getByText('Masquerading').count()).toBe(0);
  expect(problems).toEqual([]);
  await context.close();
});

test('the skip link is the first focusable element and moves focus to the main content', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await signIn(page, 'reportingUser', '/');
  await userNameShows(page, 'Rita Reporting');
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  expect(await focused.textContent()).toBe('Skip to main content');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  expect(problems).toEqual([]);
  await context.close();
});

test('under 768 px the drawer hides behind the menu button', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await signIn(page, 'reportingUser', '/');
  // Hidden (out of the accessibility tree) while closed, so found by id.
  const drawer = page.locator('#allot-drawer');
  const menuButton = page.getByRole('button', { name: 'Open the menu' });
  await menuButton.waitFor();
  expect(await drawer.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(0);
  await menuButton.click();
  await page.waitForFunction(
    () => document.getElementById('allot-drawer')?.getBoundingClientRect().left === 0,
  );
  expect(await drawer.evaluate((el) => el.getBoundingClientRect().width)).toBe(240);
  // Focus moves into the drawer; Escape slides it out again and focus returns to the button.
  expect(await page.evaluate(() => document.activeElement?.closest('#allot-drawer') !== null)).toBe(
    true,
  );
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open the menu' }).and(page.locator(':focus')).waitFor();
  await page.waitForFunction(
    () =>
      getComputedStyle(document.getElementById('allot-drawer') as HTMLElement).visibility ===
      'hidden',
  );
  expect(problems).toEqual([]);
  await context.close();
});
