import type { Browser } from 'playwright-core';
import { launchChromium, watchForProblems } from './browser.js';
import { appUrl } from './harness.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

test('an anonymous deep link opens the app (not a server 404), with nothing broken', async () => {
  const page = await browser.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${appUrl()}/some/deep/link`, { waitUntil: 'networkidle' });
  await page.locator('#root *').first().waitFor({ state: 'attached' });
  expect(problems).toEqual([]);
});
