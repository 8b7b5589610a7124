// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defineAbilityFor, type EventStore } from '@allot/shared-events';
import { settledHeadPosition, readAllSettled } from '@allot/shared-events/testing';
import { demoContextFor } from '../../../shared-events/src/permissions/fixtures/demoContext.js';
import { openNativeTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';

/*
 * The uniqueness race on a native PostgreSQL server (separate connections, real concurrency),
 * beside the PGlite runs of configurationKinds.int.test.ts.
 */
let db: TestStore;
let store: EventStore;
let t: TestApp;

beforeAll(async () => {
  db = await openNativeTestStore();
  store = db.store;
  const rules = (userId: string) => defineAbilityFor({ ...demoContextFor('admin'), userId }).rules;
  t = await buildTestApp(store, { a: rules('a'), b: rules('b'), c: rules('c'), d: rules('d') });
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

describe('racing creates of one code on native PostgreSQL', () => {
  it.each([1, 2, 3])(
    'round %i: of four clients creating the same code at once, exactly one wins',
    async (round) => {
      // Names differ (a name is unique too): only the code races.
      const answers = await Promise.all(
        ['a', 'b', 'c', 'd'].map((as) =>
          t.request({
            method: 'POST',
            url: '/api/divisions',
            payload: { name: `Division ${round}${as}`, code: `RACE${round}` },
            headers: t.signedIn(as),
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([201, 422, 422, 422]);
      for (const loser of answers.filter((a) => a.statusCode === 422)) {
        expect(loser.json().message).toBe('Another active division already has this code.');
      }
      const winner = answers.find((a) => a.statusCode === 201)?.json() as { id: string };
      const reservation = await store.readStream(`unique-division-code-race${round}`);
      expect(reservation.map((e) => [e.type, (e.data as { ownerId: string }).ownerId])).toEqual([
        ['UniqueValueReserved', winner.id],
      ]);
    },
  );
});

describe('racing creates of one configuration name on native PostgreSQL', () => {
  it('of four clients creating "Full Professor" (case and spacing differing) at once, exactly one wins', async () => {
    const names = ['Full Professor', 'full professor', '  FULL   PROFESSOR ', 'Full\tProfessor'];
    const head = await settledHeadPosition(store);
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd'].map((as, i) =>
        t.request({
          method: 'POST',
          url: '/api/ranks',
          payload: { name: names[i], slug: `full-professor-${i}` },
          headers: t.signedIn(as),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const loser of answers.filter((a) => a.statusCode === 422)) {
      expect(loser.json().message).toBe('Another active rank already has this name.');
    }
    const winner = answers.find((a) => a.statusCode === 201)?.json() as { id: string };
    const reservation = await store.readStream('unique-rank-name-full%20professor');
    expect(reservation.map((e) => [e.type, (e.data as { ownerId: string }).ownerId])).toEqual([
      ['UniqueValueReserved', winner.id],
    ]);
    // Only the winner's rank was stored; a loser's slug, if it was reserved first, was released.
    const created = await readAllSettled(store, {
      fromPosition: head ?? 'start',
      filter: { eventTypes: ['RankCreated'] },
    });
    expect(created.map((e) => e.streamId)).toEqual([`rank-${winner.id}`]);
  });
});
