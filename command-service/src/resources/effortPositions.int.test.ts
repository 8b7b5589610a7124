// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventStore } from '@allot/shared-events';
import { readAllSettled } from '@allot/shared-events/testing';
import { openNativeTestStore, type TestStore } from '../testing/testStore.js';
import { demoContextFor } from '../../../shared-events/src/permissions/fixtures/demoContext.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';

/*
 * Instructors' payroll positions on native PostgreSQL: kept by effort managers while aemEnabled is
 * on, read by administrators and contributors; one person holds a position from a date once, even
 * when four requests say so at the same moment.
 */
let db: TestStore;
let store: EventStore;
let t: TestApp;
let instructor: string;

const { featureFlags } = demoContextFor('admin');
const aemOn = { featureFlags: { ...featureFlags, aemEnabled: true } };

beforeAll(async () => {
  db = await openNativeTestStore();
  store = db.store;
  t = await buildTestApp(store, {
    admin: rulesOf('admin', 'admin', aemOn),
    m1: rulesOf('effortManager', 'm1', aemOn),
    m2: rulesOf('effortManager', 'm2', aemOn),
    m3: rulesOf('effortManager', 'm3', aemOn),
    m4: rulesOf('effortManager', 'm4', aemOn),
    contributor: rulesOf('effortContributor', 'contributor', aemOn),
    managerFlagOff: rulesOf('effortManager', 'managerFlagOff'),
  });
  const person = await send('POST', '/api/users', 'admin', {
    firstName: 'Mary',
    lastName: 'Somerville',
    email: 'mary@example.edu',
    username: 'mary',
    isFaculty: true,
  });
  expect(person.statusCode).toBe(201);
  instructor = person.json().id as string;
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

function send(method: string, url: string, as: string, payload?: object) {
  return t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: t.signedIn(as),
  });
}

const position = (extra: object = {}) => ({
  positionNumber: '40012345',
  UserId: instructor,
  title: 'Associate Professor',
  startDate: '2026-07-01',
  fte: 1,
  costCenter: '10-4410',
  ...extra,
});

describe('positions', () => {
  it('are kept by an effort manager: created, ended, deactivated', async () => {
    const created = await send(
      'POST',
      '/api/effortPositions',
      'm1',
      position({ startDate: '2025-07-01' }),
    );
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    const ended = await send('PUT', `/api/effortPositions/${id}`, 'm1', { endDate: '2026-06-30' });
    expect(ended.statusCode).toBe(200);
    expect((await send('POST', `/api/effortPositions/${id}/deactivate`, 'm1')).statusCode).toBe(
      200,
    );
  });

  it('refuse administrators and contributors (read only), and everyone with the flag off', async () => {
    for (const who of ['admin', 'contributor', 'managerFlagOff']) {
      const refused = await send(
        'POST',
        '/api/effortPositions',
        who,
        position({ positionNumber: 'X1' }),
      );
      expect(refused.statusCode).toBe(403);
    }
  });

  it('refuse what is not a position: no FTE, an end before the start, nobody known', async () => {
    const before = (await readAllSettled(store)).length;
    for (const bad of [{ fte: 0 }, { fte: 1.5 }, { startDate: 'July' }, { positionNumber: '' }]) {
      expect((await send('POST', '/api/effortPositions', 'm1', position(bad))).statusCode).toBe(
        400,
      );
    }
    const backwards = await send(
      'POST',
      '/api/effortPositions',
      'm1',
      position({ positionNumber: 'BACK', endDate: '2026-01-01' }),
    );
    expect([400, 422]).toContain(backwards.statusCode);
    expect(backwards.json().message).toMatch(/end date must not be before the start date/);
    const nobody = await send('POST', '/api/effortPositions', 'm1', position({ UserId: 'nobody' }));
    expect(nobody.statusCode).toBe(422);
    expect(nobody.json().message).toBe('The instructor of this position does not exist.');
    expect((await readAllSettled(store)).length).toBe(before);
  });

  it('of four managers recording one person in one position from one date at once, one wins', async () => {
    const answers = await Promise.all(
      ['m1', 'm2', 'm3', 'm4'].map((as, i) =>
        send('POST', '/api/effortPositions', as, position({ fte: 0.25 * (i + 1) })),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const loser of answers.filter((a) => a.statusCode === 422)) {
      expect(loser.json().message).toBe(
        'This instructor already holds this position from that date.',
      );
    }
    const made = await readAllSettled(store, { filter: { eventTypes: ['EffortPositionCreated'] } });
    const same = made.filter((e) => (e.data as { startDate: string }).startDate === '2026-07-01');
    expect(same).toHaveLength(1);
    // Another start date is another holding of the position.
    const later = await send(
      'POST',
      '/api/effortPositions',
      'm1',
      position({ startDate: '2027-07-01' }),
    );
    expect(later.statusCode).toBe(201);
  });
});
