import type { Page } from 'playwright-core';
import { api as call } from './api.js';
import { browserForFile } from './browser.js';

interface Period {
  id: string;
  name: string;
  isSystemActive: boolean;
}

const files = browserForFile();
const open = (username: string, origin: string) =>
  files.open(username, origin, { viewport: { width: 1280, height: 800 }, socket: true });

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

test('a working period change reaches the same user’s other browser in realtime, and nobody else’s', async () => {
  // academicOpsAdmin may change the working period; no other browser test depends on theirs.
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

interface SectionRow {
  id: string;
  courseNumber: string | null;
  name: string;
}

test('a section renamed by one user shows in another user’s open section list without a reload', async () => {
  const viewer = await open('academicAffairsApprover', '/sections');
  const editor = await open('academicOpsAdmin', '/');
  const { body } = await call<{ rows: SectionRow[] }>(viewer.page, 'GET', '/api/sections?take=1');
  const section = body.rows[0];
  if (!section) throw new Error('The demo data has no section in the working period.');
  // The section's name is not a default column of the list: the viewer picks it in Columns.
  await viewer.page.getByRole('button', { name: 'Columns' }).click();
  await viewer.page
    .getByRole('group', { name: 'Columns of Sections' })
    .getByText('Name', { exact: true })
    .click();
  await viewer.page.keyboard.press('Escape');
  // Narrow the viewer's list to the section's course, so the row is on the first page.
  await viewer.page.getByLabel('Search sections').fill(section.courseNumber ?? section.name);
  await viewer.page.getByText(section.name).first().waitFor();

  const renamed = `${section.name} (live ${String(Date.now())})`;
  const rename = (name: string) =>
    call(editor.page, 'PUT', `/api/sections/${section.id}`, { name });
  expect((await rename(renamed)).status).toBe(200);
  // sectionsChanged from another user refreshes the list: no reload, no navigation.
  await viewer.page.getByText(renamed).waitFor();
  expect(pathOf(viewer.page)).toBe('/sections');

  expect((await rename(section.name)).status).toBe(200);
  await viewer.page.getByText(renamed).waitFor({ state: 'detached' });
  expect(viewer.problems).toEqual([]);
  expect(editor.problems).toEqual([]);
});
