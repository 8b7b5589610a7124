import { api } from './api.js';
import { browserForFile, shoot, showTheme } from './browser.js';

// Data Services in the browser: an administrator defines one over a system report with a weekly
// schedule, runs it now, watches the run finish and downloads its file from the run history;
// a reporting user has no Data Services and the server refuses them; with the flag off even an
// administrator has none.
const files = browserForFile();
const open = (username: string, origin: string) =>
  files.open(username, origin, { acceptDownloads: true });

const run = Date.now().toString(36).slice(-5);
const TEST_MS = 300_000;
const RUN_MS = 120_000;

test(
  'an administrator defines a scheduled data service, runs it and downloads the run’s file',
  async () => {
    const { page, problems } = await open('admin', '/dataServices');
    await page.getByRole('heading', { name: 'Data Services' }).waitFor();
    await page.getByRole('button', { name: 'New data service' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New data service' });
    await dialog.waitFor();
    // Sent empty: the dialog says what is missing and stays open.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Give the data service a name.').waitFor();

    const name = `Courses for the catalog ${run}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Report').selectOption({ label: 'Courses — Courses' });
    // Blueprint draws its own indicator over the input: the label is what a person clicks.
    await dialog.locator('label', { hasText: 'CSV' }).click();
    expect(await dialog.getByRole('radio', { name: 'CSV' }).isChecked()).toBe(true);
    await dialog.getByLabel('Runs by itself').selectOption({ label: 'Every week' });
    await dialog.locator('label', { hasText: 'Thursday' }).click();
    expect(await dialog.getByRole('checkbox', { name: 'Thursday' }).isChecked()).toBe(true);
    await dialog.getByLabel('Time of day').fill('05:30');
    await dialog.getByLabel('Time zone').selectOption('America/Chicago');
    await dialog
      .getByText('Every Monday and Thursday at 05:30, America/Chicago time.', { exact: false })
      .waitFor();
    await shoot(page, 'data-service-dialog-dark');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'detached' });

    const table = page.getByRole('table', { name: 'Data services' });
    const row = table.getByRole('row').filter({ hasText: name });
    await row.getByText('Every Monday and Thursday at 05:30').waitFor();
    await row.getByText('Not run yet').waitFor();

    // The same name again is refused, in words, with nothing saved.
    await page.getByRole('button', { name: 'New data service' }).first().click();
    const again = page.getByRole('dialog', { name: 'New data service' });
    await again.getByLabel('Name').fill(name.toUpperCase());
    await again.getByRole('button', { name: 'Create' }).click();
    await again.getByText('A data service with this name exists already.').waitFor();
    await again.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Run ${name} now` }).click();
    await row.getByText('Ready').waitFor({ timeout: RUN_MS });
    await shoot(page, 'data-services-dark');
    await showTheme(page, 'light');
    await shoot(page, 'data-services-light');
    await showTheme(page, 'dark');

    await page.getByRole('button', { name: `Runs of ${name}` }).click();
    const runs = page.getByRole('table', { name: `Runs of ${name}` });
    await runs.getByText('Run by hand').waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      runs.getByRole('button', { name: /^Download / }).click(),
    ]);
    expect(file.suggestedFilename()).toBe(`${name}.csv`);
    const stream = await file.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    expect(text.split(/\r?\n/)[0]).toContain('Course number');
    expect(text.trim().split(/\r?\n/).length).toBeGreaterThan(10);
    await page.keyboard.press('Escape');

    // Deleted after a confirmation: gone from the list.
    await page.getByRole('button', { name: `More actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    // The name refused on purpose is the one problem the page saw (the browser logs it too).
    const refusal = (p: string) =>
      p === `HTTP 422: POST ${new URL('/api/dataServices', page.url()).toString()}` ||
      p.includes('status of 422');
    expect(problems.filter((p) => !refusal(p))).toEqual([]);
    expect(problems.filter(refusal)).toHaveLength(2);
  },
  TEST_MS,
);

test(
  'a reporting user has no Data Services; with the flag off nor has an administrator',
  async () => {
    const reporter = await open('reportingUser', '/dataServices');
    await reporter.page.getByText('You do not have access to this page').waitFor();
    expect((await api(reporter.page, 'GET', '/api/dataServices')).status).toBe(403);
    const refused = await api(reporter.page, 'POST', '/api/dataServices', {
      name: 'Not mine',
      savedReportId: 'x',
      format: 'csv',
      timeZone: 'UTC',
    });
    expect(refused.status).toBe(403);

    const admin = await open('admin', '/');
    const off = await api(admin.page, 'PUT', '/api/settings/dataServicesEnabled', {
      value: 'false',
    });
    expect(off.status).toBe(200);
    try {
      await admin.page.goto(new URL('/dataServices', admin.page.url()).toString());
      await admin.page.getByText('You do not have access to this page').waitFor();
      const menu = admin.page.getByRole('navigation', { name: 'Main menu' });
      expect(await menu.getByRole('link', { name: 'Data Services' }).count()).toBe(0);
      expect((await api(admin.page, 'GET', '/api/dataServices')).status).toBe(403);
    } finally {
      const back = await api(admin.page, 'PUT', '/api/settings/dataServicesEnabled', {
        value: '',
      });
      expect(back.status).toBe(200);
    }
  },
  TEST_MS,
);
