import { unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { api } from './api.js';
import { browserForFile, shoot, showTheme } from './browser.js';
import { appUrl } from './harness.js';

// Imports in the browser: an academic operations administrator previews a sections file whose
// section-number column has a heading of its own, maps it, sees one row refused in words, runs
// the import with its progress, finds the run in the history, previews the same file again
// (nothing to do) and undoes the run; a reporting user has no imports and the server refuses
// them.
const files = browserForFile();
const run = Date.now().toString(36).slice(-5);
const TEST_MS = 300_000;
const RUN_MS = 120_000;

interface Row {
  id: string;
  [field: string]: unknown;
}

/** An offering of the demo with a term and mode, named as a file from an SIS would name it. */
async function anOffering(page: Page) {
  const get = async (url: string) => (await api<Row>(page, 'GET', url)).body;
  const offerings = (await api<{ rows: Row[] }>(page, 'GET', '/api/courseOfferings?take=100')).body
    .rows;
  const offering = offerings.find(
    (o) => Array.isArray(o.termModes) && (o.termModes as unknown[]).length > 0,
  )!;
  const mode = (offering.termModes as { AcademicTermId: string; TeachingModeId: string }[])[0]!;
  const [course, period, term, teachingMode] = await Promise.all([
    get(`/api/courses/${String(offering.CourseId)}`),
    get(`/api/academicPeriods/${String(offering.AcademicPeriodId)}`),
    get(`/api/academicTerms/${mode.AcademicTermId}`),
    get(`/api/teachingModes/${mode.TeachingModeId}`),
  ]);
  const names = [course.courseNumber, period.name, term.name, teachingMode.name];
  if (names.some((n) => typeof n !== 'string')) {
    throw new Error(
      `No names for the offering: ${JSON.stringify([course, period, term, teachingMode])}`,
    );
  }
  return names as [string, string, string, string];
}

test(
  'an academic operations administrator maps, previews and runs a sections import, previews it again and undoes it',
  async () => {
    const { page, problems } = await files.open('academicOpsAdmin', '/dataServices?view=imports');
    await page.getByRole('tab', { name: 'Imports', selected: true }).waitFor();
    // An administrator reads the configuration lists (teaching modes) the names come from.
    const admin = await files.open('admin', '/');
    const [courseNumber, period, term, mode] = await anOffering(admin.page);
    const line = (number: string, days: string, room: string) =>
      [
        courseNumber,
        period,
        term,
        // The source system's code for the teaching mode, translated by a value mapping.
        'LEC',
        number,
        `Imported ${run}`,
        '20',
        days,
        '8:00 AM',
        '8:50 AM',
        room,
      ]
        .map((cell) => `"${cell}"`)
        .join(',');
    const csv = [
      'Course number,Academic period,Term,Teaching mode,Sect,Name,Enrollment,Days,Start time,End time,Room',
      line(`I${run}1`, 'MWF', ''),
      line(`I${run}2`, 'TTh', ''),
      line(`I${run}3`, 'MWF', 'NO SUCH ROOM'),
    ].join('\n');
    const file = { name: `sections-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) };

    await page.getByLabel('What the file holds').selectOption({ label: 'Sections' });
    await page.setInputFiles('#import-file', file);
    await page.getByRole('button', { name: 'Preview' }).click();
    // "Sect" is not a heading Allot knows: the section number must be chosen.
    await page
      .getByText('Section number is required: choose the file’s column that holds it.')
      .waitFor();
    await page.getByLabel('Section number (required)').selectOption('Sect');
    await page.getByRole('button', { name: 'Preview again' }).click();
    await page.getByText('No teaching mode is called "LEC".').first().waitFor();
    // The columns and values stay open while they are being chosen.
    const addValue = page.getByRole('button', { name: 'Add a value' });
    await addValue.click();
    await page.getByLabel('Column of value 1').selectOption({ label: 'Teaching mode' });
    await page.getByLabel('Teaching mode: in the file').fill('LEC');
    await page.getByLabel('Teaching mode: in Allot').fill(mode);
    await page.getByRole('button', { name: 'Preview again' }).click();

    await page.getByText('2 to create').waitFor();
    await page.getByText('1 refused').waitFor();
    const table = page.getByRole('table', { name: 'What the import would do' });
    await table.getByText('Row 4, Room: No room is called "NO SUCH ROOM".').waitFor();
    await shoot(page, 'imports-preview-dark');
    await showTheme(page, 'light');
    await shoot(page, 'imports-preview-light');

    // Kept under a name: next month's file imports with the same columns.
    const saved = `Sections from the SIS ${run}`;
    await page.getByRole('button', { name: 'Save as a saved import…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this import' });
    await dialog.getByLabel('Name').fill(saved);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByLabel('Saved import')
      .locator('option', { hasText: saved })
      .waitFor({ state: 'attached' });
    expect(await page.getByLabel('Saved import').inputValue()).not.toBe('');

    await page.getByRole('button', { name: 'Import 2 records' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
    await page.getByText('The import has ended').waitFor({ timeout: RUN_MS });
    const runs = page.getByRole('table', { name: 'Import runs' });
    const runRow = runs.getByRole('row').filter({ hasText: file.name });
    await runRow.getByText('2 created, 1 refused').waitFor({ timeout: RUN_MS });
    await runRow.getByText(saved).waitFor();
    await runRow.getByRole('button', { name: /^1 problem in / }).click();
    const drawer = page.locator('.allot-import-problems');
    await drawer.getByText(`Problems of ${file.name}`).waitFor();
    await drawer.getByText('Row 4, Room: No room is called "NO SUCH ROOM".').waitFor();
    await page.keyboard.press('Escape');
    await shoot(page, 'imports-runs-light');
    await showTheme(page, 'dark');
    await page.getByRole('button', { name: 'Done' }).click();

    // The sections are there, as if typed: found through the sections list.
    const sections = await api<{ count: number }>(
      page,
      'GET',
      `/api/sections?q=${encodeURIComponent(`Imported ${run}`)}`,
    );
    expect(sections.body.count).toBe(2);

    // The same file again, with the columns as chosen before: nothing new to do.
    await page.setInputFiles('#import-file', file);
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('2 unchanged').waitFor();
    await page.getByText('0 to create').waitFor();
    // The term's other sections are in Allot but not in this file: listed, and kept.
    await page.getByText(/ not in the file, kept$/).waitFor();
    expect(await page.getByRole('button', { name: 'Import 0 records' }).isDisabled()).toBe(true);

    // Undone as a whole: the two sections are gone, the run says so.
    await runRow.getByRole('button', { name: /^Undo / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Undo the import' }).click();
    await runRow.getByText('Undone').waitFor({ timeout: RUN_MS });
    const left = await api<{ count: number }>(
      page,
      'GET',
      `/api/sections?q=${encodeURIComponent(`Imported ${run}`)}`,
    );
    expect(left.body.count).toBe(0);

    // The change feed says which import wrote the sections and which undo took them away.
    await page.goto(`${appUrl()}/changes?q=${encodeURIComponent(`Imported ${run}`)}`);
    await page
      .getByText(new RegExp(`Import “${saved}” run by .+ from ${file.name}`))
      .first()
      .waitFor({ timeout: RUN_MS });
    await page
      .getByText(new RegExp(`Undo of import “${saved}” of ${file.name}, by `))
      .first()
      .waitFor({ timeout: RUN_MS });
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'a saved import reads its file from the import folder on its schedule, or now',
  async () => {
    const folder = process.env.ALLOT_E2E_IMPORT_DIR;
    if (!folder) throw new Error('ALLOT_E2E_IMPORT_DIR is unset: run through e2e/jest.config.js');
    const fileName = `rooms-${run}.csv`;
    await writeFile(
      path.join(folder, fileName),
      `Code,Capacity,Description\nNIGHT ${run}1,24,Seminar\nNIGHT ${run}2,12,\n`,
    );
    const { page, problems } = await files.open('academicOpsAdmin', '/dataServices?view=imports');
    await page.getByLabel('What the file holds').selectOption({ label: 'Rooms' });
    // A saved import is made from a preview: the columns come from a file like the nightly one.
    await page.setInputFiles('#import-file', {
      name: fileName,
      mimeType: 'text/csv',
      buffer: Buffer.from('Code,Capacity,Description\n'),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('0 to create').waitFor();
    await page.getByRole('button', { name: 'Save as a saved import…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this import' });
    const name = `Nightly rooms ${run}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByText('A file of the import folder (an SIS’s nightly extract)').click();
    await dialog.getByLabel('File name').fill(fileName);
    await dialog.getByLabel('Runs by itself').selectOption({ label: 'Every day' });
    await dialog.getByLabel('Time of day').fill('02:30');
    await dialog.getByLabel('Time zone').selectOption('UTC');
    await dialog.getByText('Every day at 02:30, UTC time.').waitFor();
    await shoot(page, 'imports-saved-schedule-dark');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByText(`“${name}” reads`).waitFor();
    await page.getByText(`${fileName} in the import folder`).waitFor();
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('The import has ended').waitFor({ timeout: RUN_MS });
    const runs = page.getByRole('table', { name: 'Import runs' });
    const runRow = runs.getByRole('row').filter({ hasText: fileName });
    await runRow.getByText('2 created').waitFor({ timeout: RUN_MS });
    await runRow.getByText(name).waitFor();
    await showTheme(page, 'light');
    await shoot(page, 'imports-saved-schedule-light');

    // The file gone from the folder, the next run fails, and whoever runs it hears of it in the
    // bell without a reload; the notification leads to the run and why it failed.
    await unlink(path.join(folder, fileName));
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.getByRole('button', { name: 'Run now' }).click();
    await page.getByText('The import failed').waitFor({ timeout: RUN_MS });
    await page
      .getByText(/The rooms file could not be read\. The import folder has no file/)
      .first()
      .waitFor();
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor({ timeout: RUN_MS });
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const notice = panel.getByRole('button', {
      name: new RegExp(`^Unread: Import “${name}” failed`),
    });
    await notice.waitFor();
    await shoot(page, 'notifications-import-failed-light');
    await showTheme(page, 'dark');
    await bell.click();
    await notice.waitFor();
    await shoot(page, 'notifications-import-failed-dark');
    await notice.click();
    await page.waitForURL((url) => url.searchParams.has('run'));
    const why = page.locator('.allot-import-problems');
    await why.getByText(/^Problems of /).waitFor();
    await why.getByText(/could not be read/).waitFor();
    await page.keyboard.press('Escape');
    await why.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('run')).toBe(false);
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'a reporting user has no imports, and the server refuses them',
  async () => {
    const reporter = await files.open('reportingUser', '/');
    const refused = await reporter.page.evaluate(async () => {
      const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as { csrfToken: string };
      const form = new FormData();
      form.append('kind', 'locations');
      form.append('file', new Blob(['Code,Capacity\nX,1\n']), 'rooms.csv');
      const response = await fetch('/api/imports/preview', {
        method: 'POST',
        headers: { 'X-CSRF-Token': csrfToken },
        body: form,
      });
      return response.status;
    });
    expect(refused).toBe(403);
    expect((await api(reporter.page, 'GET', '/api/imports/runs')).status).toBe(403);
  },
  TEST_MS,
);
