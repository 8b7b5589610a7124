import type { Page } from 'playwright-core';
import { api } from './api.js';
import { browserForFile } from './browser.js';
import { approveFirstRow } from './harness.js';

// Issue 6: preferences, approvals by progress step, and changes reaching another browser live.
const files = browserForFile();
const open = (username: string, origin: string) => files.open(username, origin, { socket: true });

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
  await page.getByRole('heading', { level: 2, name: 'My Teaching Preferences' }).waitFor();
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
  await approveFirstRow(approver.page);
  // Academic ops' list drops the approved one without a reload (teachingAssignmentChanged).
  await ops.page.waitForFunction(
    (expected) =>
      document
        .querySelector('nav[aria-label="Pages"] [role="status"]')
        ?.textContent?.endsWith(`of ${String(expected)}`) ?? false,
    proposedBefore - 1,
    { timeout: 30_000 },
  );

  // Step 6 deactivated on the Academic Periods page: the approve bit no longer counts, and the
  // approver's open list drops its Approve buttons live (activeStepsChanged refreshes abilities).
  const admin = await open('admin', '/academicPeriods');
  const period = (
    await api<{ id: string; name: string }>(admin.page, 'GET', '/api/academicPeriods/active')
  ).body;
  const filter = encodeURIComponent(JSON.stringify({ AcademicPeriodId: period.id, stepId: 6 }));
  const step = (
    await api<{ rows: Step[] }>(admin.page, 'GET', `/api/progressSteps?filter=${filter}`)
  ).body.rows[0];
  if (!step) throw new Error('The demo period has no step 6');
  try {
    await admin.page
      .getByRole('button', { name: `Details of ${period.name}`, exact: true })
      .click();
    const steps = admin.page.getByRole('region', { name: `Progress steps of ${period.name}` });
    await steps
      .getByRole('button', { name: 'More actions for Department review', exact: true })
      .click();
    await admin.page
      .getByRole('menuitem', { name: 'Deactivate Department review', exact: true })
      .click();
    await admin.page.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await admin.page.getByText('Department review deactivated.').waitFor();
    await approver.page.waitForFunction(
      () =>
        !document.querySelector('button[aria-label^="Approve "]') &&
        !/Approve (all|\(workgroup\))/.test(document.body.innerText),
      undefined,
      { timeout: 30_000 },
    );
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

interface SectionListRow {
  id: string;
  AcademicPeriodId: string;
  CourseOfferingId: string;
  courseNumber: string | null;
  sectionNumber: string;
  TermMode: { AcademicTermId: string } | null;
  assignments: { UserId: string; status: string }[];
}

test('academic ops assigns the best suggested instructor in one click; another browser sees it come and go', async () => {
  const ops = await open('academicOpsAdmin', '/sections?coverage=uncovered');
  const { page } = ops;
  // The section (of the working period, which the page lists) and its best candidate, as the
  // API ranks them.
  const working = (await api<{ id: string }>(page, 'GET', '/api/academicPeriods/active')).body;
  const { body: uncovered } = await api<{ rows: SectionListRow[] }>(
    page,
    'GET',
    `/api/sections?coverageStatus=uncovered&AcademicPeriodId=${working.id}&take=20`,
  );
  let chosen: { section: SectionListRow; best: { UserId: string; name: string } } | null = null;
  for (const section of uncovered.rows) {
    // A label (course and section number) repeats across terms: take a section whose label no
    // other section of the period has, so the lists and buttons below name it alone.
    const { body: namesakes } = await api<{ rows: SectionListRow[] }>(
      page,
      'GET',
      `/api/sections?AcademicPeriodId=${working.id}&q=${encodeURIComponent(
        section.courseNumber ?? '',
      )}&take=100`,
    );
    const sameLabel = namesakes.rows.filter(
      (s) => s.courseNumber === section.courseNumber && s.sectionNumber === section.sectionNumber,
    );
    if (sameLabel.length !== 1) continue;
    const { body } = await api<{ suggested: { UserId: string; name: string }[] }>(
      page,
      'GET',
      `/api/sections/${section.id}/suggestedAssignees`,
    );
    const best = body.suggested[0];
    if (best) {
      chosen = { section, best };
      break;
    }
  }
  if (!chosen) throw new Error('No uncovered demo section has a suggested assignee');
  const { section, best } = chosen;
  // The drawer names the section by course and number; list rows add its term.
  const label = `${section.courseNumber ?? 'Section'} ${section.sectionNumber}`;
  const term = (
    await api<{ name: string }>(
      page,
      'GET',
      `/api/academicTerms/${section.TermMode?.AcademicTermId ?? ''}`,
    )
  ).body.name;
  const rowLabel = `${label} (${term})`;
  // An administrator watches the instructor's assignments in another browser.
  const watcher = await open(
    'admin',
    `/sectionAssignments?UserId=${encodeURIComponent(best.UserId)}&AcademicPeriodId=${encodeURIComponent(
      section.AcademicPeriodId,
    )}`,
  );
  // Each listed assignment has a "Section of <instructor>: <course> <section> (<term>)" button.
  const row = (text: string) =>
    watcher.page.getByRole('button', { name: `Section of ${best.name}: ${text}`, exact: true });
  const listed = (text: string) => row(text).first().waitFor({ timeout: 30_000 });
  const gone = (text: string) => row(text).first().waitFor({ state: 'detached', timeout: 30_000 });
  await watcher.page.getByRole('navigation', { name: 'Pages' }).waitFor();
  await watcher.page.waitForFunction(() => !document.body.innerText.includes('Loading…'));
  expect(await row(rowLabel).count()).toBe(0);

  await page.getByLabel('Search sections').fill(section.courseNumber ?? section.sectionNumber);
  await page.getByRole('button', { name: `Details of ${rowLabel}`, exact: true }).click();
  const suggestions = page.getByLabel('Suggested assignees');
  // The drawer ranks the same candidate first, and one click assigns them.
  const first = suggestions.getByRole('button', { name: /^Assign / }).first();
  await first.waitFor();
  expect(await first.getAttribute('aria-label')).toBe(`Assign ${best.name}`);
  await first.click();
  await page.getByText(`${best.name} assigned to ${label}.`).waitFor();

  const { body: after } = await api<SectionListRow>(page, 'GET', `/api/sections/${section.id}`);
  expect(after.assignments.map((a) => [a.UserId, a.status])).toEqual([[best.UserId, 'proposed']]);
  // teachingAssignmentCreated: the watcher's list shows it without a reload.
  await listed(rowLabel);

  // Unassigned again (teachingAssignmentDeleted): it leaves the watcher's list.
  await page.getByRole('button', { name: `Unassign ${best.name}`, exact: true }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Unassign', exact: true })
    .click();
  await page.getByText(`${best.name} unassigned.`).waitFor();
  await gone(rowLabel);

  // Course Offerings: the offering's section count leads back to its sections.
  await page.keyboard.press('Escape');
  await page.locator('.bp6-overlay-backdrop').waitFor({ state: 'detached' });
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Course Offerings' })
    .click();
  await page.getByLabel('Search course offerings').fill(section.courseNumber ?? '');
  // The search refreshes the list as the link is clicked: a click on a row being replaced can be
  // lost (seen once under CI's load), so it is clicked again until the address follows. Under load
  // the address may also follow late, after the link has gone: the loop asks the address first.
  const countLink = page.locator(`a[href*="CourseOfferingId=${section.CourseOfferingId}"]`);
  const followed = (url: URL) =>
    url.searchParams.get('CourseOfferingId') === section.CourseOfferingId;
  for (let attempt = 1; !followed(new URL(page.url())); attempt++) {
    try {
      await countLink.first().click({ timeout: 10_000 });
      await page.waitForURL(followed, { timeout: 10_000 });
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
  await page.getByText(`Offering: ${section.courseNumber ?? ''}`).waitFor();
  await page.getByRole('button', { name: `Details of ${rowLabel}`, exact: true }).waitFor();
  expect([...ops.problems, ...watcher.problems]).toEqual([]);
});

test('a workgroup submitted at step 6 reaches an academic-affairs approver live, and the approval back', async () => {
  const ops = await open('academicOpsAdmin', '/');
  const affairs = await open('academicAffairsApprover', '/');
  const submit = ops.page.getByRole('button', { name: /^Submit .+ at step 6$/ }).first();
  await submit.waitFor();
  const workgroup = ((await submit.getAttribute('aria-label')) ?? '')
    .replace(/^Submit /, '')
    .replace(/ at step 6$/, '');
  const approveButton = affairs.page.getByRole('button', {
    name: `Approve ${workgroup} at step 6`,
    exact: true,
  });
  expect(await approveButton.count()).toBe(0);

  await submit.click();
  await ops.page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Submit', exact: true })
    .click();
  await ops.page.getByText(`${workgroup}: submitted.`).waitFor();
  // approvalsChanged: the approver's dashboard offers the approval without a reload.
  await approveButton.waitFor({ timeout: 30_000 });
  await approveButton.click();
  await affairs.page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Approve', exact: true })
    .click();
  await affairs.page.getByText(`${workgroup}: approved.`).waitFor();
  // And back: academic ops sees the workgroup approved.
  const row = ops.page.getByRole('table', { name: 'Workgroup approvals' }).getByRole('row', {
    name: new RegExp(`^${workgroup.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`),
  });
  // Its step-6 cell (the last column: the current step), not the earlier steps' history.
  await row
    .getByRole('cell')
    .last()
    .getByText('Approved', { exact: true })
    .waitFor({ timeout: 30_000 });
  expect([...ops.problems, ...affairs.problems]).toEqual([]);
});

interface AssignmentListRow {
  UserId: string;
  SectionId: string;
  AcademicPeriodId: string;
  courseNumber: string | null;
  sectionNumber: string;
  notes: string | null;
}

/** The Monday `weeks` weeks after the week of `iso` (a date), as YYYY-MM-DD. */
function mondayAfter(iso: string, weeks: number): string {
  const day = new Date(`${iso}T00:00:00Z`);
  const monday = day.getUTCDate() - ((day.getUTCDay() + 6) % 7) + weeks * 7;
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), monday))
    .toISOString()
    .slice(0, 10);
}

test('the schedule flags the demo’s overridden double booking of an instructor', async () => {
  // Looked up in one browser; the schedule opens in another, straight at its address (navigating
  // a page away would abort its socket's open poll).
  const lookup = await open('academicOpsAdmin', '/');
  // The demo assigns a historian to HIST 111-004 over a clash with their HIST 101-001 (override).
  const rowsOf = async (q: string) =>
    (
      await api<{ rows: AssignmentListRow[] }>(
        lookup.page,
        'GET',
        `/api/sectionAssignments?q=${encodeURIComponent(q)}&take=100`,
      )
    ).body.rows;
  const teachers101 = new Set(
    (await rowsOf('HIST 101'))
      .filter((r) => r.courseNumber === 'HIST 101' && r.sectionNumber === '001')
      .map((r) => r.UserId),
  );
  const clash = (await rowsOf('HIST 111')).find(
    (r) => r.courseNumber === 'HIST 111' && r.sectionNumber === '004' && teachers101.has(r.UserId),
  );
  if (!clash) throw new Error('The demo has no HIST 111 004 assignment clashing with HIST 101 001');
  // A week in the third week of term, when both sections meet (the default week is today's).
  const { body: section } = await api<{ meetings: { startDate: string }[] }>(
    lookup.page,
    'GET',
    `/api/sections/${clash.SectionId}`,
  );
  const start = section.meetings[0]?.startDate;
  if (!start) throw new Error('HIST 111 004 has no meetings');
  const ops = await open(
    'academicOpsAdmin',
    `/schedule?AcademicPeriodId=${clash.AcademicPeriodId}&by=instructor&UserId=${encodeURIComponent(
      clash.UserId,
    )}&from=${mondayAfter(start, 2)}`,
  );
  const block = ops.page.getByRole('button', { name: /^HIST 111 004,/ }).first();
  await block.waitFor();
  const described = (await block.getAttribute('aria-label')) ?? '';
  expect(described).toMatch(/Conflict: .*\(HIST 101 001\)/);
  expect(described).toContain('Overridden.');
  // The section it clashes with is flagged as well.
  const other = ops.page.getByRole('button', { name: /^HIST 101 001,/ }).first();
  expect(await other.getAttribute('aria-label')).toMatch(/Conflict: .*\(HIST 111 004\)/);
  expect([...lookup.problems, ...ops.problems]).toEqual([]);
});

interface MeetingOfSection {
  id: string;
  days: string[];
  startTime: string;
  endTime: string;
}

test('a section scheduler drags a meeting two hours later on the schedule', async () => {
  const lookup = await open('sectionScheduler', '/');
  // A mathematician's week (the historians' clash belongs to the double-booking test).
  const { body } = await api<{ rows: AssignmentListRow[] }>(
    lookup.page,
    'GET',
    `/api/sectionAssignments?q=${encodeURIComponent('MATH 1')}&take=1`,
  );
  const teacher = body.rows[0];
  if (!teacher) throw new Error('The demo has no MATH 1xx assignment');
  const scheduler = await open(
    'sectionScheduler',
    `/schedule?by=instructor&UserId=${encodeURIComponent(teacher.UserId)}`,
  );
  const { page } = scheduler;
  const block = page.locator('.allot-block').first();
  await block.waitFor();
  const sectionLabel = ((await block.getAttribute('aria-label')) ?? '').split(',')[0] ?? '';
  const { body: sections } = await api<{
    rows: (SectionListRow & { meetings: MeetingOfSection[] })[];
  }>(
    page,
    'GET',
    `/api/sections?q=${encodeURIComponent(sectionLabel.split(' ').slice(0, -1).join(' '))}&take=100`,
  );
  const section = sections.rows.find(
    (s) => `${s.courseNumber} ${s.sectionNumber}` === sectionLabel,
  );
  const meeting = section?.meetings[0];
  if (!section || !meeting) throw new Error(`No meeting found for ${sectionLabel}`);
  const later = (time: string) => {
    const [h, m] = time.split(':').map(Number);
    const minutes = (h ?? 0) * 60 + (m ?? 0) + 120;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  };

  try {
    // Drag it down by two hours (48 px an hour), in small steps as a hand would.
    const box = await block.boundingBox();
    if (!box) throw new Error('The meeting block has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + 10);
    await page.mouse.down();
    for (let step = 1; step <= 8; step += 1) {
      await page.mouse.move(box.x + box.width / 2, box.y + 10 + step * 12);
    }
    await page.mouse.up();
    // Either it moves at once, or a clash is shown and the scheduler moves it anyway.
    const moved = page.getByText(`${sectionLabel} moved to`);
    const anyway = page.getByRole('button', { name: 'Move anyway' });
    await moved.or(anyway).first().waitFor();
    if (await anyway.isVisible()) {
      await anyway.click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
    }
    await page.waitForFunction(
      async ({ id, meetingId, want }) => {
        const answer = await fetch(`/api/sections/${id}`);
        const found = (await answer.json()) as { meetings: { id: string; startTime: string }[] };
        return found.meetings.find((m) => m.id === meetingId)?.startTime === want;
      },
      { id: section.id, meetingId: meeting.id, want: later(meeting.startTime) },
      { timeout: 30_000, polling: 500 },
    );
  } finally {
    // Put it back for the other tests.
    await api(page, 'POST', `/api/sections/${section.id}/meetings/${meeting.id}/move`, {
      days: meeting.days,
      startTime: meeting.startTime,
      endTime: meeting.endTime,
      override: true,
    });
  }
  // A clash answers the drop with 422 (shown in the dialog); nothing else may go wrong.
  const expected = /\/move\b|status of 422/;
  expect([...lookup.problems, ...scheduler.problems].filter((p) => !expected.test(p))).toEqual([]);
});
