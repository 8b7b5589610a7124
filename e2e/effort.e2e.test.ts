import { rm } from 'node:fs/promises';
import { api } from './api.js';
import { demoDataDir, startAllotProcess, type AllotProcess } from './allotProcess.js';
import { browserForFile, shoot } from './browser.js';

// Effort management's lists and classification rules, on an Allot of this file's own started
// with `aemEnabled` on (the run's Allot keeps the demo's flags, which other files test): an
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
    env: { ALLOT_DEMO_DATA: 'on', ALLOT_FEATURE_AEM_ENABLED: 'true' },
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
      name: 'Instruction',
      code: 'INST',
      area: 'teaching',
    });
    const research = await made('/api/effortCategories', {
      name: 'Sponsored research',
      code: 'RES',
      area: 'research',
    });
    const institutional = await made('/api/effortTypes', { name: 'Institutional', code: 'INS' });
    await made('/api/effortRules', {
      name: 'Grant accounts',
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
    await cell('Sponsored research').waitFor();
    // What a category counts as, in words.
    await cell('Research').waitFor();

    // The rules in their order, from the menu.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Classification Rules' }).click();
    await page.waitForURL((url) => url.pathname === '/effort/classificationRules');
    // Tried in their order: the grant rule (order 5) above the teaching one (order 10).
    await cell('Biology teaching').waitFor();
    await cell('Instruction').waitFor();
    const top = async (text: string) => (await cell(text).boundingBox())?.y ?? -1;
    expect(await top('Grant accounts')).toBeLessThan(await top('Biology teaching'));

    await page.getByRole('button', { name: 'Test a line…' }).click();
    const tester = page.getByRole('dialog', { name: 'Test a payroll line' });
    await tester.getByLabel('Cost centre').fill('10-4410');
    await tester.getByLabel('Earn code').fill('REG');
    await tester.getByRole('button', { name: 'Test', exact: true }).click();
    const verdict = tester.getByRole('region', { name: 'How the line is classified' });
    await verdict.getByText('“Biology teaching” classifies it').waitFor();
    await verdict.getByText('Instruction, Institutional.').waitFor();
    await verdict
      .getByText(
        'Grant accounts: does not match — Account: the line has none, the rule wants 5????.',
      )
      .waitFor();
    await shoot(page, 'effort-rule-tester-dark');
    await tester.getByLabel('Account').fill('52001');
    await tester.getByRole('button', { name: 'Test', exact: true }).click();
    await verdict.getByText('“Grant accounts” classifies it').waitFor();
    await page.keyboard.press('Escape');
    await tester.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Switch to the light theme' }).click();
    await page.waitForFunction(() => !document.body.classList.contains('bp6-dark'));
    await shoot(page, 'effort-classification-rules-light');
    await page.getByRole('button', { name: 'Switch to the dark theme' }).click();
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
