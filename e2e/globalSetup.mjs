// One embedded Allot with demo data for the whole browser run, seeded once rather than per file.
// It runs as `npm start` does (infra/src/main.ts through tsx) in a child process, so the browser
// tests exercise the real start path. Tests that change state use their own demo user.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsxFlags } from '../scripts/lib/run.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm test` hands on the demo folder its jest run seeded (ALLOT_E2E_DEMO_TEMPLATE): starting
 * from a copy skips seeding the same institution a second time. The first start's seeding is
 * tested by infra's startAllot tests; here the start path is the same, minus the seeding.
 */
async function startFromSeededFolder(dataDir) {
  const template = process.env.ALLOT_E2E_DEMO_TEMPLATE;
  if (!template || !existsSync(path.join(template, 'ready'))) return;
  await cp(path.join(template, 'data'), dataDir, {
    recursive: true,
    // The lock names the seeding process, which has ended.
    filter: (source) => path.basename(source) !== 'allot.lock',
  });
  console.log('Browser tests: Allot starts on a copy of the demo folder the jest run seeded.');
}

export default async function globalSetup() {
  // A developer may point the run at an Allot already running with demo data (saves the seeding).
  if (process.env.ALLOT_E2E_URL) return;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-e2e-'));
  await startFromSeededFolder(dataDir);
  // The folder saved imports read their files from (the tests drop files there, as an SIS would).
  const importDir = path.join(dataDir, 'import-folder');
  await mkdir(importDir, { recursive: true });
  process.env.ALLOT_E2E_IMPORT_DIR = importDir;
  // The embedded default: the browser run never touches the shared PostgreSQL or Redis.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.REDIS_URL;
  const child = spawn(
    process.execPath,
    [...tsxFlags(), path.join(repoRoot, 'infra', 'src', 'main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...inherited,
        // npm start's default mode: the per-role menu fixtures are written for it (developer items show).
        ALLOT_MODE: 'local',
        ALLOT_DEMO_DATA: 'on',
        PORT: '0',
        HOST: '127.0.0.1',
        ALLOT_DATA_DIR: dataDir,
        ALLOT_IMPORT_DIR: importDir,
        // Every browser of the run signs in from 127.0.0.1: far more than a person's 30 a minute.
        ALLOT_SIGNIN_RATE_LIMIT: '10000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Allot did not start in 300 s:\n${output}`)),
      300_000,
    );
    const read = (chunk) => {
      output += chunk.toString();
      const match = /Allot is running at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Allot exited with ${String(code)} before it listened:\n${output}`));
    });
  });
  // Keep draining so a chatty server never blocks on a full pipe.
  child.stdout.resume();
  child.stderr.resume();
  process.env.ALLOT_E2E_URL = url;
  globalThis.__allotE2e = { child, dataDir };
}
