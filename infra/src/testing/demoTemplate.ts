import { cp, mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/loadConfig.js';
import { startAllot } from '../embedded/startAllot.js';
import { LOCK_FILE } from '../embedded/dataDirLock.js';

/**
 * The demo institution, seeded once per test run on an embedded data folder and copied for each
 * test file that needs it: seeding it costs a minute or two of CPU, and a dozen files start the
 * whole application on it. In a jest run, testing/sequencer.js starts the seeding in a process of
 * its own (seedDemoTemplateMain.ts) as the run begins and schedules those files last, so no worker
 * waits idle for it; a file run some other way seeds it itself. Whoever seeds first claims the
 * folder (a directory made atomically says who); the others wait for it. The seeding is a first
 * start of the application on an empty folder, and what it reported is kept (`firstStartReport`):
 * the seed's tests (seed/demoSeeds.int.test.ts) and the first start's (embedded/startAllot.int.
 * test.ts) read it instead of seeding again.
 */
const WAIT_MS = 10 * 60_000;

function templateRoot(): string {
  // testing/globalSetup.js names the run (its teardown removes the template); a file run on its
  // own outside it gets a template of its own.
  const run = process.env.ALLOT_TEST_RUN_ID ?? `standalone-${String(process.pid)}`;
  return path.join(os.tmpdir(), `allot-demo-template-${run}`);
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

const FIRST_START_FILE = 'first-start.json';

async function seedTemplate(root: string): Promise<void> {
  const dataDir = path.join(root, 'data');
  const frontendDir = path.join(root, 'frontend-dist');
  try {
    await mkdir(frontendDir);
    await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>Allot</title>');
    const allot = await startAllot(
      loadConfig({
        ALLOT_MODE: 'test',
        ALLOT_DEMO_DATA: 'on',
        PORT: '0',
        HOST: '127.0.0.1',
        ALLOT_DATA_DIR: dataDir,
        ALLOT_FRONTEND_DIR: frontendDir,
        ALLOT_DB_POOL_SIZE: '4',
        LOG_LEVEL: 'silent',
      }),
    );
    const head = await allot.store.committedHeadPosition();
    if (head) await allot.runner.waitFor(head, undefined, WAIT_MS);
    await allot.close();
    await writeFile(path.join(root, FIRST_START_FILE), JSON.stringify(allot.seedReport));
    await writeFile(path.join(root, 'ready'), 'ready');
  } catch (err) {
    await writeFile(path.join(root, 'failed'), String(err instanceof Error ? err.stack : err));
    throw err;
  }
}

async function templateReady(root: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await exists(path.join(root, 'ready'))) return;
    if (await exists(path.join(root, 'failed'))) {
      throw new Error(
        `Seeding the demo template failed: ${await readFile(path.join(root, 'failed'), 'utf8')}`,
      );
    }
    if (Date.now() > deadline) throw new Error('The demo template was not seeded in 10 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A data folder of its own holding the seeded demo institution, its read models caught up: a
 * start on it seeds nothing and has nothing to catch up. The caller removes it.
 */
export async function seededDemoDataDir(prefix: string): Promise<string> {
  const root = await seededTemplate();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await cp(path.join(root, 'data'), dataDir, {
    recursive: true,
    // The seeding start's lock names a process that is alive (this worker, or another one).
    filter: (source) => path.basename(source) !== LOCK_FILE,
  });
  return dataDir;
}

/** Makes the run's template folder; false when someone else already has (and seeds it). */
async function claimTemplate(root: string): Promise<boolean> {
  try {
    await mkdir(root);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  }
}

/** The run's template folder once seeded: seeded here, unless someone claimed it first. */
async function seededTemplate(): Promise<string> {
  const root = templateRoot();
  if (await claimTemplate(root)) await seedTemplate(root);
  else await templateReady(root);
  return root;
}

/** Seeds the run's template unless someone already claimed it (seedDemoTemplateMain.ts). */
export async function seedDemoTemplate(): Promise<void> {
  const root = templateRoot();
  if (await claimTemplate(root)) await seedTemplate(root);
}

/**
 * What the start that seeded the run's demo folder reported: every demo step applied, on a folder
 * that was empty. Waits for the seeding like `seededDemoDataDir`.
 */
export async function firstStartReport(): Promise<{ applied: string[]; skipped: string[] }> {
  const root = await seededTemplate();
  return JSON.parse(await readFile(path.join(root, FIRST_START_FILE), 'utf8')) as {
    applied: string[];
    skipped: string[];
  };
}
