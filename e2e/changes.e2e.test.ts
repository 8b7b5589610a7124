import { api } from './api.js';
import { browserForFile, shoot, showTheme } from './browser.js';
import { approveFirstRow } from './harness.js';

// The change feed in the browser: an approver approves an assignment of their workgroup, another
// user then changes two of its assignments and a section's meeting; the approver's "since my last
// approval" shows exactly those three changes in words, arriving live; a faculty member sees only
// changes to their own records; the dashboard shows the recent ones.
const files = browserForFile();
const TEST_MS = 240_000;
const run = Date.now().toString(36).slice(-5);

interface AssignmentRow {
  id: string;
  SectionId: string;
  WorkgroupId: string;
  instructorName: string | null;
}
interface FeedRow {
  summary: string;
  record: { kind: string; name: string };
  by: { displayName: string } | null;
  changes: { label: string; display: { kind: string; from?: string; to?: string } }[];
}
interface Meeting {
  id: string;
  startTime: string;
  endTime: string;
  [key: string]: unknown;
}

/** 09:30 → 09:35: a meeting moved by five minutes. */
const later = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const minutes = h * 60 + m + 5;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
};

test(
  'an approver sees exactly what changed since their last approval, in words and live',
  async () => {
    const approver = await files.open('jchen', '/', { socket: true });
    const mine = await api<{ rows: AssignmentRow[] }>(
      approver.page,
      'GET',
      '/api/sectionAssignments?approvable=true&status=proposed&take=1',
    );
    const first = mine.body.rows[0];
    if (!first) throw new Error('jchen has no proposed assignment to approve in the demo');
    const workgroup = first.WorkgroupId;

    // Approved from Section Assignments, as an approver does.
    await approver.page.goto(
      new URL(`/sectionAssignments?status=proposed&WorkgroupId=${workgroup}`, approver.page.url())
        .href,
    );
    await approveFirstRow(approver.page);

    // The feed since that approval: nothing yet.
    await approver.page.getByRole('button', { name: 'Changes' }).click();
    await approver.page.getByRole('tab', { name: 'Compare two instants' }).waitFor();
    // The toolbar's link opens the assignments' changes: every kind, since the approval.
    expect(new URL(approver.page.url()).searchParams.get('kind')).toBe('assignment');
    await approver.page.getByLabel('Kind of record').selectOption('');
    await approver.page.getByText('Since my last approval').click();
    await approver.page.getByText('Changes since your last approval of this workgroup').waitFor();
    await approver.page.getByText('No changes').waitFor();

    // Academic operations changes two of the workgroup's assignments and a section's meeting.
    const ops = await files.open('academicOpsAdmin', '/');
    const theirs = await api<{ rows: AssignmentRow[] }>(
      ops.page,
      'GET',
      `/api/sectionAssignments?WorkgroupId=${workgroup}&take=50`,
    );
    const [a, b] = theirs.body.rows;
    if (!a || !b) throw new Error('the workgroup has fewer than two assignments');
    for (const [row, note] of [
      [a, `Checked with the dean ${run}`],
      [b, `Second section agreed ${run}`],
    ] as const) {
      const changed = await api(
        ops.page,
        'PUT',
        `/api/sections/${row.SectionId}/assignments/${row.id}`,
        { notes: note },
      );
      expect(changed.status).toBe(200);
    }
    const sections = await api<{ rows: { id: string }[] }>(
      ops.page,
      'GET',
      `/api/sections?WorkgroupId=${workgroup}&take=100`,
    );
    let moved: { id: string; meeting: Meeting } | null = null;
    for (const { id } of sections.body.rows) {
      const section = await api<{ meetings: Meeting[] }>(ops.page, 'GET', `/api/sections/${id}`);
      const meeting = section.body.meetings[0];
      if (meeting) {
        moved = { id, meeting };
        break;
      }
    }
    if (!moved) throw new Error('no section of the workgroup has a meeting');
    const set = await api(ops.page, 'PUT', `/api/sections/${moved.id}/meetings`, {
      meetings: [
        {
          ...moved.meeting,
          startTime: later(moved.meeting.startTime),
          endTime: later(moved.meeting.endTime),
        },
      ],
      override: true,
    });
    expect(set.status).toBe(200);

    // Live: a bar says how many arrived; the list does not jump until the approver asks.
    const news = approver.page.getByRole('button', { name: /3 new changes/ });
    await news.waitFor({ timeout: 30_000 });
    await news.click();
    const list = approver.page.getByRole('list', { name: 'Changes, newest first' });
    await list.waitFor();
    const entries = list.locator(':scope > li');
    await approver.page.waitForFunction(
      () => document.querySelectorAll('[aria-label="Changes, newest first"] > li').length === 3,
    );
    const texts = await entries.allInnerTexts();
    expect(texts[0]).toContain('Meetings changed');
    expect(texts[0]).toMatch(/added .*\d\d:\d\d–\d\d:\d\d/);
    expect(texts[1]).toContain(`Notes: (empty)`);
    expect(texts[1]).toContain(`Second section agreed ${run}`);
    expect(texts[2]).toContain(`Checked with the dean ${run}`);
    for (const text of texts) expect(text).toContain('Oscar Operations');

    // The same three from the API, nothing else.
    const feed = await api<{ rows: FeedRow[] }>(
      approver.page,
      'GET',
      `/api/changes?WorkgroupId=${workgroup}&since=myLastApproval`,
    );
    // A note added to an approved assignment reopens it: the summary says so, the fields both.
    expect(feed.body.rows.map((r) => r.record.kind)).toEqual([
      'section',
      'assignment',
      'assignment',
    ]);
    expect(feed.body.rows[0]?.summary).toBe('Meetings changed');
    for (const row of feed.body.rows.slice(1)) {
      expect(row.changes.map((c) => c.label)).toContain('Notes');
    }

    await shoot(approver.page, 'changes-since-approval-dark');
    await showTheme(approver.page, 'light');
    await shoot(approver.page, 'changes-since-approval-light');

    // The same two instants side by side: my last approval and now.
    await approver.page.getByRole('tab', { name: 'Compare two instants' }).click();
    const totals = approver.page.getByRole('table', {
      name: 'Workload and alignment at both instants',
    });
    await totals.waitFor();
    expect(await totals.innerText()).toContain('Mean alignment score');
    await approver.page.getByRole('region', { name: 'Assignments changed' }).waitFor();
    expect(
      await approver.page.getByRole('region', { name: 'Assignments changed' }).innerText(),
    ).toContain('(2)');
    expect(
      await approver.page.getByRole('region', { name: 'Sections changed or moved' }).innerText(),
    ).toContain('Meetings');
    await shoot(approver.page, 'changes-compare-light');
    await showTheme(approver.page, 'dark');
    await shoot(approver.page, 'changes-compare-dark');
    const csv = await approver.page.evaluate(
      async (href) => {
        const response = await fetch(href);
        return { status: response.status, text: await response.text() };
      },
      (await approver.page.getByRole('button', { name: 'CSV' }).getAttribute('href')) ?? '',
    );
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(`Second section agreed ${run}`);

    // Section Assignments marks the rows changed since the approver last approved them — the
    // two assignments and every assignment of the section whose meeting moved — and filters to them.
    const all = await api<{ rows: AssignmentRow[] }>(
      approver.page,
      'GET',
      `/api/sectionAssignments?WorkgroupId=${workgroup}&take=1000`,
    );
    const movedId = moved.id;
    const expected = all.body.rows
      .filter((r) => r.id === a.id || r.id === b.id || r.SectionId === movedId)
      .map((r) => r.id)
      .sort();
    const marked = await api<{ rows: { id: string }[] }>(
      approver.page,
      'GET',
      `/api/changes/changed?WorkgroupId=${workgroup}`,
    );
    expect(marked.body.rows.map((r) => r.id).sort()).toEqual(expected);
    await approver.page.goto(
      new URL(`/sectionAssignments?WorkgroupId=${workgroup}`, approver.page.url()).href,
    );
    const marks = 'button[aria-label^="Changed since your approval: "]';
    await approver.page.locator(marks).first().waitFor();
    await approver.page.getByText('Changed since my last approval').click();
    await approver.page.waitForFunction(
      ([selector, n]) =>
        new URL(location.href).searchParams.get('changed') === 'myLastApproval' &&
        document.querySelectorAll(selector).length === n &&
        document.querySelectorAll('button[aria-label^="Section of "]').length === n,
      [marks, expected.length] as const,
    );
    await approver.page.locator(marks).first().click();
    const popover = approver.page.getByRole('list', {
      name: 'Changes since your approval, newest first',
    });
    await popover.waitFor();
    expect(await popover.innerText()).toContain('Oscar Operations');
    await shoot(approver.page, 'section-assignments-changed-dark');
    await approver.page.keyboard.press('Escape');
    await showTheme(approver.page, 'light');
    await approver.page.locator(marks).first().click();
    await popover.waitFor();
    await shoot(approver.page, 'section-assignments-changed-light');
    // Approving one marked row clears its mark, and only its own.
    await approver.page.keyboard.press('Escape');
    await approveFirstRow(approver.page);
    await approver.page.waitForFunction(
      ([selector, n]) => document.querySelectorAll(selector).length === n,
      [marks, expected.length - 1] as const,
    );
    expect(approver.problems).toEqual([]);
    expect(ops.problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'a faculty member sees only changes to their own records; the dashboard shows recent ones',
  async () => {
    // An instructor who belongs to no workgroup (the demo's named faculty all do, and members
    // read every assignment): an administrator acts as them.
    const admin = await files.open('admin', '/');
    const everything = await api<{ rows: FeedRow[] }>(admin.page, 'GET', '/api/changes?take=100');
    const assignment = everything.body.rows.find(
      (r) =>
        r.record.kind === 'assignment' &&
        !/Fiona|Maria|James|Adaeze|Linh|Rainer|Sunita/.test(r.record.name),
    );
    if (!assignment) throw new Error('no assignment of a plain instructor among the changes');
    const name = assignment.record.name.split(' · ')[0] as string;
    const theirs = await api<{ rows: { UserId: string; instructorName: string | null }[] }>(
      admin.page,
      'GET',
      `/api/sectionAssignments?q=${encodeURIComponent(name)}&take=5`,
    );
    const person = theirs.body.rows.find((r) => r.instructorName === name);
    if (!person) throw new Error(`no assignment of ${name}`);
    // Begun from a page without the app (the app itself reloads when masquerading begins): an
    // open administrator's page, refreshed by a late realtime event once the session acts as the
    // faculty member, would ask for lists the faculty member may not read.
    await admin.page.goto(new URL('/api/health', admin.page.url()).href);
    const acting = await api(admin.page, 'POST', '/api/users/masquerade', { id: person.UserId });
    expect(acting.status).toBe(200);
    try {
      const feed = await api<{ rows: FeedRow[] }>(admin.page, 'GET', '/api/changes?take=100');
      expect(feed.status).toBe(200);
      expect(feed.body.rows.length).toBeGreaterThan(0);
      for (const row of feed.body.rows) {
        expect(['assignment', 'preferences', 'administrativeAssignment', 'userSetting']).toContain(
          row.record.kind,
        );
        // Theirs now, or theirs before it was given to someone else.
        const involved =
          row.record.name.startsWith(name) ||
          row.changes.some((c) => c.display.from === name || c.display.to === name);
        expect({ row: row.record.name, involved }).toEqual({
          row: row.record.name,
          involved: true,
        });
      }
      expect(everything.body.rows.length).toBeGreaterThan(feed.body.rows.length);
      await admin.page.goto(new URL('/', admin.page.url()).href);
      const recent = admin.page.getByRole('region', { name: 'Recent changes' });
      await recent.waitFor();
      await recent.getByText(name).first().waitFor();
      await recent.getByRole('link', { name: 'All changes' }).click();
      await admin.page.getByRole('tab', { name: 'Compare two instants' }).waitFor();
    } finally {
      await api(admin.page, 'DELETE', '/api/users/masquerade', {});
    }
    const refused = await api(admin.page, 'GET', '/api/changes?take=0');
    expect(refused.status).toBe(400);
    expect(
      admin.problems.filter((p) => !p.includes('take=0') && !p.includes('status of 400')),
    ).toEqual([]);
  },
  TEST_MS,
);
