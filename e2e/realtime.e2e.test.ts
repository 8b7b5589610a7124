import type { Page } from 'playwright-core';
import { api as call } from './api.js';
import { browserForFile } from './browser.js';

const files = browserForFile();
const open = (username: string, origin: string) =>
  files.open(username, origin, { viewport: { width: 1280, height: 800 }, socket: true });

const pathOf = (page: Page) => new URL(page.url()).pathname;

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
