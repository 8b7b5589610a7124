import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { loadConfig, startAllot, type RunningAllot } from '@allot/infra';
import { launchChromium, watchForProblems } from './browser.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const screenshot = path.join(repoRoot, 'docs', 'screenshots', 'foundation-home.png');

let dataDir: string;
let allot: RunningAllot;
let browser: Browser;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-e2e-'));
  allot = await startAllot(
    loadConfig({
      ALLOT_MODE: 'test',
      ALLOT_DEMO_DATA: 'on',
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOT_DATA_DIR: dataDir,
    }),
  );
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await allot?.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('a visitor sees the demo institution on the home page, with nothing broken', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const problems = watchForProblems(page);

  await page.goto(allot.url, { waitUntil: 'networkidle' });
  await page.getByTestId('institution-name').getByText('Northbridge University').waitFor();
  expect(await page.getByRole('heading', { name: 'Allot' }).isVisible()).toBe(true);

  await mkdir(path.dirname(screenshot), { recursive: true });
  await page.screenshot({ path: screenshot });
  expect(problems).toEqual([]);
});

test('a deep link opens the app instead of a 404', async () => {
  const page = await browser.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${allot.url}/some/deep/link`, { waitUntil: 'networkidle' });
  await page.getByTestId('institution-name').waitFor();
  expect(problems).toEqual([]);
});
