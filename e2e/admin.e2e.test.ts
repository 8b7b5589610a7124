import type { Browser, Page } from 'playwright-core';
import { launchChromium, watchForProblems } from './browser.js';
import { signIn } from './harness.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

interface ListCase {
  route: string;
  singular: string;
  /** The dialog's inputs by label, for the new record; the first names it in the list. */
  create: Record<string, string>;
  /** The label of the input that names it, and the new name an edit gives it. */
  rename: { label: string; to: string };
  filterLabel: string;
  /** Screenshots of this list, its dialog and its history go to docs/screenshots. */
  screenshots?: boolean;
}

// A suffix per run: the embedded Allot is shared by every browser test file of the run.
const run = Date.now().toString(36).slice(-5);

const cases: ListCase[] = [
  {
    route: '/academicTermTypes',
    singular: 'Academic Term Type',
    create: { 'Name (required)': `Trimester ${run}`, 'Slug (required)': `trimester-${run}` },
    rename: { label: 'Name (required)', to: `Trimester term ${run}` },
    filterLabel: 'Filter by Name',
    screenshots: true,
  },
  {
    route: '/divisions',
    singular: 'Division',
    create: {
      'Name (required)': `Natural Sciences ${run}`,
      'Code (required)': `NS-${run}`,
      Description: 'Biology, chemistry and physics.',
    },
    rename: { label: 'Name (required)', to: `Natural and Applied Sciences ${run}` },
    filterLabel: 'Filter by Name',
  },
  {
    // The demo campus has more rooms than a page shows: this one's code sorts before all of them.
    route: '/locations',
    singular: 'Location',
    create: {
      'Code (required)': `AAA ${run}`,
      Description: 'Lecture hall',
      'Capacity (required)': '120',
    },
    rename: { label: 'Code (required)', to: `AAA-${run} A` },
    filterLabel: 'Filter by Code',
  },
];

async function shoot(page: Page, name: string) {
  // A drawer or dialog still sliding in would be cut off: wait until nothing moves.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  await page.screenshot({ path: `docs/screenshots/admin-${name}.png` });
}

/** Clicks `item` in the row's More actions menu (history, deactivate and delete live there). */
async function fromMenu(page: Page, row: string, item: string) {
  await page.getByRole('button', { name: `More actions for ${row}`, exact: true }).click();
  await page
    .getByRole('menu', { name: `More actions for ${row}`, exact: true })
    .getByRole('menuitem', { name: item, exact: true })
    .click();
}

async function saveDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe.each(cases)('the $route list', (c) => {
  test('creates, edits, filters, deactivates and shows the history of a record', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const problems = watchForProblems(page);
    await signIn(page, 'admin', c.route);
    const [firstLabel] = Object.keys(c.create);
    const name = c.create[firstLabel!]!;

    // Create: the dialog refuses an empty record on the spot, then saves a filled one.
    await page
      .getByRole('button', { name: `New ${c.singular}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByText(/is required\./)
      .first()
      .waitFor();
    for (const [label, value] of Object.entries(c.create)) {
      await dialog.getByLabel(label, { exact: true }).fill(value);
    }
    if (c.screenshots) await shoot(page, 'dialog');
    await saveDialog(page);
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).waitFor();

    // Edit: rename it.
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    await page.getByRole('dialog').getByLabel(c.rename.label, { exact: true }).fill(c.rename.to);
    await saveDialog(page);
    const renamed = c.rename.to;
    await page.getByRole('button', { name: `Edit ${renamed}`, exact: true }).waitFor();
    if (c.screenshots) await shoot(page, 'list');

    // Filter: only the renamed record is left.
    await page.getByLabel(c.filterLabel).fill(renamed);
    await page.getByText('1–1 of 1').waitFor();
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(1);

    // Deactivate (in the row's More actions menu), after a confirmation.
    await fromMenu(page, renamed, `Deactivate ${renamed}`);
    const alert = page.getByRole('alertdialog');
    await alert
      .getByText(/Deactivate/)
      .first()
      .waitFor();
    await alert.getByRole('button', { name: 'Deactivate' }).click();
    // Inactive now: the menu's Deactivate is greyed out.
    await alert.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `More actions for ${renamed}`, exact: true }).click();
    const menu = page.getByRole('menu', { name: `More actions for ${renamed}`, exact: true });
    await menu
      .getByRole('menuitem', { name: `Deactivate ${renamed}`, exact: true, disabled: true })
      .waitFor();

    // History: created, renamed (from → to) and deactivated, by the admin.
    await menu.getByRole('menuitem', { name: `History of ${renamed}`, exact: true }).click();
    const drawer = page.locator('.bp6-drawer');
    await drawer.getByText('Deactivated').waitFor();
    await drawer.getByText('Created').waitFor();
    await drawer.getByText('Updated').waitFor();
    await drawer.getByRole('cell', { name: renamed, exact: true }).first().waitFor();
    expect(await drawer.getByText(/Ada Admin/).count()).toBeGreaterThanOrEqual(3);
    if (c.screenshots) await shoot(page, 'history');

    expect(problems).toEqual([]);
    await page.close();
  });
});
