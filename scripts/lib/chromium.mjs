// Finds the system Chromium the browser tests drive (playwright-core never downloads a browser).
import { existsSync } from 'node:fs';
import { run } from './run.mjs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) return existsSync(configured) ? configured : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/**
 * Returns a Chromium path, installing Debian's package when running as root; otherwise null
 * after printing one sentence on how to get it.
 */
export async function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    console.error(
      `CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, which does not exist: point it at a Chromium or Chrome binary, or unset it to use /usr/bin/chromium.`,
    );
    return null;
  }
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && existsSync('/usr/bin/apt-get')) {
    console.log(
      "Chromium is missing: installing Debian's chromium package with apt-get for the browser tests.",
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const ok =
      (await run('apt-get', ['update', '-q'], { env })) === 0 &&
      (await run('apt-get', ['install', '-y', '-q', 'chromium'], { env })) === 0;
    if (ok && findChromium()) return findChromium();
    console.error(
      'Installing chromium with apt-get failed (see above): install it by hand with `apt-get install chromium` and run npm test again.',
    );
    return null;
  }
  console.error(
    'The browser tests need Chromium: install it (on Debian or Ubuntu `sudo apt-get install chromium`) or set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.',
  );
  return null;
}
