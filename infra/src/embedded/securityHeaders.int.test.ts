import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/loadConfig.js';
import { startAllot, type RunningAllot } from './startAllot.js';

let dataDir: string;
let frontendDir: string;
let allot: RunningAllot | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'allot-headers-'));
  frontendDir = path.join(dataDir, 'frontend-dist');
  await mkdir(path.join(frontendDir, 'assets'), { recursive: true });
  await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>Allot</title>');
  await writeFile(path.join(frontendDir, 'assets', 'app.js'), 'console.log(1);');
});

afterEach(async () => {
  await allot?.close();
  allot = null;
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function start(mode: string) {
  allot = await startAllot(
    loadConfig({
      ALLOT_MODE: mode,
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOT_DATA_DIR: path.join(dataDir, mode),
      ALLOT_FRONTEND_DIR: frontendDir,
      ALLOT_DB_POOL_SIZE: '4',
      ALLOT_SESSION_SECRET: 'a-session-secret-of-at-least-thirty-two-characters',
    }),
  );
  return allot.url;
}

// The app's page, an asset, a deep link, the logo, a read, a write and a refused request.
const PATHS: [string, string][] = [
  ['GET', '/'],
  ['GET', '/assets/app.js'],
  ['GET', '/sections'],
  ['GET', '/api/logo.png'],
  ['GET', '/api/app-info'],
  ['GET', '/api/sections'],
  ['POST', '/api/academicTermTypes'],
  ['GET', '/api/no-such-thing'],
];

describe('security headers', () => {
  it('are on every answer, with a policy that allows only Allot’s own scripts; no HSTS over http', async () => {
    const url = await start('test');
    for (const [method, at] of PATHS) {
      const answer = await fetch(`${url}${at}`, { method });
      const headers = answer.headers;
      const policy = headers.get('content-security-policy') ?? '';
      // The logo (an uploaded SVG may be one) keeps its own stricter policy: no scripts at all.
      const own = at === '/api/logo.png' ? "default-src 'none'" : "script-src 'self'";
      expect([at, policy]).toEqual([at, expect.stringContaining(own)]);
      if (at !== '/api/logo.png') expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain('upgrade-insecure-requests');
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('same-origin');
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('add HSTS where Allot is served over https (production)', async () => {
    const url = await start('production');
    for (const [method, at] of PATHS) {
      const answer = await fetch(`${url}${at}`, { method });
      expect([at, answer.headers.get('strict-transport-security')]).toEqual([
        at,
        expect.stringContaining('max-age='),
      ]);
    }
  });
});
