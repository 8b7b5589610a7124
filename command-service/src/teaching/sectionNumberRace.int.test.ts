// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EventStore } from '@allot/shared-events';
import { settledHeadPosition, readAllSettled } from '@allot/shared-events/testing';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { openNativeTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';
import { FALL_IN_PERSON, seedTeachingBasics } from '../testing/teachingFixture.js';

/*
 * The section-number race on a native PostgreSQL server (separate connections, real
 * concurrency): the reservation stream lets exactly one of the racing creates through.
 */
let db: TestStore;
let store: EventStore;
let t: TestApp;
const CLIENTS = Array.from({ length: 10 }, (_, i) => `ops${i}`);
const TermMode = FALL_IN_PERSON;

beforeAll(async () => {
  db = await openNativeTestStore(12);
  store = db.store;
  t = await buildTestApp(
    store,
    Object.fromEntries(CLIENTS.map((id) => [id, rulesOf('academicOpsAdmin', id)])),
  );
  const bus = createCommandBus({ store });
  await seedTeachingBasics(bus);
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const create = (as: string, sectionNumber: string) =>
  t.request({
    method: 'POST',
    url: '/api/sections',
    payload: {
      CourseOfferingId: 'offering-1',
      WorkgroupId: 'wg-math',
      name: 'Calculus',
      sectionNumber,
      TermMode,
    },
    headers: t.signedIn(as),
  });

describe('racing creates of one section number on native PostgreSQL', () => {
  it.each(['001', '002'])(
    'of ten clients creating section %s at once, exactly one wins and one section exists',
    async (sectionNumber) => {
      const head = await settledHeadPosition(store);
      const answers = await Promise.all(CLIENTS.map((as) => create(as, sectionNumber)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([
        201, 422, 422, 422, 422, 422, 422, 422, 422, 422,
      ]);
      for (const loser of answers.filter((a) => a.statusCode === 422)) {
        expect(loser.json().message).toBe(
          `This offering already has a section ${sectionNumber} in this term and teaching mode.`,
        );
      }
      const winner = answers.find((a) => a.statusCode === 201)?.json() as { id: string };
      const created = await readAllSettled(store, {
        fromPosition: head ?? 'start',
        filter: { eventTypes: ['SectionCreated'] },
      });
      expect(created.map((e) => e.streamId)).toEqual([`section-${winner.id}`]);
    },
  );
});
