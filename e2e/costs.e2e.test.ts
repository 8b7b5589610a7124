import { api } from './api.js';
import { seriousFindings } from './axe.js';
import { browserForFile, shoot, showTheme } from './browser.js';

// The Instructor Cost Matrix on the run's demo Allot: a financial reporting user changes a rate
// in the grid, plans a placeholder for a section nobody teaches and sets a cost by hand, and the
// costs and totals follow from the server; administrators and faculty are refused.
const files = browserForFile();
const TEST_MS = 240_000;

test(
  'a financial reporting user edits the matrix: a rate, a placeholder, a cost set by hand',
  async () => {
    const { page, problems } = await files.open('financialReportingUser', '/instructorCosts', {
      bypassCSP: true,
    });
    await page.getByRole('heading', { name: 'Instructor Cost Matrix', level: 1 }).waitFor();
    // Under Administration, the one item of it this role has.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Instructor Cost Matrix' }).waitFor();
    const totals = page.getByRole('table', { name: 'Cost per workgroup and academic period' });
    await totals.getByRole('rowheader', { name: 'All workgroups' }).waitFor();

    // The rate grid: Adjunct Faculty, any rank, from 1,100.00 to 1,250.00 a point.
    await page.getByRole('tab', { name: 'Rates' }).click();
    const cell = page.getByRole('button', {
      name: 'Rate per point of Adjunct Faculty, any rank: 1,100.00. Change',
    });
    await cell.click();
    const rate = page.getByRole('textbox', { name: 'Rate per point of Adjunct Faculty, any rank' });
    await rate.fill('-5');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('An amount cannot be negative.').waitFor();
    await rate.fill('1250');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('button', {
        name: 'Rate per point of Adjunct Faculty, any rank: 1,250.00. Change',
      })
      .waitFor();
    expect(await seriousFindings(page, '/instructorCosts (rates)', 'dark')).toEqual([]);
    await shoot(page, 'instructor-costs-rates-dark');

    // A section nobody teaches: plan an adjunct for it; its points are costed at the new rate.
    await page.getByRole('tab', { name: 'Costs' }).click();
    await page.getByRole('combobox', { name: 'Lines' }).selectOption('unstaffed');
    await page.waitForURL((url) => url.searchParams.get('kind') === 'unstaffed');
    const lines = page.getByRole('table', { name: /^Cost per section and instructor/ });
    const first = lines.locator('tbody tr').first();
    await first.getByText('Not staffed').waitFor();
    const section =
      (await first.locator('th .allot-costs-section > span').first().textContent()) ?? '';
    const points = Number((await first.locator('td').nth(3).textContent()) ?? '0');
    await first.getByRole('button', { name: `Plan a placeholder for ${section}` }).click();
    const dialog = page.getByRole('dialog', { name: `Placeholder for ${section}` });
    await dialog.getByRole('button', { name: 'Save placeholder' }).click();
    await dialog.getByText('Choose the instructor type to hire.').waitFor();
    await dialog.getByLabel('Instructor type').selectOption({ label: 'Adjunct Faculty' });
    await dialog.getByRole('button', { name: 'Save placeholder' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('combobox', { name: 'Lines' }).selectOption('placeholder');
    const planned = lines.locator('tbody tr').filter({ hasText: section }).first();
    await planned.getByText('TBD Adjunct Faculty').waitFor();
    const expected = (points * 1250).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await planned.getByText(expected, { exact: true }).waitFor();

    // A cost set by hand on an assignment replaces its rate.
    await page.getByRole('combobox', { name: 'Lines' }).selectOption('assignment');
    await page.getByLabel('Search sections and instructors').fill('BIOL 101-001');
    await page.waitForURL((url) => url.searchParams.get('q') === 'BIOL 101-001');
    // The section's few assignments, not the page of 25 before the search applied.
    await lines.locator('tbody tr').nth(4).waitFor({ state: 'detached' });
    const assignment = lines.locator('tbody tr').first();
    await assignment
      .getByRole('button', { name: /^Set the cost of .+ on BIOL 101-001 by hand$/ })
      .click();
    const costDialog = page.getByRole('dialog', { name: /^Cost of .+ on BIOL 101-001$/ });
    await costDialog.getByLabel('Cost of this assignment').fill('7500');
    await costDialog.getByLabel('Notes').fill('Course redesign');
    await costDialog.getByRole('button', { name: 'Save' }).click();
    await costDialog.waitFor({ state: 'hidden' });
    await assignment.getByText('7,500.00', { exact: true }).waitFor();
    await assignment.getByText('Set by hand').waitFor();
    await assignment.getByText('Course redesign').waitFor();
    expect(await seriousFindings(page, '/instructorCosts', 'dark')).toEqual([]);
    await shoot(page, 'instructor-costs-dark');
    await showTheme(page, 'light');
    expect(await seriousFindings(page, '/instructorCosts', 'light')).toEqual([]);
    await shoot(page, 'instructor-costs-light');
    await showTheme(page, 'dark');
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'administrators, approvers and faculty are refused the matrix and its calls',
  async () => {
    for (const who of ['admin', 'academicOpsAdmin', 'faculty']) {
      const { page, problems } = await files.open(who, '/');
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await menu.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await menu.getByRole('link', { name: 'Instructor Cost Matrix' }).count()).toBe(0);
      await page.goto(new URL('/instructorCosts', page.url()).toString());
      await page.getByText('Unauthorized').first().waitFor();
      expect(problems).toEqual([]);
      for (const url of ['/api/costs/lines', '/api/costs/totals', '/api/costs/rates']) {
        expect([who, url, (await api(page, 'GET', url)).status]).toEqual([who, url, 403]);
      }
      const write = await api(page, 'POST', '/api/instructorRates', {
        AcademicPeriodId: 'any',
        InstructorTypeId: 'any',
        ratePerPoint: 1,
      });
      expect([who, write.status]).toEqual([who, 403]);
    }
  },
  TEST_MS,
);
