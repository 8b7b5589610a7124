import type { Browser, WebSocketRoute } from 'playwright-core';
import { launchChromium } from './browser.js';
import { signIn, socketConnected } from './harness.js';

/*
 * The realtime connection goes away (a restart, a proxy, a network): the page says so and keeps
 * trying; once it is back the banner goes and the page reads its data again. The outage is made
 * in the browser (offline, every socket.io request refused, open websockets closed), so the
 * shared server of the run stays up for the other files.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

test('a lost connection shows a banner while it lasts; the page recovers by itself', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  let outage = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/socket\.io\//, (ws) => {
    if (outage) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  await page.route(/\/api\/socket\.io\//, (route) => (outage ? route.abort() : route.continue()));
  const connected = socketConnected(page);
  const dashboardRead = page.waitForResponse((r) => r.url().endsWith('/api/dashboard') && r.ok());
  await signIn(page, 'reportingUser', '/');
  await connected;
  await dashboardRead;
  const banner = page.getByRole('status').filter({ hasText: 'The connection to Allot was lost' });
  expect(await banner.count()).toBe(0);

  outage = true;
  await context.setOffline(true);
  for (const ws of sockets.splice(0)) await ws.close();
  await banner.waitFor({ timeout: 20_000 });
  await page.screenshot({ path: 'docs/screenshots/connection-lost-dark.png' });

  // Back: the banner goes, and the page reads its data again (what changed meanwhile).
  const reread = page.waitForResponse((r) => r.url().endsWith('/api/dashboard') && r.ok(), {
    timeout: 30_000,
  });
  outage = false;
  await context.setOffline(false);
  await banner.waitFor({ state: 'detached', timeout: 30_000 });
  await reread;
  await context.close();
});
