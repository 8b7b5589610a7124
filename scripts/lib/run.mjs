// Small process helpers for the repo's scripts; only node builtins, so they work before `npm ci`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command with inherited output; resolves to its exit code (never rejects). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
    child.once('error', (err) => {
      console.error(`Could not run ${command}: ${err.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export function npmCommand() {
  return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/** Stops with one sentence, no stack trace. */
export function stop(sentence, code = 1) {
  console.error(sentence);
  process.exit(code);
}

export function checkNodeVersion() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    stop(
      `Allot needs Node.js 20.19 or newer (this is ${process.versions.node}): install it from your package manager or nodejs.org and try again.`,
    );
  }
}

/**
 * A fresh checkout has no node_modules: install what the lock file names. `npm install`, not
 * `npm ci`: registries that carry only some platforms' optional builds (ours has no darwin or
 * win32 builds of turbo and swc) leave those out of the lock, and `npm ci` then refuses it.
 */
export async function ensureDependencies() {
  if (existsSync(path.join(repoRoot, 'node_modules', '.package-lock.json'))) return;
  console.log('Installing dependencies (npm install) — only needed once after a fresh checkout.');
  const code = await run(npmCommand(), ['install', '--no-audit', '--no-fund']);
  if (code !== 0)
    stop(
      'npm install failed (see above): check your network access to the npm registry and run the command again.',
    );
}

/** Node flags that run TypeScript sources of the workspace packages (their `allot-source` export). */
export function tsxFlags() {
  // An absolute URL: `--import tsx` alone resolves from the working directory, which may be elsewhere.
  return ['--conditions=allot-source', '--import', import.meta.resolve('tsx')];
}
