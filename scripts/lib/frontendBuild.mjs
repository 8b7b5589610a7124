// Rebuilds frontend/dist only when a source file is newer than the last build.
import { readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { npmCommand, repoRoot, run } from './run.mjs';

const frontend = path.join(repoRoot, 'frontend');
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(target).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(target, name))),
    info.mtimeMs,
  );
}

export function frontendIsStale() {
  const built = path.join(frontend, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(frontend, source)) > builtAt);
}

/** Resolves to true when frontend/dist is up to date. */
export async function ensureFrontendBuilt() {
  if (!frontendIsStale()) return true;
  console.log('Building the frontend (vite build)…');
  return (await run(npmCommand(), ['run', 'build', '-w', '@allot/frontend'])) === 0;
}
