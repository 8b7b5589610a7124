import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

let db: TestStore;
let t: TestApp;
let periodId = '';
let otherPeriodId = '';

const send = (method: string, url: string, as: string, payload?: object) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: t.signedIn(as),
  });

beforeAll(async () => {
  db = await openTestStore();
  t = await buildTestApp(db.store, {
    admin: rulesOf('admin', 'admin'),
    faculty: rulesOf('faculty', 'faculty'),
  });
  periodId = (
    await send('POST', '/api/academicPeriods', 'admin', {
      name: '2026–2027',
      startDate: '2026-07-01',
      endDate: '2027-06-30',
    })
  ).json().id as string;
  otherPeriodId = (
    await send('POST', '/api/academicPeriods', 'admin', {
      name: '2027–2028',
      startDate: '2027-07-01',
      endDate: '2028-06-30',
    })
  ).json().id as string;
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const term = (name: string, startDate: string, endDate: string, AcademicPeriodId = periodId) => ({
  name,
  AcademicPeriodId,
  startDate,
  endDate,
});

/** Runs a request and checks that nothing at all was appended to the event store. */
async function writesNothing(request: () => ReturnType<typeof send>) {
  const head = await db.store.committedHeadPosition();
  const response = await request();
  expect(await db.store.committedHeadPosition()).toEqual(head);
  return response;
}

const WITHIN = 'A term must lie within its academic period, 1 July 2026 to 30 June 2027.';

describe('a term lies within its academic period', () => {
  it('422 naming the period’s dates for a term starting before or ending after it, on create', async () => {
    for (const [start, end] of [
      ['2026-06-30', '2026-12-20'],
      ['2027-01-10', '2027-07-01'],
      ['2025-01-01', '2028-01-01'],
    ] as const) {
      const response = await writesNothing(() =>
        send('POST', '/api/academicTerms', 'admin', term('Outside', start, end)),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(WITHIN);
    }
    // Its first and last days are within.
    const whole = await send(
      'POST',
      '/api/academicTerms',
      'admin',
      term('Whole year', '2026-07-01', '2027-06-30'),
    );
    expect(whole.statusCode).toBe(201);
  });

  it('422 on update: new dates outside, or a move to a period that does not hold them', async () => {
    const { id } = (
      await send('POST', '/api/academicTerms', 'admin', term('Fall', '2026-08-20', '2026-12-20'))
    ).json();
    const later = await writesNothing(() =>
      send('PUT', `/api/academicTerms/${id}`, 'admin', { endDate: '2027-08-01' }),
    );
    expect(later.statusCode).toBe(422);
    expect(later.json().message).toBe(WITHIN);
    const moved = await writesNothing(() =>
      send('PUT', `/api/academicTerms/${id}`, 'admin', { AcademicPeriodId: otherPeriodId }),
    );
    expect(moved.statusCode).toBe(422);
    expect(moved.json().message).toBe(
      'A term must lie within its academic period, 1 July 2027 to 30 June 2028.',
    );
    expect(
      (await send('PUT', `/api/academicTerms/${id}`, 'admin', { endDate: '2026-12-22' }))
        .statusCode,
    ).toBe(200);
  });

  it('403 for a role that may not change periods, before any date is judged', async () => {
    const response = await writesNothing(() =>
      send('POST', '/api/academicTerms', 'faculty', term('Sneaky', '2020-01-01', '2020-02-01')),
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('a period’s new dates keep its terms', () => {
  it('422 naming the terms that would fall outside; a change that keeps them is stored', async () => {
    const { id } = (
      await send('POST', '/api/academicPeriods', 'admin', {
        name: '2030–2031',
        startDate: '2030-07-01',
        endDate: '2031-06-30',
      })
    ).json();
    const make = async (name: string, start: string, end: string) =>
      (await send('POST', '/api/academicTerms', 'admin', term(name, start, end, id))).json()
        .id as string;
    await make('Fall 2030', '2030-08-20', '2030-12-20');
    const spring = await make('Spring 2031', '2031-01-10', '2031-05-20');
    await make('Summer 2031', '2031-06-01', '2031-06-30');

    const shorter = await writesNothing(() =>
      send('PUT', `/api/academicPeriods/${id}`, 'admin', { endDate: '2031-05-31' }),
    );
    expect(shorter.statusCode).toBe(422);
    expect(shorter.json().message).toBe(
      'Summer 2031 (1 June 2031 to 30 June 2031) would lie outside the period’s new dates; change that term first.',
    );
    const both = await writesNothing(() =>
      send('PUT', `/api/academicPeriods/${id}`, 'admin', {
        startDate: '2030-09-01',
        endDate: '2031-03-01',
      }),
    );
    expect(both.statusCode).toBe(422);
    expect(both.json().message).toBe(
      'Fall 2030, Spring 2031 and Summer 2031 would lie outside the period’s new dates; change those terms first.',
    );

    // A deleted term holds nothing; the rest still fit.
    expect((await send('DELETE', `/api/academicTerms/${spring}`, 'admin')).statusCode).toBe(200);
    const wider = await send('PUT', `/api/academicPeriods/${id}`, 'admin', {
      startDate: '2030-08-01',
      endDate: '2031-06-30',
    });
    expect(wider.statusCode).toBe(200);
  });
});
