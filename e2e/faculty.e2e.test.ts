import { rm } from 'node:fs/promises';
import ical, { type VEvent } from 'node-ical';
import { api } from './api.js';
import { demoDataDir, startAllotProcess, type AllotProcess } from './allotProcess.js';
import { browserForFile, shoot, showTheme } from './browser.js';

// Faculty on any device (issue 24), in Chromium as a faculty member on a phone: their teaching
// in their own calendar app through the private feed My Schedule makes.
// On an Allot of this file's own: its changes to a faculty member's teaching must not show in
// other files' exact expectations of the run's Allot (the change feed's, for one).
const files = browserForFile();
const TEST_MS = 240_000;
let allot: AllotProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = await demoDataDir('allot-e2e-faculty-');
  allot = await startAllotProcess({ dataDir, env: { ALLOT_DEMO_DATA: 'on' } });
}, TEST_MS);

afterAll(async () => {
  await allot?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The feed's status once the read side has caught up with the command (within 10 s). */
async function statusSoon(
  request: { get(url: string): Promise<{ status(): number }> },
  url: string,
  wanted: number,
): Promise<number> {
  let status = 0;
  for (let tries = 0; tries < 50 && status !== wanted; tries += 1) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    status = (await request.get(url)).status();
  }
  return status;
}

const vevents = (text: string): VEvent[] =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');

test(
  'a faculty member adds their teaching to their calendar, then replaces and turns off the address',
  async () => {
    const { page, problems } = await files.open('faculty', '/mySchedule', {
      phone: true,
      base: allot.url,
    });
    await page.getByRole('heading', { name: 'My Schedule', level: 2 }).waitFor();
    await showTheme(page, 'light');
    await page.getByRole('button', { name: 'Add to my calendar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add my teaching to my calendar' });
    const make = dialog.getByRole('button', { name: /^Make (my calendar address|a new address)$/ });
    await make.waitFor();
    if ((await make.textContent()) === 'Make a new address') {
      // A run before this one made an address: the new one replaces it, once confirmed.
      await make.click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: 'Make a new address' })
        .click();
    } else {
      await make.click();
    }
    const field = dialog.getByRole('textbox', { name: 'Your calendar address' });
    await field.waitFor();
    const address = await field.inputValue();
    expect(address).toMatch(/\/api\/calendarFeed\/[A-Za-z0-9_-]{43}\.ics$/);
    // The dialog fits the phone's screen: nothing of it runs off the right edge.
    const box = await page.locator('.allot-calendar-feed').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await shoot(page, 'calendar-feed-address-phone-light');

    // What a calendar app reads: the person's meetings, in the institution's zone.
    expect(await statusSoon(page.request, address, 200)).toBe(200);
    const feed = await page.request.get(address);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain('TZID:America/Chicago');
    const events = vevents(text);
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event.rrule).toBeDefined();
      expect(event.start.tz).toBe('America/Chicago');
    }

    // A new address replaces the old one, which stops working at once.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await showTheme(page, 'dark');
    await page.getByRole('button', { name: 'Add to my calendar' }).click();
    await dialog.getByText(/Your calendar address was made on/).waitFor();
    await shoot(page, 'calendar-feed-phone-dark');
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make a new address' }).click();
    const replaced = await field.inputValue();
    expect(await statusSoon(page.request, replaced, 200)).toBe(200);
    expect((await page.request.get(address)).status()).toBe(404);

    // Turned off, no address works.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Add to my calendar' }).click();
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click();
    await dialog.getByText('You have no calendar address yet.').waitFor();
    expect(await statusSoon(page.request, replaced, 404)).toBe(404);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await showTheme(page, 'light');
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'a faculty member hears at once that an assignment of theirs changed, and chooses what they hear of',
  async () => {
    const faculty = await files.open('faculty', '/mySchedule', {
      phone: true,
      socket: true,
      base: allot.url,
    });
    const { page } = faculty;
    await page.getByRole('heading', { name: 'My Schedule', level: 2 }).waitFor();
    await showTheme(page, 'light');
    const me = await api<{ workingUserId: string }>(page, 'GET', '/api/auth');
    const ops = await files.open('academicOpsAdmin', '/', { base: allot.url });
    const theirs = await api<{ rows: { id: string; SectionId: string }[] }>(
      ops.page,
      'GET',
      `/api/sectionAssignments?UserId=${me.body.workingUserId}&take=5`,
    );
    const row = theirs.body.rows[0];
    if (!row) throw new Error('the demo faculty member teaches nothing');
    const changed = await api(
      ops.page,
      'PUT',
      `/api/sections/${row.SectionId}/assignments/${row.id}`,
      {
        notes: `Room to be confirmed ${String(Date.now())}`,
      },
    );
    expect(changed.status).toBe(200);

    // Live, without a reload: the bell counts it, and its panel says what changed.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor();
    await bell.click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    const item = panel.getByRole('button', { name: /Your assignment to .+ changed/ }).first();
    await item.waitFor();
    expect(await item.innerText()).toContain('Its notes changed.');
    await shoot(page, 'notifications-teaching-phone-light');
    await item.click();
    await page.waitForURL((url) => url.pathname === '/myWorkload');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/mySchedule');

    // Their settings: meeting changes by e-mail only.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Notification settings…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification settings' });
    const inAllot = dialog.getByRole('checkbox', {
      name: 'A section I teach meets at new times or places: in Allot',
    });
    await inAllot.waitFor();
    if (await inAllot.isChecked()) await inAllot.click({ force: true });
    await shoot(page, 'notification-settings-phone-light');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification settings saved.').waitFor();
    const saved = await api<{ appOff: string[] }>(page, 'GET', '/api/notifications/preferences');
    expect(saved.body.appOff).toContain('meetingsChanged');
    expect(faculty.problems).toEqual([]);
    expect(ops.problems).toEqual([]);
  },
  TEST_MS,
);

/** The faculty pages a phone must show without scrolling sideways (issue 24). */
const FACULTY_PAGES = [
  { path: '/', heading: 'Dashboard', shot: 'dashboard' },
  { path: '/myWorkload', heading: 'My Workload', shot: 'my-workload' },
  { path: '/mySchedule', heading: 'My Schedule', shot: 'my-schedule' },
  { path: '/mySharedTeaching', heading: 'My Shared Teaching', shot: 'my-shared-teaching' },
  { path: '/adminAssignmentsMine', heading: 'My Admin Assignments', shot: 'my-admin-assignments' },
  {
    path: '/teachingPreferencesMine',
    heading: 'My Teaching Preferences',
    shot: 'my-teaching-preferences',
  },
] as const;

test(
  'every page a faculty member uses fits a phone: nothing runs off the right edge',
  async () => {
    const { page, problems } = await files.open('faculty', '/', { phone: true, base: allot.url });
    const overflowing: string[] = [];
    const tooSmall: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      for (const { path, heading, shot } of FACULTY_PAGES) {
        await page.waitForLoadState('networkidle');
        await page.goto(`${page.url().replace(/\/[^/]*$/, '')}${path}`);
        await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
        await page.waitForLoadState('networkidle');
        if (theme === 'dark' && path === '/') await showTheme(page, 'dark');
        if (theme === 'light' && path === '/') await showTheme(page, 'light');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) overflowing.push(`${path} (${theme}): ${String(width)} px wide`);
        // Every button a finger may press is at least 44 × 44 px.
        const small = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('.bp6-button'))
            .filter((b) => b.offsetParent !== null)
            .map((b) => ({ b, r: b.getBoundingClientRect() }))
            .filter(({ r }) => r.height < 44 || r.width < 44)
            .map(
              ({ b, r }) =>
                `${b.getAttribute('aria-label') ?? b.innerText} ${String(r.width)}×${String(r.height)}`,
            ),
        );
        if (small.length > 0) tooSmall.push(`${path}: ${small.join(', ')}`);
        await shoot(page, `phone-${shot}-${theme}`);
        if (path === '/mySchedule') {
          // A phone opens My Schedule on today's day; the agenda lists the week's meetings.
          await page.getByRole('button', { name: 'Day', pressed: true }).waitFor();
          await page.getByRole('button', { name: 'Agenda' }).click();
          await page.getByRole('button', { name: 'Next week' }).click();
          await page.getByRole('list', { name: 'Agenda' }).waitFor();
          await shoot(page, `phone-my-schedule-agenda-${theme}`);
        }
      }
    }
    // The narrowest phones in use: 360 px.
    await page.setViewportSize({ width: 360, height: 740 });
    for (const { path, heading } of FACULTY_PAGES) {
      await page.waitForLoadState('networkidle');
      await page.goto(`${page.url().replace(/\/[^/]*$/, '')}${path}`);
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
      await page.waitForLoadState('networkidle');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 360) overflowing.push(`${path} at 360 px: ${String(width)} px wide`);
    }
    await showTheme(page, 'light');
    expect(overflowing).toEqual([]);
    expect(tooSmall).toEqual([]);
    expect(problems).toEqual([]);
  },
  TEST_MS,
);
