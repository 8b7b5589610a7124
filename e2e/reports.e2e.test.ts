import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { api } from './api.js';
import { browserForFile, shoot, showTheme } from './browser.js';

// Reports in the browser: a reporting user builds and saves a report on the grid and finds it
// again after a reload, cannot change a system report (the demo data has one per report type),
// and sees a report an administrator defined in Custom Reports and shared with their role. They
// export a report to Excel and read the file back; faculty may not export. A report as of an
// instant shows the plan as it stood then.
const files = browserForFile();
const open = (username: string, origin: string) => files.open(username, origin);

/** Opens the Columns control and waits for its checkboxes (a click during a redraw may miss). */
async function openColumns(page: Page, tableName: string) {
  const group = page.getByRole('group', { name: `Columns of ${tableName}` });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await page.getByRole('button', { name: 'Columns' }).click();
    if (
      await group.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    )
      return group;
  }
  // What the page showed instead, for the log of a run that cannot be watched.
  const seen = await page.evaluate(() => ({
    buttons: Array.from(document.querySelectorAll('button'))
      .filter((b) => b.textContent?.trim() === 'Columns')
      .map(
        (b) => `expanded=${String(b.getAttribute('aria-expanded'))} disabled=${String(b.disabled)}`,
      ),
    popovers: Array.from(document.querySelectorAll('.bp6-popover-content [role="group"]')).map(
      (g) => g.getAttribute('aria-label'),
    ),
    dialogs: Array.from(document.querySelectorAll('[role="dialog"]')).map((d) =>
      d.getAttribute('aria-label'),
    ),
    main: document.querySelector('main')?.textContent?.slice(0, 400),
  }));
  throw new Error(`The Columns control of ${tableName} did not open: ${JSON.stringify(seen)}`);
}

const run = Date.now().toString(36).slice(-5);

// A report reads the plan's history in PostgreSQL (PGlite here): allow for a busy machine.
const REPORT_MS = 120_000;
const TEST_MS = 400_000;

/** The grid has drawn its rows (the pager no longer says "Loading…"). */
async function gridLoaded(page: Page) {
  await page.getByRole('navigation', { name: 'Pages' }).waitFor({ timeout: REPORT_MS });
  await page.waitForFunction(
    () =>
      !document.querySelector('.allot-pager')?.textContent?.includes('Loading…') &&
      document.querySelector('.allot-report-table .bp6-table-cell') !== null,
    undefined,
    { timeout: REPORT_MS },
  );
}

/** Everything on the page has drawn (the reports home's charts too): no spinner left. */
async function settled(page: Page) {
  await page.waitForFunction(
    () => document.querySelectorAll('main .bp6-spinner, main .bp6-skeleton').length === 0,
    undefined,
    { timeout: REPORT_MS },
  );
}

/** A column's sort button as shown (Blueprint repeats headers in its quadrants). */
const sortButton = (page: Page, name: string) =>
  page.locator(
    `.bp6-table-quadrant-top .allot-sort-button[aria-label^="Sort by ${name}"], .bp6-table-quadrant-top-left .allot-sort-button[aria-label^="Sort by ${name}"]`,
  );

/** A part of the whole page (below the window too), for `page.screenshot`. */

/** Screenshots in the light theme, then back to the dark one (the theme is saved to the user). */
async function inLightTheme(page: Page, shootLight: () => Promise<void>) {
  await showTheme(page, 'light');
  try {
    await shootLight();
  } finally {
    await showTheme(page, 'dark');
  }
}

test(
  'a reporting user builds a Sections report, saves it, and finds it again after a reload',
  async () => {
    const { page, problems } = await open('reportingUser', '/reports');
    await page.getByRole('heading', { name: 'Saved reports' }).waitFor();
    await settled(page);
    await page
      .getByRole('list', { name: 'Report types' })
      .getByRole('link', { name: 'Sections', exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/reports/Sections');
    await gridLoaded(page);

    // Columns: Enrollment added.
    const columns = await openColumns(page, 'Sections');
    // A person clicks the label: Blueprint draws its own box over the native one.
    await columns.getByText('Enrollment', { exact: true }).click();
    await page.getByRole('button', { name: 'Columns' }).click();
    await columns.waitFor({ state: 'detached' });
    await sortButton(page, 'Enrollment').first().waitFor();

    // A filter: the uncovered sections.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitem', { name: 'Coverage' }).click();
    await page.getByRole('button', { name: /^Coverage: any/ }).click();
    await page
      .getByRole('group', { name: 'Coverage is one of' })
      .getByText('Uncovered', { exact: true })
      .click();
    await page.getByRole('button', { name: /^Coverage: Uncovered/ }).click();
    await page.getByRole('group', { name: 'Coverage is one of' }).waitFor({ state: 'detached' });

    // Sorted by points, largest first.
    await sortButton(page, 'Points').first().click();
    await sortButton(page, 'Points').first().click();
    await page.locator('[aria-label="Sort by Points, sorted descending"]').first().waitFor();
    await gridLoaded(page);
    // Every row shown is uncovered.
    await sortButton(page, 'Coverage').first().waitFor();
    expect(
      await page
        .locator('.bp6-table-quadrant-main .bp6-table-cell', { hasText: /^Covered$/ })
        .count(),
    ).toBe(0);
    expect(
      await page
        .locator('.bp6-table-quadrant-main .bp6-table-cell', { hasText: /^Uncovered$/ })
        .count(),
    ).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save report…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this report' });
    await dialog.getByLabel('Name (required)').fill(`Uncovered by points ${run}`);
    // A reporting user makes their own reports: no choice of who sees it.
    expect(await dialog.getByText('Who sees it').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.searchParams.has('report'));
    await page.getByRole('heading', { name: `Uncovered by points ${run}` }).waitFor();

    await page.reload();
    await gridLoaded(page);
    await page.getByRole('heading', { name: `Uncovered by points ${run}` }).waitFor();
    await sortButton(page, 'Enrollment').first().waitFor();
    await page.locator('[aria-label="Sort by Points, sorted descending"]').first().waitFor();
    await page.getByRole('button', { name: /^Coverage: Uncovered/ }).waitFor();
    // Nothing unsaved: the saved grid is what shows.
    expect(await page.getByText('Unsaved changes').count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('columns')).toBe(false);

    await page.getByRole('link', { name: 'All reports' }).click();
    const saved = page.getByRole('table', { name: 'Saved reports' });
    const row = saved.getByRole('row').filter({
      has: page.getByRole('link', { name: `Uncovered by points ${run}` }),
    });
    await row.waitFor();
    expect(await row.getByText('You', { exact: true }).count()).toBe(1);
    await settled(page);
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'a reporting user cannot change a system report, only save a copy',
  async () => {
    const { page, problems } = await open('reportingUser', '/reports');
    const saved = page.getByRole('table', { name: 'Saved reports' });
    const row = saved.getByRole('row').filter({
      has: page.getByRole('link', { name: 'Course offerings', exact: true }),
    });
    await row.waitFor();
    await settled(page);
    expect(await row.getByText('System', { exact: true }).count()).toBe(1);
    // No edit or delete on it.
    expect(await row.getByRole('button').count()).toBe(0);

    await row.getByRole('link', { name: 'Course offerings', exact: true }).click();
    await gridLoaded(page);
    await page.getByText(/This is a system report/).waitFor();
    await page.getByRole('button', { name: 'Save as…' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);

    // The server refuses it anyway.
    const id = new URL(page.url()).searchParams.get('report') ?? '';
    const refused = await api(page, 'PUT', `/api/reports/${id}`, { name: `Mine now ${run}` });
    expect(refused.status).toBe(403);
    // That refusal is the one problem the page saw (the browser logs it too).
    const refusal = (p: string) => p.includes(`/api/reports/${id}`) || p.includes('status of 403');
    expect(problems.filter((p) => !refusal(p))).toEqual([]);
  },
  TEST_MS,
);

test(
  'an administrator defines a report in Custom Reports, shared with reporting users, who see it',
  async () => {
    const admin = await open('admin', '/reports/admin');
    const { page } = admin;
    const newReport = page.getByRole('button', { name: 'New report' }).first();
    await newReport.waitFor({ timeout: REPORT_MS });
    await newReport.click();
    // The list's own Report type filter stays until the new report's page replaces it.
    await page.getByRole('heading', { name: 'New report' }).waitFor();
    await page.getByLabel('Report type').selectOption('InstructorWorkloads');
    await page.getByLabel('Name (required)').fill(`Workload for reporting ${run}`);
    await page.getByLabel('Description').fill('Every instructor’s points, by workgroup.');
    await page
      .getByRole('group', { name: 'Share with roles' })
      .getByText('Reporting User', { exact: true })
      .click();
    // On the grid itself: the sections column added to what the report shows.
    await gridLoaded(page);
    const columns = await openColumns(page, 'Instructor workloads');
    await columns.getByText('Sections', { exact: true }).click();
    await page.getByRole('button', { name: 'Columns' }).click();
    await sortButton(page, 'Sections').first().waitFor();
    await page.getByRole('button', { name: 'Save report' }).click();
    const list = page.getByRole('table', { name: 'Saved reports' });
    const row = list.getByRole('row').filter({
      has: page.getByRole('link', { name: `Workload for reporting ${run}` }),
    });
    await row.waitFor();
    expect(await row.getByText('Reporting User', { exact: true }).count()).toBe(1);
    expect(admin.problems).toEqual([]);

    const reporting = await open('reportingUser', '/reports');
    await settled(reporting.page);
    const link = reporting.page
      .getByRole('table', { name: 'Saved reports' })
      .getByRole('link', { name: `Workload for reporting ${run}` });
    await link.waitFor();
    await link.click();
    await gridLoaded(reporting.page);
    await sortButton(reporting.page, 'Sections').first().waitFor();
    // Theirs to read, not to change.
    expect(await reporting.page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    expect(reporting.problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'a report as of an instant shows the plan as it stood then, and the plan now after',
  async () => {
    const { page, problems } = await open('reportingUser', '/reports');
    await settled(page);
    // Academic operations adds a course after the instant the report is read at.
    const admin = await open('academicOpsAdmin', '/courses');
    const courseNumber = `ASOF ${run}`;
    const before = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const created = await api(admin.page, 'POST', '/api/courses', {
      courseNumber,
      name: 'Taught from today',
    });
    expect(created.status).toBe(201);

    const filtered = `/reports/Courses?f.courseNumber=${encodeURIComponent(courseNumber)}`;
    // Now: the new course is there.
    // As a link would (no reload: a reload cuts off the page's realtime connection mid-way).
    const follow = (to: string) =>
      page.evaluate((target) => {
        window.history.pushState({}, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, to);
    await follow(filtered);
    await gridLoaded(page);
    await page.locator('.allot-report-table').getByText(courseNumber).first().waitFor();

    // As of before it was added: not yet, and the page says which instant it shows.
    await follow(`${filtered}&asOf=${encodeURIComponent(before)}`);
    await page.getByText(/^The plan as it stood on /).waitFor({ timeout: REPORT_MS });
    await page.getByText('No matches').waitFor({ timeout: REPORT_MS });
    expect(await page.getByRole('button', { name: /^As of / }).count()).toBeGreaterThan(0);

    // Back to the plan now, from the banner.
    await page.getByRole('button', { name: 'Back to the plan now' }).first().click();
    await gridLoaded(page);
    await page.locator('.allot-report-table').getByText(courseNumber).first().waitFor();
    expect(page.url()).not.toContain('asOf=');
    expect(problems).toEqual([]);
    expect(admin.problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'a reporting user exports a report to Excel, downloads it, and finds it under My exports',
  async () => {
    const { page, problems } = await open('reportingUser', '/reports/Courses');
    await gridLoaded(page);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: /Excel/ }).click();
    // The job's progress, then its file.
    const download = page.getByRole('button', { name: 'Download', exact: true });
    await download.waitFor({ timeout: REPORT_MS });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^Courses.*\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('The file has no sheet');
    // A frozen header row of the grid's columns, then typed rows: numbers as numbers.
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['Course number', 'Name', 'Workgroup', 'Credit hours', 'Active']);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBeGreaterThan(10);
    const hours = sheet
      .getColumn(4)
      .values.slice(2)
      .filter((v) => v !== null && v !== undefined);
    expect(hours.length).toBeGreaterThan(0);
    expect(hours.every((v) => typeof v === 'number')).toBe(true);

    // Later, from the reports home: the export is listed, to download again.
    await page.goto(new URL('/reports', page.url()).toString());
    const exports = page.getByRole('table', { name: 'Exports' });
    await exports.getByRole('row').filter({ hasText: 'Courses' }).first().waitFor();
    expect(await exports.getByRole('button', { name: /^Download / }).count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'with exports switched off, no one is offered an export and the server refuses one',
  async () => {
    const admin = await open('admin', '/');
    const off = await api(admin.page, 'PUT', '/api/settings/exportsEnabled', { value: 'false' });
    expect(off.status).toBe(200);
    try {
      const { page } = await open('reportingUser', '/reports/Courses');
      await gridLoaded(page);
      expect(await page.getByRole('button', { name: 'Export' }).count()).toBe(0);
      expect(await page.getByRole('heading', { name: 'My exports' }).count()).toBe(0);
      const refused = await api(page, 'POST', '/api/reportExports', {
        reportType: 'Courses',
        format: 'csv',
      });
      expect(refused.status).toBe(403);
    } finally {
      // Back to the configured default for the files after this one.
      const back = await api(admin.page, 'PUT', '/api/settings/exportsEnabled', { value: '' });
      expect(back.status).toBe(200);
    }
  },
  TEST_MS,
);

test(
  'a faculty member may not export: the server refuses to start or list exports',
  async () => {
    const { page } = await open('faculty', '/');
    const refused = await api(page, 'POST', '/api/reportExports', {
      reportType: 'Courses',
      format: 'csv',
    });
    expect(refused.status).toBe(403);
    const listed = await api(page, 'GET', '/api/reportExports?scope=mine');
    expect(listed.status).toBe(403);
  },
  TEST_MS,
);

test(
  'screenshots: the reports home and a grouped Sections report, in both themes',
  async () => {
    const { page, problems } = await open('reportingUser', '/reports');
    await page.getByRole('table', { name: 'Saved reports' }).waitFor();
    await settled(page);
    // Saved reports, the report types and the snapshots, and the charts' first lines below them.
    const charts = await page.getByRole('heading', { name: 'Charts', exact: true }).boundingBox();
    const scrolled = await page.evaluate(() => window.scrollY);
    const clip = { x: 0, y: 0, width: 1400, height: (charts?.y ?? 800) + scrolled + 360 };
    await shoot(page, 'reports-home-dark', clip);
    await inLightTheme(page, () => shoot(page, 'reports-home-light', clip));

    // The uncovered online sections by workgroup: several groups on the first screen.
    // As a link would (no reload: the theme's own requests are not cut off).
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, '/reports/Sections?columns=courseNumber,sectionNumber,sectionName,term,teachingMode,points,coverage&sort=courseNumber,sectionNumber&f.coverage=uncovered&f.teachingMode=online');
    await gridLoaded(page);
    await page.getByRole('combobox', { name: 'Group by' }).selectOption('workgroup');
    await page.locator('.allot-report-group').first().waitFor();
    await gridLoaded(page);
    await shoot(page, 'reports-sections-grouped-dark');
    await inLightTheme(page, () => shoot(page, 'reports-sections-grouped-light'));
    expect(problems).toEqual([]);
  },
  TEST_MS,
);
