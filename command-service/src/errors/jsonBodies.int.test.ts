import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

let db: TestStore;
let t: TestApp;

beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, { admin: rulesOf('admin', 'admin') });
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
const json = { 'content-type': 'application/json' };

it('refuses a body nested thousands of levels deep with 400, signed in or not, and writes nothing', async () => {
  for (const headers of [json, { ...json, ...t.signedIn('admin') }]) {
    for (const url of [
      '/api/academicTermTypes',
      '/api/workgroups',
      '/api/settings/institution_name',
    ]) {
      const method = url.startsWith('/api/settings') ? 'PUT' : 'POST';
      const response = await t.request({ method, url, payload: nested(5000), headers });
      // Without a session some routes answer 401 first: never a 500.
      expect([400, 401]).toContain(response.statusCode);
      if (response.statusCode === 400) {
        expect(response.json().message).toBe('The request body nests too deeply.');
      }
    }
  }
  expect(await db.store.readAll({ fromPosition: 'start', maxCount: 10 })).toEqual([]);
});

it('still parses ordinary bodies and refuses malformed JSON with 400', async () => {
  const created = await t.request({
    method: 'POST',
    url: '/api/academicTermTypes',
    payload: { name: 'Semester', slug: 'semester' },
    headers: t.signedIn('admin'),
  });
  expect(created.statusCode).toBe(201);
  const broken = await t.request({
    method: 'POST',
    url: '/api/academicTermTypes',
    payload: '{"name": ',
    headers: { ...json, ...t.signedIn('admin') },
  });
  expect(broken.statusCode).toBe(400);
  const poisoned = await t.request({
    method: 'POST',
    url: '/api/academicTermTypes',
    payload: '{"name":"x","slug":"x","__proto__":{"admin":true}}',
    headers: { ...json, ...t.signedIn('admin') },
  });
  expect(poisoned.statusCode).toBe(400);
});
