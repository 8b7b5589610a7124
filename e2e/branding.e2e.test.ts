import type { Page } from 'playwright-core';
import { browserForFile } from './browser.js';

// Issue 5: a logo upload and a primary colour change on System Settings reach every open browser.
const files = browserForFile();
const open = (username: string, origin: string) =>
  files.open(username, origin, { viewport: { width: 1280, height: 800 }, socket: true });

/** A 300 × 60 PNG in one colour, drawn by the browser itself. */
async function drawLogo(): Promise<Buffer> {
  const page = await files.browser().newPage({ viewport: { width: 400, height: 100 } });
  await page.setContent(
    '<body style="margin:0"><div style="width:300px;height:60px;background:#2e8b57"></div></body>',
  );
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 300, height: 60 } });
  await page.close();
  return png;
}

async function settingValue(page: Page, machineName: string): Promise<string | undefined> {
  return page.evaluate(async (name) => {
    const rows = (await (await fetch('/api/settings')).json()) as {
      machineName: string;
      Setting: { value: string };
    }[];
    return rows.find((r) => r.machineName === name)?.Setting.value;
  }, machineName);
}

/** Puts a setting back through the API (the run's other browser tests share this Allot). */
async function restoreSetting(page: Page, machineName: string, value: string): Promise<number> {
  return page.evaluate(
    async ({ machineName, value }) => {
      const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as {
        csrfToken: string;
      };
      const response = await fetch(`/api/settings/${machineName}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'X-CSRF-Token': csrfToken },
        body: JSON.stringify({ value }),
      });
      return response.status;
    },
    { machineName, value },
  );
}

test('a logo upload and a new primary colour reach another browser without a reload', async () => {
  const admin = await open('admin', '/settings');
  const viewer = await open('reportingUser', '/');
  const colourBefore = (await settingValue(admin.page, 'primary_color')) ?? '';
  const logoBefore = (await settingValue(admin.page, 'logo')) ?? 'false';
  const viewerUrl = viewer.page.url();

  try {
    // The demo institution has no logo: the other browser shows the white default.
    await viewer.page.locator('.allot-drawer__home svg').first().waitFor();

    await admin.page.locator('#logo-file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await drawLogo(),
    });
    await admin.page.getByAltText('Preview of the new logo').waitFor();
    await admin.page.getByRole('button', { name: 'Upload logo' }).click();
    await admin.page.getByText('Logo uploaded.').waitFor();

    // The other browser loads the uploaded image (300 px wide), not the default.
    await viewer.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img.allot-drawer__logo');
      return img !== null && img.complete && img.naturalWidth === 300;
    });

    await admin.page.locator('#primary-colour').fill('#8a2be2');
    await admin.page.getByRole('button', { name: 'Save colour' }).click();
    await viewer.page.waitForFunction(
      () =>
        getComputedStyle(document.documentElement).getPropertyValue('--allot-primary').trim() ===
        '#8a2be2',
    );
    // It followed live: the page was never reloaded or left.
    expect(viewer.page.url()).toBe(viewerUrl);
    expect(admin.problems).toEqual([]);
    expect(viewer.problems).toEqual([]);
  } finally {
    expect(await restoreSetting(admin.page, 'primary_color', colourBefore)).toBeLessThan(300);
    expect(await restoreSetting(admin.page, 'logo', logoBefore)).toBeLessThan(300);
  }
});
