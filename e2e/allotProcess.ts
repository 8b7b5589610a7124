import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tsxFlags } from '../scripts/lib/run.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');

export interface AllotProcess {
  /** Where it listens: `http://127.0.0.1:<port>`. */
  url: string;
  /** What it printed so far (its start banner). */
  output(): string;
  stop(): Promise<void>;
}

export interface AllotProcessOptions {
  dataDir: string;
  /** Beside the defaults (local mode, loopback, no sign-in rate limit, no shared services). */
  env: Record<string, string>;
  /** Printed once it is ready; the banner's address line unless given. */
  ready?: RegExp;
  timeoutMs?: number;
}

/**
 * A data folder for an Allot of a test file's own: a copy of the demo folder the run seeded
 * (ALLOT_E2E_DEMO_TEMPLATE, when `npm test` made one) or an empty one it seeds itself.
 */
export async function demoDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const template = process.env.ALLOT_E2E_DEMO_TEMPLATE;
  if (template && existsSync(path.join(template, 'ready'))) {
    await cp(path.join(template, 'data'), dataDir, {
      recursive: true,
      filter: (source) => path.basename(source) !== 'allot.lock',
    });
  }
  return dataDir;
}

/**
 * Allot started as `npm start` starts it, in a child process with the test's own environment (a
 * feature flag, a campus IdP), on the embedded default: it never touches the shared PostgreSQL
 * or Redis. Resolves once it listens.
 */
export async function startAllotProcess(options: AllotProcessOptions): Promise<AllotProcess> {
  const env: Record<string, string | undefined> = { ...process.env };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child: ChildProcess = spawn(
    process.execPath,
    [...tsxFlags(), path.join(repoRoot, 'infra', 'src', 'main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...env,
        ALLOT_MODE: 'local',
        PORT: '0',
        HOST: '127.0.0.1',
        ALLOT_DATA_DIR: options.dataDir,
        ALLOT_SIGNIN_RATE_LIMIT: '10000',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const ready = options.ready ?? /Allot is running at (http:\/\/\S+)/;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Allot did not start:\n${output}`)),
      options.timeoutMs ?? 300_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Allot exited with ${String(code)}:\n${output}`));
    });
  });
  // Keep draining so a chatty server never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  const url = /Allot is running at (http:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`Allot did not say where it listens:\n${output}`);
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
