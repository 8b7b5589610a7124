import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { api } from './api.js';
import { demoDataDir, startAllotProcess, type AllotProcess } from './allotProcess.js';
import { seriousFindings } from './axe.js';
import { browserForFile, shoot, showTheme } from './browser.js';

// Effort management's lists and classification rules, on an Allot of this file's own started
// with `aemEnabled` and `aemEnabledFaculty` on (the run's Allot keeps the demo's flags, which other files test): an
// effort manager finds the lists, keeps the rules and tests a payroll line against them; an
// effort contributor reads without changing; faculty are refused.
const files = browserForFile();
const TEST_MS = 300_000;
let allot: AllotProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = await demoDataDir('allot-e2e-effort-');
  allot = await startAllotProcess({
    dataDir,
    env: {
      ALLOT_DEMO_DATA: 'on',
      ALLOT_FEATURE_AEM_ENABLED: 'true',
      ALLOT_FEATURE_AEM_ENABLED_FACULTY: 'true',
    },
  });
}, TEST_MS);

afterAll(async () => {
  await allot?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

test(
  'an effort manager keeps the classification rules and tests a payroll line against them',
  async () => {
    const { page, problems } = await files.open('effortManager', '/effort/categories', {
      base: allot.url,
    });
    // The lists a rule names, through the same API the pages use.
    const made = async (url: string, body: object) => {
      const answer = await api<{ id: string }>(page, 'POST', url, body);
      expect(answer.status).toBe(201);
      return answer.body.id;
    };
    const instruction = await made('/api/effortCategories', {
      name: 'Clinical instruction',
      code: 'CLIN',
      area: 'teaching',
    });
    const research = await made('/api/effortCategories', {
      name: 'Foundation research',
      code: 'FND',
      area: 'research',
    });
    const institutional = await made('/api/effortTypes', { name: 'Departmental', code: 'DEP' });
    await made('/api/effortRules', {
      name: 'Foundation grants',
      order: 5,
      account: '5????',
      EffortCategoryId: research,
    });
    await made('/api/effortRules', {
      name: 'Biology teaching',
      order: 10,
      costCenter: '10-44*',
      earnCode: 'REG',
      EffortCategoryId: instruction,
      EffortTypeId: institutional,
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Effort Categories', level: 1 }).waitFor();
    const table = page.locator('.allot-resource-table .bp6-table-quadrant-main');
    const cell = (text: string) =>
      table
        .locator('.bp6-table-cell')
        .filter({ hasText: new RegExp(`^${text}$`) })
        .first();
    await cell('Foundation research').waitFor();
    // What a category counts as, in words.
    await cell('Research').waitFor();

    // The rules in their order, from the menu.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Classification Rules' }).click();
    await page.waitForURL((url) => url.pathname === '/effort/classificationRules');
    // Tried in their order: the grant rule (order 5) above the teaching one (order 10).
    await cell('Biology teaching').waitFor();
    await cell('Clinical instruction').waitFor();
    const top = async (text: string) => (await cell(text).boundingBox())?.y ?? -1;
    expect(await top('Foundation grants')).toBeLessThan(await top('Biology teaching'));

    await page.getByRole('button', { name: 'Test a line…' }).click();
    const tester = page.getByRole('dialog', { name: 'Test a payroll line' });
    await tester.getByLabel('Cost centre').fill('10-4410');
    await tester.getByLabel('Earn code').fill('REG');
    await tester.getByRole('button', { name: 'Test', exact: true }).click();
    const verdict = tester.getByRole('region', { name: 'How the line is classified' });
    await verdict.getByText('“Biology teaching” classifies it').waitFor();
    await verdict.getByText('Clinical instruction, Departmental.').waitFor();
    await verdict
      .getByText(
        'Foundation grants: does not match — Account: the line has none, the rule wants 5????.',
      )
      .waitFor();
    await shoot(page, 'effort-rule-tester-dark');
    await tester.getByLabel('Account').fill('52001');
    await tester.getByRole('button', { name: 'Test', exact: true }).click();
    await verdict.getByText('“Foundation grants” classifies it').waitFor();
    await page.keyboard.press('Escape');
    await tester.waitFor({ state: 'detached' });
    await showTheme(page, 'light');
    await shoot(page, 'effort-classification-rules-light');
    await showTheme(page, 'dark');
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'an effort contributor reads the rules without changing them; faculty are refused',
  async () => {
    const contributor = await files.open('effortContributor', '/effort/payPeriods', {
      base: allot.url,
    });
    await contributor.page.getByRole('heading', { name: 'Pay Periods', level: 1 }).waitFor();
    expect(await contributor.page.getByRole('button', { name: /^New/ }).count()).toBe(0);
    const refused = await api(contributor.page, 'POST', '/api/effortRules', {
      name: 'Mine',
      order: 1,
      EffortCategoryId: 'x',
    });
    expect(refused.status).toBe(403);
    const tested = await api(contributor.page, 'GET', '/api/effortClassification?costCenter=1');
    expect(tested.status).toBe(200);

    const faculty = await files.open('faculty', '/', { base: allot.url });
    await faculty.page.waitForLoadState('networkidle');
    await faculty.page.goto(`${allot.url}/effort/categories`);
    await faculty.page.getByText('Unauthorized').first().waitFor();
    expect((await api(faculty.page, 'GET', '/api/effortCategories')).status).toBe(403);
    expect((await api(faculty.page, 'GET', '/api/effortClassification?costCenter=1')).status).toBe(
      403,
    );
  },
  TEST_MS,
);

test(
  'an effort manager sees the instructors’ positions on the overview',
  async () => {
    // The demo's faculty member, found by an administrator (effort managers do not list people).
    const admin = await files.open('admin', '/', { base: allot.url });
    const people = await api<{ rows: { id: string; username: string }[] }>(
      admin.page,
      'GET',
      `/api/users?filter=${encodeURIComponent(JSON.stringify({ username: 'faculty' }))}`,
    );
    const faculty = people.body.rows.find((u) => u.username === 'faculty');
    if (!faculty) throw new Error('The demo has no faculty member called faculty');
    const { page, problems } = await files.open('effortManager', '/effort', { base: allot.url });
    const made = await api(page, 'POST', '/api/effortPositions', {
      positionNumber: '40012345',
      UserId: faculty.id,
      title: 'Associate Professor',
      startDate: '2026-07-01',
      fte: 0.75,
      costCenter: '10-4410',
    });
    expect(made.status).toBe(201);
    await page.reload();
    await page.getByRole('heading', { name: 'Effort Management', level: 1 }).waitFor();
    const table = page.locator('.allot-resource-table .bp6-table-quadrant-main');
    await table
      .locator('.bp6-table-cell')
      .filter({ hasText: /^40012345$/ })
      .first()
      .waitFor();
    await table
      .locator('.bp6-table-cell')
      .filter({ hasText: /^0\.75$/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: /^New Position/ }).waitFor();
    await shoot(page, 'effort-positions-dark');
    expect(problems).toEqual([]);
    expect(admin.problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'an effort manager imports a payroll file with progress, reads its lines and undoes it',
  async () => {
    const { page, problems } = await files.open('effortManager', '/effort/import', {
      base: allot.url,
      bypassCSP: true,
    });
    await page.getByRole('heading', { name: 'Import Effort', level: 1 }).waitFor();
    // The demo's monthly imports so far are listed (by Allot, which seeded them).
    await page
      .getByRole('cell', { name: /^payroll-\d{4}-\d{2}\.csv$/ })
      .first()
      .waitFor();
    // A month not imported yet: the demo imports the months that have ended.
    const periods = await api<{ rows: { code: string; endDate: string }[] }>(
      page,
      'GET',
      '/api/effortPayPeriods?take=100',
    );
    const today = new Date().toISOString().slice(0, 10);
    const month = periods.body.rows
      .filter((p) => p.endDate >= today)
      .sort((a, b) => a.endDate.localeCompare(b.endDate))[0];
    if (!month) throw new Error('The demo has no pay period after today');
    // 3,000 lines, so the import is written in several batches, and one row nobody answers to.
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `faculty,P777777,${month.code},0.03,10-4400,REG,51000,${String(10 + (i % 7))}`,
    );
    const file = path.join(dataDir, `effort-${month.code}.csv`);
    await writeFile(
      file,
      [
        'Employee,Position,Pay Period,Effort %,Cost Centre,Earn Code,Account,Amount',
        ...rows,
        `nobody,P777777,${month.code},5,10-4400,REG,51000,10`,
      ].join('\n'),
    );
    await page.setInputFiles('#effort-file', file);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const counts = page.getByLabel('What the import would do');
    await counts.getByText('3,000 lines to import').waitFor();
    await counts.getByText('1 row with problems').waitFor();
    await counts.getByText('1 position to create').waitFor();
    await page
      .getByText(
        'Row 3002, Instructor: No person (by employee id, username or e-mail) is called "nobody".',
      )
      .waitFor();
    await page.getByRole('table', { name: 'The first lines as they would be imported' }).waitFor();
    await shoot(page, 'effort-import-preview-dark');
    expect(await seriousFindings(page, '/effort/import (preview)', 'dark')).toEqual([]);

    await page.getByRole('button', { name: 'Import 3,000 lines' }).click();
    await page.getByText('The import has ended').waitFor();
    await page
      .getByText('3,000 lines imported, 1 row left out for their problems, 1 position created.')
      .waitFor();
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    const list = page.getByRole('table', { name: 'Effort imports' });
    const row = list.getByRole('row').filter({ hasText: `effort-${month.code}.csv` });
    await row.getByText('3,000 lines, 1 row left out, 1 position created; all count').waitFor();
    // The file as it was sent is kept with the import (Uploads), to download again.
    // Blueprint's AnchorButton: a link drawn as a button (role button).
    const download = row.getByRole('button', { name: /^Download effort-.+\.csv, as sent/ });
    const href = await download.getAttribute('href');
    const kept = await page.evaluate(async (url) => (await fetch(url ?? '')).text(), href);
    expect(kept).toBe(await readFile(file, 'utf8'));

    await row.getByRole('button', { name: /^Lines of/ }).click();
    const lines = page.getByRole('table', { name: `Lines of effort-${month.code}.csv` });
    await lines.getByRole('cell', { name: 'Fiona Faculty' }).first().waitFor();
    await page.getByText('1–50 of 3000').waitFor();
    expect(await seriousFindings(page, '/effort/import (lines)', 'dark')).toEqual([]);
    await page.keyboard.press('Escape');
    await lines.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: /^Undo/ }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Its 3,000 lines stop counting').waitFor();
    await confirm.getByRole('button', { name: 'Undo the import' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Undone', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    await showTheme(page, 'light');
    expect(await seriousFindings(page, '/effort/import', 'light')).toEqual([]);
    await shoot(page, 'effort-import-light');
    await showTheme(page, 'dark');
    expect(problems).toEqual([]);

    // Import Effort needs create on EffortImport (spec §2): a contributor is refused the page
    // and reads the imports through the API.
    // A page left while it still loads aborts its requests (a failure to a person): each settles.
    const contributor = await files.open('effortContributor', '/', { base: allot.url });
    await contributor.page.waitForLoadState('networkidle');
    await contributor.page.goto(`${allot.url}/effort/import`);
    await contributor.page.getByText('Unauthorized').first().waitFor();
    await contributor.page.waitForLoadState('networkidle');
    // They read the imports on the overview instead, the file included, without Undo (and the
    // positions list names its people: readers of a kind read the names in it).
    await contributor.page.goto(`${allot.url}/effort`);
    const theirs = contributor.page.getByRole('table', { name: 'Effort imports' });
    const imported = theirs.getByRole('row').filter({ hasText: `effort-${month.code}.csv` });
    await imported.getByRole('button', { name: /^Download effort-/ }).waitFor();
    expect(await imported.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    expect(contributor.problems).toEqual([]);
    expect((await api(contributor.page, 'GET', '/api/effort/imports')).status).toBe(200);
    expect(
      (await api(contributor.page, 'POST', `/api/effort/imports/${month.code}/undo`, {})).status,
    ).toBe(403);
  },
  TEST_MS,
);

test(
  'a position’s effort timeline: its chart and table, what changed it, and the timeline as of then',
  async () => {
    const { page, problems } = await files.open('effortManager', '/effort', {
      base: allot.url,
      bypassCSP: true,
    });
    await page.getByRole('heading', { name: 'Effort Management', level: 1 }).waitFor();
    await page
      .getByRole('button', { name: /^Effort timeline of position P\d+$/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/effort/timeline/position/'));
    await page.getByRole('heading', { name: /^Effort Timeline: position P\d+$/ }).waitFor();
    await page.getByRole('figure', { name: 'Effort per pay period, by category' }).waitFor();
    const table = page.getByRole('table', { name: 'Effort per pay period' });
    await table.getByRole('columnheader', { name: 'Instruction' }).waitFor();
    const changes = page.getByRole('list', { name: 'What changed' });
    await changes
      .getByText(/^Imported \d+ payroll lines? from payroll-\d{4}-\d{2}\.csv$/)
      .first()
      .waitFor();
    expect(await seriousFindings(page, '/effort/timeline/position', 'dark')).toEqual([]);
    await shoot(page, 'effort-timeline-dark');

    // As of the position's creation: no payroll yet.
    await page
      .getByRole('button', { name: /^As of then/ })
      .last()
      .click();
    await page.getByText(/^The timeline as it stood on/).waitFor();
    await page.getByText('No payroll effort').waitFor();
    expect(new URL(page.url()).searchParams.get('asOf')).not.toBeNull();
    await page.getByRole('button', { name: 'Now', exact: true }).click();
    await table.waitFor();
    await showTheme(page, 'light');
    expect(await seriousFindings(page, '/effort/timeline/position', 'light')).toEqual([]);
    await shoot(page, 'effort-timeline-light');
    await showTheme(page, 'dark');
    expect(problems).toEqual([]);

    // Faculty read the timelines of their own positions only.
    const positions = await api<{ rows: { id: string; UserId: string }[] }>(
      page,
      'GET',
      '/api/effortPositions?take=100',
    );
    const faculty = await files.open('faculty', '/', { base: allot.url });
    const me = await api<{ id: string }>(faculty.page, 'GET', '/api/users/current');
    const mine = positions.body.rows.find((p) => p.UserId === me.body.id);
    const other = positions.body.rows.find((p) => p.UserId !== me.body.id);
    if (!mine || !other) throw new Error('The demo has no position of the faculty member');
    expect(
      (await api(faculty.page, 'GET', `/api/effort/timeline/position/${mine.id}`)).status,
    ).toBe(200);
    expect(
      (await api(faculty.page, 'GET', `/api/effort/timeline/position/${other.id}`)).status,
    ).toBe(403);
  },
  TEST_MS,
);

test(
  'a faculty member reads their own effort and teaching',
  async () => {
    const { page, problems } = await files.open('faculty', '/effort/myEffort', {
      base: allot.url,
      bypassCSP: true,
    });
    await page.getByRole('heading', { name: 'My Effort', level: 1 }).waitFor();
    await page
      .getByRole('figure', { name: 'Effort per pay period, by category' })
      .first()
      .waitFor();
    await page.getByRole('table', { name: /^Effort of position P\d+ per pay period$/ }).waitFor();
    await page
      .getByRole('link', { name: /^Timeline of position P\d+$/ })
      .first()
      .waitFor();
    expect(await seriousFindings(page, '/effort/myEffort', 'dark')).toEqual([]);
    await shoot(page, 'effort-my-effort-dark');

    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'My Teaching', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/effort/myTeaching');
    const table = page.getByRole('table', { name: 'Your teaching per academic period' });
    await table.getByRole('columnheader', { name: 'Payroll: teaching share' }).waitFor();
    await table
      .getByText(/% over \d+ pay periods?$/)
      .first()
      .waitFor();
    await showTheme(page, 'light');
    expect(await seriousFindings(page, '/effort/myTeaching', 'light')).toEqual([]);
    await shoot(page, 'effort-my-teaching-light');
    await showTheme(page, 'dark');
    // Nothing here writes: neither page offers a button that changes anything.
    expect(await page.getByRole('button', { name: /^(New|Edit|Delete|Import)/ }).count()).toBe(0);
    expect(problems).toEqual([]);

    // Others' own views are theirs: an effort manager is refused them.
    const manager = await files.open('effortManager', '/', { base: allot.url });
    await manager.page.goto(`${allot.url}/effort/myEffort`);
    await manager.page.getByText('Unauthorized').first().waitFor();
  },
  TEST_MS,
);

test(
  'the overview puts planned teaching beside payroll, flags gaps, filters on the server and totals per workgroup',
  async () => {
    const { page, problems } = await files.open('effortManager', '/effort', {
      base: allot.url,
      bypassCSP: true,
    });
    const table = page.getByRole('table', { name: 'Effort per instructor' });
    await table.getByRole('columnheader', { name: /Payroll: teaching/ }).waitFor();
    const totals = page.getByRole('table', { name: 'Totals per workgroup' });
    await totals.getByRole('rowheader', { name: 'Mathematics' }).waitFor();
    expect(await seriousFindings(page, '/effort', 'dark')).toEqual([]);
    await shoot(page, 'effort-overview-dark');
    // Adjuncts teach and hold no payroll position in the demo: flagged.
    await page.getByLabel('Flags').selectOption({ label: 'Teaches, no teaching on payroll' });
    await page.waitForURL((url) => url.searchParams.get('flag') === 'teachingUnpaid');
    // The server's answer replaces the unfiltered rows: every row then carries the flag.
    await page.waitForFunction(() => {
      const rows = [
        ...Array.from(
          document.querySelectorAll('table[aria-label="Effort per instructor"] tbody tr'),
        ),
      ];
      return (
        rows.length > 0 &&
        rows.every((row) => row.textContent?.includes('Teaches, no teaching on payroll'))
      );
    });
    await showTheme(page, 'light');
    expect(await seriousFindings(page, '/effort?flag=teachingUnpaid', 'light')).toEqual([]);
    await shoot(page, 'effort-overview-light');
    await showTheme(page, 'dark');
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

test(
  'an effort manager classifies every imported line again by the rules as they are now',
  async () => {
    // Last: the rules the first test added classify the demo's lines differently from now on.
    const { page, problems } = await files.open('effortManager', '/effort/classificationRules', {
      base: allot.url,
    });
    await page.getByRole('button', { name: 'Classify all lines again…' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Classify again' }).click();
    const progress = page.getByRole('dialog', { name: 'Classify all lines again' });
    await progress.getByText('Every line is classified by today’s rules').waitFor();
    const said = await progress.getByRole('status').innerText();
    const changed = Number(
      /([\d,]+) lines? classified differently/.exec(said)?.[1]?.replace(/,/g, ''),
    );
    // "Foundation grants" (order 5, account 5????) now comes first, and takes the demo's
    // teaching lines (account 51000) too.
    expect(changed).toBeGreaterThan(0);
    await progress.getByRole('button', { name: 'Done' }).click();
    const positions = await api<{ rows: { id: string }[] }>(
      page,
      'GET',
      `/api/effortPositions?filter=${encodeURIComponent(JSON.stringify({ positionNumber: 'P100000' }))}`,
    );
    const position = positions.body.rows[0];
    if (!position) throw new Error('The demo has no position P100000');
    const timeline = await api<{ categories: { name: string }[] }>(
      page,
      'GET',
      `/api/effort/timeline/position/${position.id}`,
    );
    expect(timeline.body.categories.map((c) => c.name)).toEqual(['Foundation research']);
    expect(problems).toEqual([]);
  },
  TEST_MS,
);

// Faculty on a phone (issue 24): My Teaching and My Effort exist only with effort management on,
// as here; the preference dialog opens once the member's preferences are reopened (as the demo
// may have submitted them).
test(
  'a faculty member’s effort pages and a teaching preference’s dialog fit a phone',
  async () => {
    const { page, problems } = await files.open('aokafor', '/effort/myTeaching', {
      base: allot.url,
      phone: true,
    });
    const overflowing: string[] = [];
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    for (const theme of ['light', 'dark'] as const) {
      await showTheme(page, theme);
      for (const [path, heading, shot] of [
        ['/effort/myTeaching', 'My Teaching', 'my-teaching'],
        ['/effort/myEffort', 'My Effort', 'my-effort'],
      ] as const) {
        await page.waitForLoadState('networkidle');
        await page.goto(`${allot.url}${path}`);
        await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
        await page.waitForLoadState('networkidle');
        if ((await width()) > 390) overflowing.push(`${path} (${theme})`);
        await shoot(page, `phone-${shot}-${theme}`);
      }
    }
    const admin = await files.open('admin', '/', { base: allot.url });
    const found = await api<{
      rows: { UserId: string; AcademicPeriodId: string; status: string }[];
    }>(admin.page, 'GET', '/api/preferenceSubmissions?q=okafor');
    const submission = found.body.rows[0];
    if (!submission) throw new Error('The demo has no Okafor');
    if (submission.status === 'submitted') {
      const reopened = await api(
        admin.page,
        'POST',
        `/api/preferenceSubmissions/${submission.UserId}/${submission.AcademicPeriodId}/reopen`,
        { reason: 'phone test' },
      );
      expect(reopened.status).toBe(200);
    }
    await page.goto(`${allot.url}/teachingPreferencesMine`);
    await page.getByRole('button', { name: 'Add preference' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a preference' });
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    if ((await width()) > 390) overflowing.push('/teachingPreferencesMine with its dialog');
    await shoot(page, 'phone-preference-dialog-dark');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await showTheme(page, 'light');
    expect(overflowing).toEqual([]);
    expect(problems).toEqual([]);
  },
  TEST_MS,
);
