import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AllotConfig } from './loadConfig.js';

export const SESSION_SECRET_FILE = 'session-secret';

/**
 * The configured secret, or outside production one generated on first start and kept in the
 * data folder, so sessions survive a restart without anyone having to set a variable.
 */
export async function resolveSessionSecret(
  config: Pick<AllotConfig, 'mode' | 'sessionSecret' | 'dataDir'>,
): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.mode === 'production') {
    throw new Error('ALLOT_SESSION_SECRET is required in production mode.');
  }
  const file = path.join(config.dataDir, SESSION_SECRET_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
