import type { FastifyInstance } from 'fastify';
import { settingsProjection } from './index.js';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, type RouteHarness } from '../testing/routeHarness.js';
import { projectionServicePlugin } from '../../api/projectionServicePlugin.js';
import { DEFAULT_LOGO_SVG, LOGO_CSP } from './routes.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let app: FastifyInstance;
let contract: AnswerContract;
let harness: RouteHarness;
let base: string;

beforeAll(async () => {
  // The settings are public: through the whole read API, with no viewer.
  harness = await openRouteHarness({
    projections: [settingsProjection],
    events: [recorded('SettingChanged', { machineName: 'institution_name', value: 'State U' })],
    routes: [projectionServicePlugin],
    routeOptions: {
      waitForPosition: async () => {
        await Promise.resolve();
      },
    },
  });
  ({ app, contract } = harness);
  // Over real HTTP: app.inject needs the ESM-only `cookie`, which jest cannot require.
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => harness.close());

const filterFor = (machineName: string) =>
  `${base}/api/settingTypes?filter=${encodeURIComponent(JSON.stringify({ machineName }))}`;

test('GET /api/settingTypes filtered on machineName answers that setting first', async () => {
  const res = await fetch(filterFor('institution_name'));
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual([
    { id: 'institution_name', machineName: 'institution_name', Setting: { value: 'State U' } },
  ]);
});

test('GET /api/settingTypes answers [] for an unset name and the default colour when unset', async () => {
  expect(await (await fetch(filterFor('logo'))).json()).toEqual([]);
  expect(await (await fetch(filterFor('primary_color'))).json()).toEqual([
    { id: 'primary_color', machineName: 'primary_color', Setting: { value: '#0736a4' } },
  ]);
});

test('GET /api/settingTypes refuses an unreadable filter with 400', async () => {
  const res = await fetch(`${base}/api/settingTypes?filter=${encodeURIComponent('{nope')}`);
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ message: expect.stringContaining('machineName') });
});

test('GET /api/logo.png answers the built-in SVG logo when none was uploaded', async () => {
  const res = await fetch(`${base}/api/logo.png`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('image/svg+xml');
  const body = await res.text();
  expect(body).toBe(DEFAULT_LOGO_SVG);
  expect(body).toContain('#0736a4');
  expect(body).toContain('>A</text>');
});

test('GET /api/logo.png forbids scripts and everything else active, opened on its own', async () => {
  const res = await fetch(`${base}/api/logo.png`);
  expect(res.headers.get('content-security-policy')).toBe(
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
  );
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
});

test('an uploaded logo is served with its type and stays out of the settings list', async () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
  await harness.apply([
    recorded('LogoUploaded', { contentType: 'image/png', dataBase64: png.toString('base64') }),
    recorded('SettingChanged', { machineName: 'logo', value: 'true' }),
  ]);
  const res = await fetch(`${base}/api/logo.png`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  expect(Buffer.from(await res.arrayBuffer())).toEqual(png);
  expect(res.headers.get('content-security-policy')).toBe(LOGO_CSP);
  const list = (await (await fetch(`${base}/api/settings`)).json()) as Array<{
    machineName: string;
  }>;
  expect(list.map((i) => i.machineName)).toEqual(['institution_name', 'logo', 'primary_color']);
  expect(await (await fetch(filterFor('_logo_image'))).json()).toEqual([]);
});

test('a logo reset to the default (logo false) serves the default image again, and a later true the upload', async () => {
  await harness.apply([recorded('SettingChanged', { machineName: 'logo', value: 'false' })]);
  const reset = await fetch(`${base}/api/logo.png`);
  expect(reset.headers.get('content-type')).toContain('image/svg+xml');
  expect(await reset.text()).toBe(DEFAULT_LOGO_SVG);
  await harness.apply([recorded('SettingChanged', { machineName: 'logo', value: 'true' })]);
  const shown = await fetch(`${base}/api/logo.png`);
  expect(shown.headers.get('content-type')).toBe('image/png');
});

test('the settings answers are what readApi declares (readApi/settings.ts)', () => {
  expect(contract.breaches).toEqual([]);
  expect([...contract.checked].sort()).toEqual(['GET /api/settingTypes', 'GET /api/settings']);
});
