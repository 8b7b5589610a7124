import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api } from './api.js';
import { launchChromium, watchForProblems } from './browser.js';
import { signIn, socketConnected } from './harness.js';

// Issue 6: preferences, approvals by progress step, and changes reaching another browser live.
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function open(username: string, origin: string) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  const problems = watchForProblems(page);
  const connected = socketConnected(page);
  await signIn(page, username, origin);
  await connected;
  return { page, problems };
}

interface Submission {
  UserId: string;
  name: string;
  status: string;
  count: number;
  AcademicPeriodId: string;
}

async function submissionOf(admin: Page, q: string): Promise<Submission> {
  const { body } = await api<{ rows: Submission[] }>(
    admin,
    'GET',
    `/api/preferenceSubmissions?q=${encodeURIComponent(q)}`,
  );
  const row = body.rows[0];
  if (!row) throw new Error(`No faculty member matches ${q}`);
  return row;
}

test('a faculty member states a preference and submits; the staff list shows it', async () => {
  const admin = await open('admin', '/instructors?tab=submissions');
  // The demo may have submitted this member's preferences already: reopen them first.
  const before = await submissionOf(admin.page, 'okafor');
  if (before.status === 'submitted') {
    const reopened = await api(
      admin.page,
      'POST',
      `/api/preferenceSubmissions/${before.UserId}/${before.AcademicPeriodId}/reopen`,
      { reason: 'browser test' },
    );
    expect(reopened.status).toBe(200);
  }

  const faculty = await open('aokafor', '/teachingPreferencesMine');
  const { page } = faculty;
  await page.getByRole('heading', { name: 'My Teaching Preferences' }).waitFor();
  await page.getByRole('button', { name: 'Add preference' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByPlaceholder('Search by number or name…').fill('MATH 4');
  await dialog.getByRole('menuitem').first().click();
  await dialog.getByLabel('How much').selectOption('stronglyPreferred');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByText('Strongly preferred').first().waitFor();

  await page.getByRole('button', { name: 'Submit preferences' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByText('Submitted', { exact: true }).first().waitFor();
  await page.getByText(/An administrator can reopen them/).waitFor();
  expect(await page.getByRole('button', { name: 'Add preference' }).count()).toBe(0);

  const after = await submissionOf(admin.page, 'okafor');
  expect(after.status).toBe('submitted');
  expect(after.count).toBeGreaterThan(before.status === 'notStarted' ? 0 : before.count - 1);
  // The staff list shows it once reloaded (preferences have no realtime event in the spec).
  await admin.page.reload();
  await admin.page.getByLabel('Search submissions').fill('okafor');
  const table = admin.page.getByRole('table', { name: 'Preference submissions' });
  await table.getByText(/Okafor/).waitFor();
  await table.getByText('Submitted', { exact: true }).last().waitFor();
  expect([...faculty.problems, ...admin.problems]).toEqual([]);
});

interface Step {
  id: string;
  revision: number;
  stepId: number;
  isActive: boolean;
  AcademicPeriodId: string;
}

test('a workgroup approver approves at step 6, is refused at another step, and others see it live', async () => {
  const ops = await open('academicOpsAdmin', '/sectionAssignments?status=proposed');
  const approver = await open('jchen', '/sectionAssignments?status=proposed');
  const pagerOf = (page: Page) =>
    page.getByRole('navigation', { name: 'Pages' }).getByRole('status');
  const countIn = async (page: Page) => {
    await page.waitForFunction(() => !document.body.innerText.includes('Loading…'));
    const text = (await pagerOf(page).textContent()) ?? '';
    return Number(/of (\d+)/.exec(text)?.[1] ?? NaN);
  };
  const proposedBefore = await countIn(ops.page);
  expect(proposedBefore).toBeGreaterThan(0);

  // jchen holds the approve bit in Mathematics; the demo period is at step 6.
  const approve = approver.page.getByRole('button', { name: /^Approve / }).first();
  await approve.waitFor();
  const label = (await approve.getAttribute('aria-label')) ?? '';
  await approve.click();
  await approver.page.getByText(`${label.replace(/^Approve /, '')} approved.`).waitFor();
  // Academic ops' list drops the approved one without a reload (teachingAssignmentChanged).
  await ops.page.waitForFunction(
    (expected) =>
      document
        .querySelector('nav[aria-label="Pages"] [role="status"]')
        ?.textContent?.endsWith(`of ${String(expected)}`) ?? false,
    proposedBefore - 1,
    { timeout: 30_000 },
  );

  // Step 6 deactivated: the approve bit no longer counts.
  const admin = await open('admin', '/');
  const period = (await api<{ id: string }>(admin.page, 'GET', '/api/academicPeriods/active')).body;
  const filter = encodeURIComponent(JSON.stringify({ AcademicPeriodId: period.id, stepId: 6 }));
  const step = (
    await api<{ rows: Step[] }>(admin.page, 'GET', `/api/progressSteps?filter=${filter}`)
  ).body.rows[0];
  if (!step) throw new Error('The demo period has no step 6');
  try {
    expect(
      (await api(admin.page, 'PUT', `/api/progressSteps/${step.id}`, { isActive: false })).status,
    ).toBe(200);
    await approver.page.reload();
    await pagerOf(approver.page).waitFor();
    await approver.page.waitForFunction(() => !document.body.innerText.includes('Loading…'));
    expect(await approver.page.getByRole('button', { name: /^Approve / }).count()).toBe(0);
    // And the server refuses the approval itself.
    const { body } = await api<{ rows: { id: string; SectionId: string }[] }>(
      approver.page,
      'GET',
      '/api/sectionAssignments?status=proposed&take=1',
    );
    const target = body.rows[0];
    if (!target) throw new Error('No proposed assignment left to try');
    // Everything the approver did before the deliberate refusal went without a problem.
    expect(approver.problems).toEqual([]);
    const refused = await api(
      approver.page,
      'POST',
      `/api/sections/${target.SectionId}/assignments/${target.id}/approve`,
      {},
    );
    expect(refused.status).toBe(403);
  } finally {
    await api(admin.page, 'PUT', `/api/progressSteps/${step.id}`, { isActive: true });
  }
  expect(ops.problems).toEqual([]);
});
