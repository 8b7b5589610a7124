import type { Page } from 'playwright-core';
import { browserForFile } from './browser.js';

// Issue 13: the places where a person got stuck, each as they met it in the browser.
const files = browserForFile();
const open = (username: string, origin: string) => files.open(username, origin, { socket: true });

const run = Date.now().toString(36).slice(-5);

async function newRecordDialog(page: Page, name: RegExp) {
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return dialog;
}

test('an administrator creates an academic period (the effort field is not sent while effort is off)', async () => {
  const { page, problems } = await open('admin', '/academicPeriods');
  const dialog = await newRecordDialog(page, /New Academic Period/);
  // The effort module is off in the demo: the form does not offer what the admin may not set.
  expect(await dialog.getByText('Use Advanced Effort').count()).toBe(0);
  await dialog.getByLabel(/^Name/).fill(`Planning year ${run}`);
  await dialog.getByLabel(/^Start Date/).fill('2040-07-01');
  await dialog.getByLabel(/^End Date/).fill('2041-06-30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Edit Planning year ${run}`, exact: true }).waitFor();
  expect(problems).toEqual([]);
});

test('Sections Offered keeps the form after a refused save and a period picked afterwards', async () => {
  const { page, problems } = await open('academicOpsAdmin', '/sections');
  const dialog = await newRecordDialog(page, /New section/);
  await dialog.getByLabel(/^Name/).fill(`Typed before ${run}`);
  await dialog.getByLabel(/^Academic period/).selectOption({ index: 0 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Pick the course offering.').waitFor();
  await dialog.getByLabel(/^Academic period/).selectOption({ index: 1 });
  // The page did not fall over, and what was typed is still there.
  expect(await page.getByText('Something went wrong').count()).toBe(0);
  expect(await dialog.getByLabel(/^Name/).inputValue()).toBe(`Typed before ${run}`);
  expect(await dialog.getByLabel(/^Academic period/).inputValue()).not.toBe('');
  expect(problems).toEqual([]);
});

test('financial reporting changes an instructor’s points required; remaining follows from the plan', async () => {
  const { page, problems } = await open('financialReportingUser', '/instructors');
  const table = page.getByRole('table', { name: "Instructors' workload" });
  const row = table.getByRole('row').nth(1);
  await row.waitFor();
  const name = (await row.getByRole('link').textContent()) ?? '';
  const cells = async () => (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
  const [, required, , , assigned] = await cells();
  await row.getByRole('button', { name: `Change the points required of ${name}` }).click();
  const input = page.getByRole('spinbutton', { name: `Points required of ${name}` });
  await input.fill('-2');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Points required cannot be negative.').waitFor();
  const next = Number(required) + 3;
  await input.fill(String(next));
  await page.getByRole('button', { name: 'Save' }).click();
  await row
    .getByRole('cell')
    .nth(1)
    .filter({ hasText: new RegExp(`^${String(next)}$`) })
    .waitFor();
  const after = await cells();
  expect(after[4]).toBe(assigned);
  expect(Number(after[5])).toBeCloseTo(next - Number(assigned), 2);
  expect(problems).toEqual([]);
});

test('only financial reporting may change points required', async () => {
  const { page, problems } = await open('academicOpsAdmin', '/instructors');
  const table = page.getByRole('table', { name: "Instructors' workload" });
  await table.getByRole('row').nth(1).waitFor();
  expect(await table.getByRole('button', { name: /Change the points required/ }).count()).toBe(0);
  expect(problems).toEqual([]);
});

test('a location one administrator adds appears in another’s open Locations list', async () => {
  const watcher = await open('academicOpsAdmin', '/locations');
  await watcher.page.getByLabel('Filter by Code').fill(`LIVE ${run}`);
  await watcher.page.getByText('No record matches the filters.').waitFor();
  const { page, problems } = await open('admin', '/locations');
  const dialog = await newRecordDialog(page, /New Location/);
  await dialog.getByLabel('Code (required)', { exact: true }).fill(`LIVE ${run}`);
  await dialog.getByLabel('Capacity (required)', { exact: true }).fill('40');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  // No reload on the watcher's side: the change arrives over the socket.
  await watcher.page.getByRole('button', { name: `Edit LIVE ${run}`, exact: true }).waitFor();
  expect([...problems, ...watcher.problems]).toEqual([]);
});
