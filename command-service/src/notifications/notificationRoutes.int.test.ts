// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { notificationStream, type EventStore } from '@allot/shared-events';
import { openNativeTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

/*
 * Marking notifications read on PostgreSQL: one's own only, never while viewing as someone else,
 * a clear 400 for a body that does not say which, 401 signed out; nothing written when refused.
 */
let db: TestStore;
let store: EventStore;
let t: TestApp;

beforeAll(async () => {
  db = await openNativeTestStore(4);
  store = db.store;
  t = await buildTestApp(store, {
    faculty: rulesOf('faculty', 'faculty'),
    admin: rulesOf('admin', 'admin'),
  });
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const events = (userId: string) => db.events(notificationStream(userId));

const mark = (headers: Record<string, string>, payload: unknown) =>
  t.request({
    method: 'POST',
    url: '/api/notifications/read',
    headers,
    payload: payload as object,
  });

describe('POST /api/notifications/read', () => {
  it('marks the signed-in person’s own notifications read', async () => {
    const upTo = '2026-11-27T12:00:00.000Z';
    const response = await mark(t.signedIn('faculty'), { ids: ['importRunFailed:r1'], upTo });
    expect(response.statusCode).toBe(200);
    expect((await events('faculty')).map((e) => [e.type, e.data, e.metadata.actorId])).toEqual([
      ['NotificationsRead', { userId: 'faculty', ids: ['importRunFailed:r1'], upTo }, 'faculty'],
    ]);
  });

  it('refuses a body that does not say which, or says more', async () => {
    for (const body of [{}, { ids: [] }, { upTo: 'yesterday' }, { ids: ['a'], userId: 'admin' }]) {
      const response = await mark(t.signedIn('admin'), body);
      expect(response.statusCode).toBe(400);
    }
    expect(await events('admin')).toEqual([]);
  });

  it('leaves them unread while viewing as someone else', async () => {
    const response = await mark(t.signedIn('admin', 'faculty'), { ids: ['x'] });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'You are viewing Allot as someone else: their notifications stay unread for them.',
    );
    expect(await events('faculty')).toHaveLength(1);
  });

  it('answers 401 signed out', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: ['x'] },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/notifications/preferences', () => {
  const put = (headers: Record<string, string>, payload: unknown) =>
    t.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers,
      payload: payload as object,
    });
  const settings = async (userId: string) =>
    (await events(userId)).filter((e) => e.type === 'NotificationPreferencesSet');

  it('sets the signed-in person’s own settings', async () => {
    const response = await put(t.signedIn('faculty'), {
      appOff: ['meetingsChanged'],
      emailOff: ['assignmentProposed', 'meetingsChanged'],
    });
    expect(response.statusCode).toBe(200);
    expect((await settings('faculty')).map((e) => e.data)).toEqual([
      {
        userId: 'faculty',
        appOff: ['meetingsChanged'],
        emailOff: ['assignmentProposed', 'meetingsChanged'],
      },
    ]);
  });

  it('refuses a kind it does not know, someone else’s, and a missing list', async () => {
    for (const body of [
      { appOff: ['importRunFailed'], emailOff: [] },
      { appOff: [], emailOff: [], userId: 'admin' },
      { appOff: [] },
    ]) {
      expect((await put(t.signedIn('admin'), body)).statusCode).toBe(400);
    }
    expect(await settings('admin')).toEqual([]);
  });

  it('is refused while viewing as someone else, and signed out', async () => {
    const response = await put(t.signedIn('admin', 'faculty'), { appOff: [], emailOff: [] });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(
      'You are viewing Allot as someone else: only they may change their notification settings.',
    );
    const signedOut = await t.request({
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { appOff: [], emailOff: [] },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await settings('faculty')).toHaveLength(1);
  });
});
