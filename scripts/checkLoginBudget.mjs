// The /login budget (issue 4): every JavaScript file the login page loads — the entry of
// index.html, what it imports statically (vendor chunks included), and the chunk holding the
// login page with its own static imports when the router loads it lazily — at most 350 kB
// gzipped. Reads the built frontend/dist; run it after `npm run build -w @allot/frontend`.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LOGIN_BUDGET_BYTES = 350 * 1000;
const LOGIN_SOURCE = /(^|\/)src\/features\/login\/pages\/LoginPage\.tsx$/;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Relative specifiers of static imports and re-exports in a minified ES module. */
export function staticImports(code) {
  const found = new Set();
  const pattern =
    /(?:\bimport|\bexport)\s*(?:[\w*{}\s,$]+\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]);
  // `from"./x.js"` as minifiers write it, whatever came before.
  for (const match of code.matchAll(/\bfrom\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

/** Module scripts and modulepreload links of index.html, as paths inside dist. */
export function entryFiles(html) {
  const files = new Set();
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    files.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    files.add(match[1]);
  return [...files].map((href) => href.replace(/^\//, ''));
}

async function closure(dist, starts) {
  const seen = new Set();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(path.join(dist, file), 'utf8');
    for (const spec of staticImports(code)) {
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)));
    }
  }
  return seen;
}

/** The chunk whose source map lists the login page, or null. */
async function loginChunk(dist) {
  const assets = path.join(dist, 'assets');
  for (const name of await readdir(assets)) {
    if (!name.endsWith('.js.map')) continue;
    const map = JSON.parse(await readFile(path.join(assets, name), 'utf8'));
    if ((map.sources ?? []).some((source) => LOGIN_SOURCE.test(source)))
      return `assets/${name.slice(0, -'.map'.length)}`;
  }
  return null;
}

export async function measureLogin(dist = path.join(repoRoot, 'frontend', 'dist')) {
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const starts = entryFiles(html);
  if (starts.length === 0) throw new Error('index.html names no module script');
  const login = await loginChunk(dist);
  if (!login)
    throw new Error(
      'No chunk holds src/features/login/pages/LoginPage.tsx (are source maps built?)',
    );
  const files = await closure(dist, [...starts, login]);
  const sizes = [];
  for (const file of files) {
    const gzipped = gzipSync(await readFile(path.join(dist, file))).length;
    sizes.push({ file, gzipped });
  }
  sizes.sort((a, b) => b.gzipped - a.gzipped);
  return { files: sizes, total: sizes.reduce((sum, s) => sum + s.gzipped, 0), login };
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { files, total } = await measureLogin();
    for (const { file, gzipped } of files) console.log(`  ${kB(gzipped).padStart(9)}  ${file}`);
    const verdict = total <= LOGIN_BUDGET_BYTES ? 'within' : 'OVER';
    console.log(
      `/login loads ${kB(total)} of gzipped JavaScript in ${String(files.length)} files: ${verdict} the ${kB(LOGIN_BUDGET_BYTES)} budget.`,
    );
    if (total > LOGIN_BUDGET_BYTES) process.exitCode = 1;
  } catch (error) {
    console.error(`Login budget check failed: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
