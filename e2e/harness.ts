import type { Page } from 'playwright-core';

/** The embedded Allot that globalSetup.ts started for this run. */
export function appUrl(): string {
  const url = process.env.ALLOT_E2E_URL;
  if (!url)
    throw new Error('ALLOT_E2E_URL is unset: run the browser tests through e2e/jest.config.js');
  return url;
}

/**
 * Signs in through the demo identity provider as `username` (password `demo`) and waits until
 * the browser is back on `origin`; on the run's Allot unless `base` names another.
 */
export async function signIn(
  page: Page,
  username: string,
  origin = '/',
  base = appUrl(),
): Promise<void> {
  await page.goto(`${base}/api/auth0/login?origin=${encodeURIComponent(origin)}`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const target = new URL(origin, base);
  await page.waitForURL((url) => url.pathname === target.pathname);
}

/**
 * Resolves once the page's socket.io client is connected (the server joins the socket to its
 * rooms before it acknowledges with `40{"sid":…}`), over polling or websocket.
 */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const isAck = (text: string) => text.includes('40{"sid"');
    page.on('response', (response) => {
      if (!response.url().includes('/api/socket.io/')) return;
      response.text().then(
        (text) => isAck(text) && resolve(),
        () => undefined,
      );
    });
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && isAck(payload)) resolve();
      });
    });
  });
}

/**
 * Approves the first assignment on an open Section Assignments list with its row's own button
 * (named for its assignment, not the bulk bar's "Approve all N matching"), waits for the toast
 * and answers the instructor it named.
 */
export async function approveFirstRow(page: Page): Promise<string> {
  const approve = page.locator('button[aria-label^="Approve "]').first();
  await approve.waitFor();
  // "Approve Ada Lovelace on MATH 101 001 (Fall 2026)": the toast names the instructor.
  const label = (await approve.getAttribute('aria-label')) ?? '';
  const instructor = /^Approve (.+?) on /.exec(label)?.[1] ?? label;
  await approve.click();
  await page.getByText(`${instructor} approved.`).waitFor();
  return instructor;
}
