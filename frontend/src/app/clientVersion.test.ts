/**
 * @jest-environment node
 */
import { readFileSync } from 'node:fs';
import { readAppVersion } from '../../../projection-service/src/readModels/auth/appVersion.js';
import { CLIENT_VERSION } from '../lib/constants.js';
import { rootVersion } from './rootVersion.js';

const frontendPackage = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };
const viteConfig = readFileSync(new URL('../../vite.config.ts', import.meta.url), 'utf8');

describe('client version', () => {
  it('is built from the file the server reads its version from', () => {
    expect(rootVersion()).toBe(readAppVersion());
    expect(viteConfig).toContain('__ALLOT_VERSION__: JSON.stringify(rootVersion())');
  });

  it('is the spec’s 2025.4.0, in the frontend package too', () => {
    expect(frontendPackage.version).toBe(readAppVersion());
    expect(CLIENT_VERSION).toBe(readAppVersion());
    expect(CLIENT_VERSION).toBe('2025.4.0');
  });
});
