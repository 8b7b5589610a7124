import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { demoDataDir, startAllotProcess, type AllotProcess } from './allotProcess.js';
import { browserForFile, watchForProblems } from './browser.js';
import { signIn } from './harness.js';

// Changing a working period, on an Allot of this file's own: the change sends every browser of
// that user home (spec §4), so on the run's Allot it would pull administrators out of the other
// files' tests (a teaching test's page went home halfway, under CI's parallel files).
const files = browserForFile();
const screenshots = path.join(process.cwd(), 'docs', 'screenshots');
const START_MS = 300_000;
let allot: AllotProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = await demoDataDir('allot-e2e-period-');
  allot = await startAllotProcess({ dataDir, env: { ALLOT_DEMO_DATA: 'on' } });
}, START_MS);

afterAll(async () => {
  await allot?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const open = (username: string, origin: string) =>
  files.open(username, origin, {
    viewport: { width: 1280, height: 800 },
    socket: true,
    base: allot.url,
  });

interface Period {
  id: string;
  name: string;
  isSystemActive: boolean;
}

async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    return (await response.json()) as T;
  }, `/api/${path}`);
}

/** Changes the signed-in user's working period through the API, with the session's CSRF token. */
async function setWorkingPeriod(page: Page, userId: string, periodId: string): Promise<number> {
  return page.evaluate(
    async ({ userId, periodId }) => {
      const { csrfToken } = (await (await fetch('/api/auth/csrf')).json()) as {
        csrfToken: string;
      };
      const response = await fetch(`/api/users/${userId}/working`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'X-CSRF-Token': csrfToken },
        body: JSON.stringify({ id: userId, WorkingAcademicPeriodId: periodId }),
      });
      return response.status;
    },
    { userId, periodId },
  );
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function userNameShows(page: Page, name: string) {
  await page.getByTestId('drawer-user-name').filter({ hasText: name }).waitFor();
}

test('a working period change reaches the same user’s other browser in realtime, and nobody else’s', async () => {
  const first = await open('academicOpsAdmin', '/');
  const second = await open('academicOpsAdmin', '/courses');
  const other = await open('academicAffairsApprover', '/sections');

  const auth = await api<{ workingUserId: string; workingAcademicPeriodId: string | null }>(
    first.page,
    'auth',
  );
  const periods = await api<{ rows: Period[] }>(first.page, 'academicPeriods');
  const before = auth.workingAcademicPeriodId;
  const target = periods.rows.find((p) => !p.isSystemActive && p.id !== before);
  if (!target) throw new Error('The demo data has no second academic period.');

  const followed = second.page.waitForResponse(async (response) => {
    if (new URL(response.url()).pathname !== '/api/auth') return false;
    const body = (await response.json()) as { workingAcademicPeriodId?: string };
    return body.workingAcademicPeriodId === target.id;
  });
  expect(await setWorkingPeriod(first.page, auth.workingUserId, target.id)).toBe(200);

  // The second browser refetched the session in the new period and went home, where it shows it.
  await followed;
  await second.page.waitForURL((url) => url.pathname === '/');
  await second.page.getByText(target.name).first().waitFor();

  // The other user's browser stayed where it was.
  await first.page.waitForURL((url) => url.pathname === '/');
  expect(pathOf(other.page)).toBe('/sections');

  // A fresh start matches the server's version: no Application Update modal anywhere.
  for (const { page } of [first, second, other]) {
    expect(await page.getByText('Application Update').count()).toBe(0);
  }

  // Leave the demo user as we found them (their own choice, else the active period).
  const restore = before ?? periods.rows.find((p) => p.isSystemActive)?.id;
  if (restore) expect(await setWorkingPeriod(first.page, auth.workingUserId, restore)).toBe(200);
  await second.page.waitForResponse(async (response) => {
    if (new URL(response.url()).pathname !== '/api/auth') return false;
    const body = (await response.json()) as { workingAcademicPeriodId?: string };
    return body.workingAcademicPeriodId === restore;
  });
  expect(pathOf(other.page)).toBe('/sections');

  expect(first.problems).toEqual([]);
  expect(second.problems).toEqual([]);
  expect(other.problems).toEqual([]);
});

test('an administrator changes the working period in the drawer, sees the warning, and changes it back', async () => {
  const context = await files.browser().newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = watchForProblems(page);
  await signIn(page, 'admin', '/', allot.url);
  await userNameShows(page, 'Ada Admin');
  const differs = page.getByLabel('This differs from the active academic period.');
  const edit = page.getByRole('button', { name: 'Change the working period' });
  const select = page.getByRole('combobox', { name: 'Working period' });

  await edit.focus();
  await edit.click();
  const options = await select.locator('option').allTextContents();
  const active = await select.inputValue();
  const values = await select
    .locator('option')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLOptionElement).value));
  const other = values.find((value) => value !== active);
  expect(options.length).toBeGreaterThan(1);
  expect(other).toBeDefined();
  await select.selectOption(other ?? '');
  await differs.waitFor();
  await page.mouse.move(760, 400);
  await page.locator('.bp6-tooltip').waitFor({ state: 'detached' });
  await page.screenshot({ path: path.join(screenshots, 'shell-working-period.png') });

  // Back to the active period: the warning goes.
  await edit.click();
  await select.selectOption(active);
  await differs.waitFor({ state: 'detached' });
  await edit.waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
