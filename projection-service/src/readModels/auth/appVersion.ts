import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT_PACKAGE_JSON = fileURLToPath(new URL('../../../../package.json', import.meta.url));
const VERSION = /^\d+\.\d+\.\d+$/;

/** The one version of client and server: the root package.json's (the frontend build reads it too). */
export function readAppVersion(packageJsonPath: string = ROOT_PACKAGE_JSON): string {
  const parsed: unknown = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  const version =
    parsed !== null && typeof parsed === 'object' && 'version' in parsed ? parsed.version : null;
  if (typeof version !== 'string' || !VERSION.test(version)) {
    throw new Error(`${packageJsonPath} has no major.minor.patch version.`);
  }
  return version;
}
