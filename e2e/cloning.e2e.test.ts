import { rm } from 'node:fs/promises';
import { api } from './api.js';
import { demoDataDir, startAllotProcess, type AllotProcess } from './allotProcess.js';
import { seriousFindings } from './axe.js';
import { browserForFile, shoot, showTheme } from './browser.js';

// Clone Resources on an Allot of this file's own (the clone fills next year's period, which other
// files read empty): an academic operations admin copies the demo's current period into next
// year's with fall mapped and spring and summer left out (a third of the period: every kind and
// rule all the same), previews, runs it with progress, and previews again — nothing new; faculty
// and approvers are refused.
const files = browserForFile();
const TEST_MS = 300_000;
let allot: AllotProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = await demoDataDir('allot-e2e-cloning-');
  allot = await startAllotProcess({ dataDir, env: { ALLOT_DEMO_DATA: 'on' } });
}, TEST_MS);

afterAll(async () => {
  await allot?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test(
  'an academic operations admin previews a clone into next year, runs it, and a second run finds everything there',
  async () => {
    const { page, problems } = await files.open('academicOpsAdmin', '/cloning', {
      base: allot.url,
      bypassCSP: true,
    });
    await page.getByRole('heading', { name: 'Clone Resources', level: 1 }).waitFor();
    const periods = await api<{ rows: { id: string; name: string; startDate: string }[] }>(
      page,
      'GET',
      '/api/academicPeriods?take=10',
    );
    const [, current, next] = [...periods.body.rows].sort((a, b) =>
      a.startDate.localeCompare(b.startDate),
    );
    if (!current || !next) throw new Error('The demo has three periods');
    await page.getByLabel('Copy from').selectOption(current.id);
    await page.getByLabel('Into', { exact: true }).selectOption(next.id);
    // Each term goes to its namesake; spring and summer are left out here.
    const summer = page.getByLabel(/^Summer \d{4} goes to/);
    await summer.waitFor();
    expect(await page.getByLabel(/^Fall \d{4} goes to/).inputValue()).not.toBe('');
    await summer.selectOption({ label: 'Not copied' });
    await page.getByLabel(/^Spring \d{4} goes to/).selectOption({ label: 'Not copied' });
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('region', { name: 'What the clone would do' });
    await preview
      .getByRole('rowheader', { name: 'Sections, with their meetings and rooms' })
      .waitFor();
    await preview.getByText('What cannot be copied').waitFor();
    await preview
      .getByText(/has no term of .+ mapped to it\./)
      .first()
      .waitFor();
    expect(await seriousFindings(page, '/cloning (preview)', 'dark')).toEqual([]);
    await shoot(page, 'cloning-preview-dark');

    await page.getByRole('button', { name: /^Clone [\d,]+ records…$/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clone', exact: true }).click();
    await page.getByText('The clone is done').waitFor({ timeout: 180_000 });
    await page.getByText(/^Course offerings: [\d,]+ created, 0 already there\./).waitFor();
    await shoot(page, 'cloning-done-dark');
    await page.getByRole('button', { name: 'Done', exact: true }).click();

    // Again: every offering and section is there; only what a command refused (the demo's
    // deliberate double bookings) would be tried again, and a second run creates nothing new.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const table = page.getByRole('table', { name: /^Copying / });
    const toCreate = async (what: string) =>
      (await table
        .getByRole('row')
        .filter({ hasText: what })
        .locator('td')
        .first()
        .textContent()) ?? '';
    await table.waitFor();
    expect(await toCreate('Course offerings')).toBe('0');
    expect(await toCreate('Sections, with their meetings and rooms')).toBe('0');
    await page.getByRole('button', { name: /^Clone [\d,]+ records…$/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clone', exact: true }).click();
    await page.getByText('The clone is done').waitFor({ timeout: 180_000 });
    await page
      .getByText(
        /^Course offerings: 0 created, [\d,]+ already there\. Sections, with their meetings and rooms: 0 created, [\d,]+ already there\. Teaching assignments: 0 created/,
      )
      .waitFor();
    await page.getByRole('button', { name: 'Done', exact: true }).click();

    // These choices as a blueprint, used again: the kinds of terms go where they went (spring
    // and summer left out), whatever was chosen since.
    await page.getByRole('button', { name: 'Save as a blueprint…' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Year to year');
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForFunction(
      (name) =>
        (document.getElementById('clone-blueprint') as HTMLSelectElement | null)?.selectedOptions[0]
          ?.textContent === name,
      'Year to year',
    );
    await page
      .getByLabel('Blueprint', { exact: true })
      .selectOption({ label: 'None: choose below' });
    await page.getByLabel(/^Summer \d{4} goes to/).selectOption({ index: 1 });
    expect(await page.getByLabel(/^Summer \d{4} goes to/).inputValue()).not.toBe('');
    await page.getByLabel('Blueprint', { exact: true }).selectOption({ label: 'Year to year' });
    await page.getByLabel(/^Summer \d{4} goes to/).waitFor();
    expect(await page.getByLabel(/^Summer \d{4} goes to/).inputValue()).toBe('');
    expect(await page.getByLabel(/^Spring \d{4} goes to/).inputValue()).toBe('');
    expect(await page.getByLabel(/^Fall \d{4} goes to/).inputValue()).not.toBe('');

    await showTheme(page, 'light');
    expect(await seriousFindings(page, '/cloning', 'light')).toEqual([]);
    await shoot(page, 'cloning-again-light');
    await showTheme(page, 'dark');
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'faculty, approvers and financial reporting users are refused cloning',
  async () => {
    for (const who of ['faculty', 'academicAffairsApprover', 'financialReportingUser']) {
      // Straight to the page: leaving the dashboard mid-load would abort its requests.
      const { page, problems } = await files.open(who, '/cloning', { base: allot.url });
      await page.getByRole('heading', { name: 'Unauthorized', level: 1 }).waitFor();
      expect(problems).toEqual([]);
      const refused = await api(page, 'POST', '/api/cloning/preview', {
        SourcePeriodId: 'a',
        TargetPeriodId: 'b',
        kinds: ['offerings'],
        termMapping: {},
      });
      expect([who, refused.status]).toEqual([who, 403]);
    }
  },
  TEST_MS,
);
