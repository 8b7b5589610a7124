import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

let db: TestStore;
let t: TestApp;

beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, {
    ada: rulesOf('faculty', 'ada'),
    grace: rulesOf('faculty', 'grace'),
    ops: rulesOf('academicOpsAdmin', 'ops'),
    reporting: rulesOf('reportingUser', 'reporting'),
    business: rulesOf('businessOfficeAdmin', 'business'),
  });
  const bus = createCommandBus({ store: db.store });
  for (const [id, preferencesDueDate] of [
    ['period-1', null],
    ['period-late', '2020-01-31'],
  ] as const) {
    await bus.execute('CreateAcademicPeriod', {
      id,
      name: id,
      startDate: '2026-08-01',
      endDate: '2027-07-31',
      preferencesDueDate,
    });
  }
  await bus.execute('CreateCourse', { id: 'course-1', courseNumber: 'MATH 101', name: 'Calc' });
  await bus.execute('CreateCourse', { id: 'course-2', courseNumber: 'MATH 201', name: 'Algebra' });
  for (const name of ['ada', 'grace']) {
    await bus.execute('CreateUser', {
      id: name,
      firstName: name,
      lastName: 'Instructor',
      email: `${name}@example.edu`,
      username: name,
    });
  }
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const send = (method: string, url: string, as: string | null, payload?: object) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: as ? t.signedIn(as) : {},
  });

const mine = '/api/teachingPreferences/mine/period-1';

describe('a faculty member states, changes and submits their own preferences', () => {
  let id: string;

  it('adds a preference (201 with its id), recorded in the stream of the session user', async () => {
    const res = await send('POST', mine, 'ada', {
      level: 'stronglyPreferred',
      CourseId: 'course-1',
      weight: 0.8,
      notes: 'my favourite',
    });
    expect(res.statusCode).toBe(201);
    id = (res.json() as { id: string }).id;
    const events = await db.store.readStream('preferences-ada-period-1');
    expect(events.map((e) => e.type)).toEqual(['TeachingPreferenceAdded']);
    expect(events[0]?.data).toMatchObject({ UserId: 'ada', CourseId: 'course-1', id });
  });

  it('a UserId in the body never reaches another user', async () => {
    const res = await send('POST', mine, 'ada', {
      level: 'preferred',
      CourseId: 'course-2',
      UserId: 'grace',
    });
    // The path and session win: the UserId is the session's, so this lands in ada's stream.
    expect(res.statusCode).toBe(201);
    await expect(db.store.readStream('preferences-grace-period-1')).rejects.toThrow();
    const events = await db.store.readStream('preferences-ada-period-1');
    expect(events).toHaveLength(2);
  });

  it('refuses bad input with 400 or 422 and writes nothing', async () => {
    const before = (await db.store.readStream('preferences-ada-period-1')).length;
    const bad: [object, number][] = [
      [{ level: 'adored', CourseId: 'course-1' }, 400],
      [{ level: 'preferred', CourseId: 'course-1', weight: 3 }, 400],
      [{ level: 'preferred' }, 400],
      [{ level: 'preferred', CourseId: 'course-1', surprise: true }, 400],
      [{ level: 'preferred', CourseId: 'no-such-course' }, 422],
      [{ level: 'discouraged', CourseId: 'course-1' }, 422],
    ];
    for (const [payload, status] of bad) {
      const res = await send('POST', mine, 'ada', payload);
      expect([payload, res.statusCode]).toEqual([payload, status]);
    }
    expect(
      (
        await send('POST', '/api/teachingPreferences/mine/no-period', 'ada', {
          level: 'preferred',
          CourseId: 'course-1',
        })
      ).statusCode,
    ).toBe(422);
    expect(await db.store.readStream('preferences-ada-period-1')).toHaveLength(before);
  });

  it('updates, sets unavailable times, removes, submits; then edits are refused', async () => {
    expect((await send('PUT', `${mine}/${id}`, 'ada', { weight: 0.5 })).statusCode).toBe(200);
    const spans = [{ day: 'FR', startTime: '13:00', endTime: '17:00' }];
    expect(
      (await send('PUT', `${mine}/unavailable`, 'ada', { unavailable: spans })).statusCode,
    ).toBe(200);
    expect(
      (
        await send('PUT', `${mine}/unavailable`, 'ada', {
          unavailable: [{ day: 'FR', startTime: '17:00', endTime: '13:00' }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await send('DELETE', `${mine}/nope`, 'ada')).statusCode).toBe(404);
    expect((await send('POST', `${mine}/submit`, 'ada', { notes: 'done' })).statusCode).toBe(200);
    const refused = await send('PUT', `${mine}/${id}`, 'ada', { weight: 0.2 });
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as { message: string }).message).toMatch(/submitted/);
  });

  it('another faculty member cannot touch it: their routes only reach their own stream', async () => {
    const res = await send('PUT', `${mine}/${id}`, 'grace', { weight: 0.1 });
    expect(res.statusCode).toBe(404);
  });

  it('academic ops reopens; reporting and business-office users may not', async () => {
    const url = '/api/preferenceSubmissions/ada/period-1/reopen';
    expect((await send('POST', url, 'reporting', {})).statusCode).toBe(403);
    expect((await send('POST', url, 'business', {})).statusCode).toBe(403);
    expect((await send('POST', url, 'ada', {})).statusCode).toBe(403);
    expect((await send('POST', url, null, {})).statusCode).toBe(401);
    expect((await send('POST', url, 'ops', { reason: 'one more course' })).statusCode).toBe(200);
    expect((await send('POST', url, 'ops', {})).statusCode).toBe(422);
    expect((await send('PUT', `${mine}/${id}`, 'ada', { weight: 0.2 })).statusCode).toBe(200);
  });

  it('staff have no own-preference routes', async () => {
    const res = await send('POST', mine, 'ops', { level: 'preferred', CourseId: 'course-1' });
    expect(res.statusCode).toBe(403);
    const writes: [string, string, object | undefined][] = [
      ['PUT', `${mine}/${id}`, { weight: 0.3 }],
      ['DELETE', `${mine}/${id}`, undefined],
      ['PUT', `${mine}/unavailable`, { unavailable: [] }],
      ['POST', `${mine}/submit`, {}],
    ];
    for (const as of ['ops', 'reporting', 'business']) {
      for (const [method, url, payload] of writes) {
        expect([as, method, url, (await send(method, url, as, payload)).statusCode]).toEqual([
          as,
          method,
          url,
          403,
        ]);
      }
    }
  });

  it('no query parameter or body field takes a write to another user', async () => {
    const graceBefore = await db.store.readStream('preferences-grace-period-1').catch(() => []);
    const adaBefore = (await db.store.readStream('preferences-ada-period-1')).length;
    const asGrace = `?UserId=grace&userId=grace&workingUserId=grace`;
    // The session's user replaces any UserId the body names, as for the POST above.
    expect(
      (await send('PUT', `${mine}/${id}${asGrace}`, 'ada', { notes: 'mine', UserId: 'grace' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send('PUT', `${mine}/${id}${asGrace}`, 'ada', { notes: 'still mine' })).statusCode,
    ).toBe(200);
    expect(
      (await send('PUT', `${mine}/unavailable${asGrace}`, 'ada', { unavailable: [] })).statusCode,
    ).toBe(200);
    expect((await send('POST', `${mine}/submit${asGrace}`, 'ada', {})).statusCode).toBe(200);
    // Every write landed in ada's stream; grace's is as it was.
    expect(await db.store.readStream('preferences-grace-period-1').catch(() => [])).toEqual(
      graceBefore,
    );
    const ada = await db.store.readStream('preferences-ada-period-1');
    expect(ada).toHaveLength(adaBefore + 4);
    expect(ada.every((e) => (e.data as { UserId?: string }).UserId !== 'grace')).toBe(true);
  });

  it('after the due date a never-reopened record refuses changes', async () => {
    const res = await send('POST', '/api/teachingPreferences/mine/period-late', 'ada', {
      level: 'preferred',
      CourseId: 'course-1',
    });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { message: string }).message).toMatch(/due on 2020-01-31/);
  });
});
