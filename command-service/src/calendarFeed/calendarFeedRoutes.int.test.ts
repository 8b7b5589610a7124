// @allot-needs postgres
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CALENDAR_FEED_TOKEN,
  IssuedCalendarFeedAnswer,
  calendarFeedStream,
  type EventStore,
} from '@allot/shared-events';
import { openNativeTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

/*
 * A person's calendar address on PostgreSQL: made (shown once, only its hash written), made again
 * (a new secret), turned off; only one's own, never while viewing as someone else, never without
 * a schedule of one's own; 401 signed out. Nothing is written when refused.
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
    reporting: rulesOf('reportingUser', 'reporting'),
  });
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const events = (userId: string) => db.events(calendarFeedStream(userId));
const send = (method: 'POST' | 'DELETE', headers: Record<string, string>) =>
  t.request({ method, url: '/api/calendarFeed/mine', headers });
const tokenOf = (path: string) => /^\/api\/calendarFeed\/(.+)\.ics$/.exec(path)?.[1] ?? '';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('POST and DELETE /api/calendarFeed/mine', () => {
  it('makes an address, shown once, and writes only its hash; a second one replaces it', async () => {
    const first = await send('POST', t.signedIn('faculty'));
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const answer = IssuedCalendarFeedAnswer.parse(first.json());
    const token = tokenOf(answer.path);
    expect(token).toMatch(CALENDAR_FEED_TOKEN);

    const second = IssuedCalendarFeedAnswer.parse(
      (await send('POST', t.signedIn('faculty'))).json(),
    );
    expect(tokenOf(second.path)).not.toBe(token);

    const written = await events('faculty');
    expect(written.map((e) => [e.type, e.data, e.metadata.actorId])).toEqual([
      ['CalendarFeedIssued', { userId: 'faculty', tokenSha256: sha256(token) }, 'faculty'],
      [
        'CalendarFeedIssued',
        { userId: 'faculty', tokenSha256: sha256(tokenOf(second.path)) },
        'faculty',
      ],
    ]);
    expect(JSON.stringify(written.map((e) => [e.data, e.metadata]))).not.toContain(token);
  });

  it('turns the feed off once; turning it off again writes nothing', async () => {
    expect((await send('DELETE', t.signedIn('faculty'))).statusCode).toBe(200);
    expect((await send('DELETE', t.signedIn('faculty'))).statusCode).toBe(200);
    expect((await events('faculty')).map((e) => e.type)).toEqual([
      'CalendarFeedIssued',
      'CalendarFeedIssued',
      'CalendarFeedStopped',
    ]);
  });

  it('refuses someone viewing Allot as the person', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await send(method, t.signedIn('admin', 'faculty'));
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        'You are viewing Allot as someone else: only they may make or change their calendar address.',
      );
    }
    expect(await events('faculty')).toHaveLength(3);
  });

  it('refuses someone without a schedule of their own', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      expect((await send(method, t.signedIn('reporting'))).statusCode).toBe(403);
    }
    expect(await events('reporting')).toEqual([]);
  });

  it('refuses a body: the session says whose address it is', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/calendarFeed/mine',
      headers: t.signedIn('faculty'),
      payload: { userId: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(await events('admin')).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await t.request({ method: 'POST', url: '/api/calendarFeed/mine' })).statusCode).toBe(
      401,
    );
    expect((await t.request({ method: 'DELETE', url: '/api/calendarFeed/mine' })).statusCode).toBe(
      401,
    );
  });
});
