import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { HistoryAnswer } from '@allot/shared-events';
import type { AppRule } from '../authorization/ability.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';
import { answerOf } from '../testing/answerContract.js';

let db: TestStore;
let t: TestApp;
let base: string;
let adminId = '';
let opsId = '';

beforeAll(async () => {
  db = await openTestStore();
  const rules: Record<string, readonly AppRule[]> = { root: rulesOf('admin', 'root') };
  t = await buildTestApp(db.store, rules);
  const { port } = t.app.server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  const create = async (firstName: string, lastName: string, username: string) =>
    (
      await t.request({
        method: 'POST',
        url: '/api/users',
        payload: { firstName, lastName, username, email: `${username}@example.edu` },
        headers: t.signedIn('root'),
      })
    ).json().id as string;
  adminId = await create('Grace', 'Hopper', 'grace');
  opsId = await create('Olga', 'Ops', 'olga');
  rules[adminId] = rulesOf('admin', adminId);
  rules[opsId] = rulesOf('academicOpsAdmin', opsId);
  rules.faculty = rulesOf('faculty', 'faculty');
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const PNG_A = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xaa]);
const PNG_B = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0xbb]);

async function upload(content: Buffer, headers: Record<string, string>) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)]), 'logo.png');
  const response = await fetch(`${base}/api/settings/upload/logo`, {
    method: 'POST',
    headers,
    body: form,
  });
  expect(response.status).toBe(200);
}

const put = async (machineName: string, value: string) => {
  const answer = await t.request({
    method: 'PUT',
    url: `/api/settings/${machineName}`,
    payload: { value },
    headers: t.signedIn(adminId),
  });
  expect(answer.statusCode).toBe(200);
};

interface Row {
  type: string;
  by: { displayName: string } | null;
  changes: { field: string; label: string; display: Record<string, unknown> }[];
}

describe('GET /api/history/settings', () => {
  let rows: Row[] = [];

  beforeAll(async () => {
    await put('institution_name', 'Northbridge');
    await put('institution_name', 'Northbridge University');
    await upload(PNG_A, t.signedIn(adminId));
    await upload(PNG_B, t.signedIn(adminId));
    await put('primary_color', '#0736A4');
    await put('apiEnabled', 'true');
    await put('apiEnabled', '');
    const answer = await t.request({
      method: 'GET',
      url: '/api/history/settings',
      headers: t.signedIn(adminId),
    });
    expect(answer.statusCode).toBe(200);
    // The read contract (shared-events' HistoryAnswer), on a real answer.
    answerOf(HistoryAnswer, answer.json());
    rows = (answer.json() as { rows: Row[] }).rows;
  });

  it('answers who changed which setting when, by its label, from → to', () => {
    const changes = rows.map((r) => r.changes[0]);
    expect(rows.every((r) => r.by?.displayName === 'Grace Hopper')).toBe(true);
    expect(changes[0]).toMatchObject({
      field: 'institution_name',
      label: 'Institution name',
      display: { kind: 'text', from: '(empty)', to: 'Northbridge' },
    });
    expect(changes[1]).toMatchObject({
      display: { kind: 'text', from: 'Northbridge', to: 'Northbridge University' },
    });
    expect(changes[4]).toMatchObject({
      label: 'Primary colour',
      display: { kind: 'text', from: 'Default', to: '#0736a4' },
    });
    expect(changes[5]).toMatchObject({
      label: 'API keys',
      display: { kind: 'text', from: 'Default', to: 'On' },
    });
    expect(changes[6]).toMatchObject({ display: { kind: 'text', from: 'On', to: 'Default' } });
    expect(rows).toHaveLength(7);
  });

  it('shows each logo upload as the logo before and after, each version kept by its event', async () => {
    const first = rows[2]?.changes[0];
    const second = rows[3]?.changes[0];
    expect(first).toMatchObject({
      label: 'Logo',
      display: {
        kind: 'image',
        from: null,
        to: expect.stringMatching(/^\/api\/history\/settings\/logo\/\d+$/),
      },
    });
    expect(second?.display.from).toBe(first?.display.to);
    expect(second?.display.to).not.toBe(first?.display.to);
    const image = async (url: unknown, headers = t.signedIn(adminId)) =>
      fetch(`${base}${String(url)}`, { headers });
    const before = await image(second?.display.from);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('image/png');
    expect(before.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await before.arrayBuffer())).toEqual(PNG_A);
    const after = await image(second?.display.to);
    expect(Buffer.from(await after.arrayBuffer())).toEqual(PNG_B);
  });

  it('refuses whoever may not read the configuration (403), no session (401); bad or unknown versions', async () => {
    const history = (headers: Record<string, string>) =>
      t.request({ method: 'GET', url: '/api/history/settings', headers });
    expect((await history({})).statusCode).toBe(401);
    const withQuery = await t.request({
      method: 'GET',
      url: '/api/history/settings?machineName=logo',
      headers: t.signedIn(adminId),
    });
    expect(withQuery.statusCode).toBe(400);
    expect((await history(t.signedIn(opsId))).statusCode).toBe(403);
    expect((await history(t.signedIn('faculty'))).statusCode).toBe(403);
    const logo = rows[2]?.changes[0]?.display.to;
    const image = (url: string, headers: Record<string, string>) =>
      t.request({ method: 'GET', url, headers });
    expect((await image(String(logo), {})).statusCode).toBe(401);
    expect((await image(String(logo), t.signedIn(opsId))).statusCode).toBe(403);
    // Revision 0 is the first institution name, not a logo.
    expect((await image('/api/history/settings/logo/0', t.signedIn(adminId))).statusCode).toBe(404);
    expect((await image('/api/history/settings/logo/999', t.signedIn(adminId))).statusCode).toBe(
      404,
    );
    expect((await image('/api/history/settings/logo/abc', t.signedIn(adminId))).statusCode).toBe(
      400,
    );
  });
});
