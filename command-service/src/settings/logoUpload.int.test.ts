import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SETTINGS_STREAM } from '@allot/shared-events';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';

let db: TestStore;
let t: TestApp;
let base: string;

beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, {
    admin: [{ action: 'manage', subject: 'Configuration' }],
    reader: [{ action: 'read', subject: 'Configuration' }],
  });
  const { port } = t.app.server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xfe]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>';

/** Posts `content` as the multipart field `file` (or an empty form); binary-safe, unlike t.request. */
async function upload(
  content: Buffer | string | undefined,
  headers: Record<string, string>,
  field = 'file',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  if (content !== undefined)
    form.append(
      field,
      new Blob([typeof content === 'string' ? content : new Uint8Array(content)]),
      'logo',
    );
  else form.append('other', 'x');
  const response = await fetch(`${base}/api/settings/upload/logo`, {
    method: 'POST',
    headers,
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Runs an upload and checks the settings stream is unchanged by it. */
async function refused(request: () => ReturnType<typeof upload>) {
  const before = await db.events(SETTINGS_STREAM);
  const response = await request();
  expect(await db.events(SETTINGS_STREAM)).toHaveLength(before.length);
  return response;
}

describe('POST /api/settings/upload/logo', () => {
  it('stores a PNG with its sniffed type and sets the logo flag in the same append', async () => {
    const response = await upload(PNG, t.signedIn('admin'));
    expect(response.status).toBe(200);
    const events = await db.events(SETTINGS_STREAM);
    expect(events.slice(-2)).toMatchObject([
      {
        type: 'LogoUploaded',
        data: { contentType: 'image/png', dataBase64: PNG.toString('base64') },
      },
      { type: 'SettingChanged', data: { machineName: 'logo', value: 'true' } },
    ]);
  });

  it('stores a plain SVG', async () => {
    expect((await upload(SVG, t.signedIn('admin'))).status).toBe(200);
    expect((await db.events(SETTINGS_STREAM)).at(-2)).toMatchObject({
      type: 'LogoUploaded',
      data: { contentType: 'image/svg+xml' },
    });
  });

  it('stores an SVG with scripts as its sanitised drawing only (DOMPurify)', async () => {
    const scripted = SVG.replace(
      '<rect',
      '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script><rect onload="x()"',
    );
    expect((await upload(scripted, t.signedIn('admin'))).status).toBe(200);
    const event = (await db.events(SETTINGS_STREAM)).at(-2);
    const kept = Buffer.from(String((event?.data as { dataBase64: string }).dataBase64), 'base64');
    expect(kept.toString('utf8')).not.toMatch(/script|onload/);
    expect(kept.toString('utf8')).toContain('<rect width="4" height="4"/>');
  });

  it('refuses a text file and a too-large file, storing nothing', async () => {
    expect((await refused(() => upload('hello', t.signedIn('admin')))).status).toBe(422);
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect([413, 422]).toContain((await refused(() => upload(big, t.signedIn('admin')))).status);
  });

  it('answers 400 without a file and 403 without manage Configuration', async () => {
    expect((await refused(() => upload(undefined, t.signedIn('admin')))).status).toBe(400);
    expect((await refused(() => upload(PNG, t.signedIn('reader')))).status).toBe(403);
  });

  it('refuses a form post without the CSRF token', async () => {
    expect((await refused(() => upload(PNG, t.cookieOnly('admin')))).status).toBe(403);
  });
});

describe('DELETE /api/settings/logo', () => {
  const reset = (headers: Record<string, string>) =>
    t.request({ method: 'DELETE', url: '/api/settings/logo', headers });

  it('returns to the default logo (logo false), and writes nothing when it shows already', async () => {
    expect((await upload(PNG, t.signedIn('admin'))).status).toBe(200);
    const response = await reset(t.signedIn('admin'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 'logo', position: expect.any(String) });
    expect((await db.events(SETTINGS_STREAM)).at(-1)).toMatchObject({
      type: 'SettingChanged',
      data: { machineName: 'logo', value: 'false' },
      metadata: { actorId: 'admin' },
    });
    const before = await db.events(SETTINGS_STREAM);
    expect((await reset(t.signedIn('admin'))).statusCode).toBe(200);
    expect(await db.events(SETTINGS_STREAM)).toHaveLength(before.length);
  });

  it('403 without manage Configuration, 401 without a session, 403 without the CSRF token; nothing written', async () => {
    expect((await upload(PNG, t.signedIn('admin'))).status).toBe(200);
    const before = await db.events(SETTINGS_STREAM);
    expect((await reset(t.signedIn('reader'))).statusCode).toBe(403);
    expect((await reset({})).statusCode).toBe(401);
    expect((await reset(t.cookieOnly('admin'))).statusCode).toBe(403);
    expect(await db.events(SETTINGS_STREAM)).toHaveLength(before.length);
  });
});
