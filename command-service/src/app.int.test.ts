import { describe, expect, it } from '@jest/globals';
import { openTestStore } from './testing/testStore.js';
import { buildTestApp } from './testing/testApp.js';

describe('commandServicePlugin', () => {
  it('answers a fault with 500 and a generic message, never the stack', async () => {
    const db = await openTestStore();
    const t = await buildTestApp(db.store, {
      admin: [{ action: 'manage', subject: 'Configuration' }],
    });
    await db.close(); // the store's database is gone: every read fails
    const response = await t.request({
      method: 'PUT',
      url: '/api/settings/logo',
      payload: { value: 'true' },
      headers: t.signedIn('admin'),
    });
    await t.app.close();
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect(response.body).not.toMatch(/at |pool|postgres/i);
  });

  it('leaves GET to the projection-service', async () => {
    const db = await openTestStore();
    const t = await buildTestApp(db.store);
    const response = await t.request({ method: 'GET', url: '/api/settings/logo' });
    await t.app.close();
    await db.close();
    expect(response.statusCode).toBe(404);
  });
});
