import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig, type AllotConfig } from '../config/loadConfig.js';
import { startAllot, type RunningAllot } from './startAllot.js';
import { demoSeedSteps } from '../seed/demoSeeds.js';
import { firstStartReport, seededDemoDataDir } from '../testing/demoTemplate.js';

const DEMO_STEP_NAMES = demoSeedSteps.map((step) => step.name);

interface SettingRow {
  machineName: string;
  Setting: { value: string };
}

function valueOf(rows: SettingRow[], machineName: string): string | undefined {
  return rows.find((r) => r.machineName === machineName)?.Setting.value;
}

let dataDir: string;
let config: AllotConfig;
let allot: RunningAllot | null = null;

beforeAll(async () => {
  // A copy of the run's demo folder, which a first start of the application on an empty folder
  // seeded (testing/demoTemplate.ts): seeding it once more here cost two minutes of CPU.
  dataDir = await seededDemoDataDir('allot-embedded-');
  const frontendDir = path.join(dataDir, 'frontend-dist');
  await mkdir(frontendDir, { recursive: true });
  await writeFile(
    path.join(frontendDir, 'index.html'),
    '<!doctype html><title>Allot</title><div id="root"></div>',
  );
  config = loadConfig({
    ALLOT_MODE: 'test',
    ALLOT_DEMO_DATA: 'on',
    PORT: '0',
    HOST: '127.0.0.1',
    ALLOT_DATA_DIR: dataDir,
    ALLOT_FRONTEND_DIR: frontendDir,
    ALLOT_DB_POOL_SIZE: '4',
    LOG_LEVEL: 'silent',
  });
});

afterEach(async () => {
  await allot?.close();
  allot = null;
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('startAllot on embedded PGlite', () => {
  it('seeds the whole demo institution on a first start on an empty folder', async () => {
    expect(await firstStartReport()).toEqual({ applied: DEMO_STEP_NAMES, skipped: [] });
  });

  it('serves the seeded settings, the frontend and JSON 404s for unknown API paths', async () => {
    allot = await startAllot(config);
    expect(allot.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(allot.seedReport).toEqual({ applied: [], skipped: DEMO_STEP_NAMES });

    const head = await allot.store.committedHeadPosition();
    expect(head).not.toBeNull();
    const settings = await fetch(`${allot.url}/api/settings`, {
      headers: { 'x-allot-position': `${String(head?.commit)}:${String(head?.prepare)}` },
    });
    expect(settings.status).toBe(200);
    const rows = (await settings.json()) as SettingRow[];
    expect(valueOf(rows, 'institution_name')).toBe('Northbridge University');
    expect(valueOf(rows, 'primary_color')).toBe('#0736a4');
    expect(valueOf(rows, 'logo')).toBe('false');

    const deepLink = await fetch(`${allot.url}/planning/2025/sections`);
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<div id="root">');

    const unknownApi = await fetch(`${allot.url}/api/no-such-thing`);
    expect(unknownApi.status).toBe(404);
    expect(unknownApi.headers.get('content-type')).toContain('application/json');
  });

  it('keeps everything across a restart on the same folder and seeds nothing new', async () => {
    const streams = ['settings', 'seed-demo-settings'];
    const first = await startAllot(config);
    allot = first;
    const before = await Promise.all(streams.map((s) => first.store.readStream(s)));
    await first.close();

    const second = await startAllot(config);
    allot = second;
    expect(second.seedReport).toEqual({ applied: [], skipped: DEMO_STEP_NAMES });
    expect(await Promise.all(streams.map((s) => second.store.readStream(s)))).toEqual(before);
    const rows = (await (await fetch(`${allot.url}/api/settings`)).json()) as SettingRow[];
    expect(valueOf(rows, 'institution_name')).toBe('Northbridge University');
  });

  it('refuses a second start on a folder that a running start uses', async () => {
    allot = await startAllot(config);
    await expect(startAllot({ ...config, port: 0 })).rejects.toThrow(
      /another Allot \(process \d+\) is using/,
    );
    const response = await fetch(`${allot.url}/api/health`);
    expect(response.status).toBe(200);
  });

  it('shows a command’s change to a GET that carries its position', async () => {
    allot = await startAllot(config);
    // Started again on the same folder, the 33 projections first open their tables, one PGlite
    // transaction after another; what this test measures is the wait for the command's events.
    const head = await allot.store.committedHeadPosition();
    if (head) expect(await allot.runner.waitFor(head, undefined, 60_000)).toBe(true);
    const result = await allot.bus.execute('ChangeSetting', {
      machineName: 'institution_name',
      value: 'Northbridge College',
    });
    const response = await fetch(`${allot.url}/api/settings`, {
      headers: { 'x-allot-position': result.position },
    });
    // One expectation, so a failure shows whether the wait timed out or the value is wrong.
    expect({
      status: response.status,
      stale: response.headers.get('x-allot-stale'),
      name: valueOf((await response.json()) as SettingRow[], 'institution_name'),
    }).toEqual({ status: 200, stale: null, name: 'Northbridge College' });
  });
});
