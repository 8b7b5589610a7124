import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Build time only (vite.config.ts): the one version of client and server, the root package.json's,
 * which the server reads too (projection-service/src/readModels/auth/appVersion.ts). Built into the bundle,
 * so a fresh start always matches and never shows the Application Update modal.
 */
export function rootVersion(): string {
  const file = fileURLToPath(new URL('../../../package.json', import.meta.url));
  const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  if (typeof version !== 'string') throw new Error(`${file} has no version.`);
  return version;
}
