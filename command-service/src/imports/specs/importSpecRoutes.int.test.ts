// @allot-needs postgres
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  importSpecStream,
  StreamNotFoundError,
  type EventStore,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { createInProcessJobs } from '../../jobs/inProcessJobs.js';
import type { Jobs } from '../../jobs/port.js';
import { openNativeTestStore, type TestStore } from '../../testing/testStore.js';
import { buildTestApp, type TestApp } from '../../testing/testApp.js';
import { rulesOf } from '../../testing/rules.js';
import { importSpecNameReservation } from './importSpecCommands.js';

/*
 * Saved imports on native PostgreSQL: defined, changed and deleted by who may use data services,
 * refused to others and with the flag off, names unique even when four requests race, and an
 * import run through one takes its columns and carries its name.
 */
let db: TestStore;
let store: EventStore;
let jobs: Jobs;
let t: TestApp;

const { featureFlags } = demoContextFor('admin');
const flagOff = { featureFlags: { ...featureFlags, dataServicesEnabled: false } };

beforeAll(async () => {
  db = await openNativeTestStore();
  store = db.store;
  jobs = createInProcessJobs({ concurrency: 1 });
  t = await buildTestApp(
    store,
    {
      ops: rulesOf('academicOpsAdmin', 'ops'),
      rep: rulesOf('reportingUser', 'rep'),
      faculty: rulesOf('faculty', 'faculty'),
      opsFlagOff: rulesOf('academicOpsAdmin', 'opsFlagOff', flagOff),
    },
    { jobs },
  );
});

afterAll(async () => {
  await jobs.close();
  await t.app.close();
  await db.close();
});

const call = (as: string, method: string, url: string, payload?: object) =>
  t.request({ method, url, headers: t.signedIn(as), ...(payload ? { payload } : {}) });

const events = (streamId: string): Promise<RecordedEvent[]> =>
  store.readStream(streamId).catch((err: unknown) => {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  });

const spec = (name: string) => ({
  name,
  kind: 'locations',
  mapping: { code: 'Room', capacity: 'Seats' },
  valueMappings: {},
});

describe('saved imports', () => {
  it('are saved, changed (unchanged saves write nothing) and deleted', async () => {
    const created = await call('ops', 'POST', '/api/importSpecs', spec('Rooms from the SIS'));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const again = await call('ops', 'PUT', `/api/importSpecs/${id}`, spec('Rooms from the SIS'));
    expect(again.statusCode).toBe(200);
    const renamed = await call('ops', 'PUT', `/api/importSpecs/${id}`, spec('Rooms nightly'));
    expect(renamed.statusCode).toBe(200);
    expect((await events(importSpecStream(id))).map((e) => e.type)).toEqual([
      'ImportSpecCreated',
      'ImportSpecUpdated',
    ]);
    // The old name is free again.
    expect(
      (await call('ops', 'POST', '/api/importSpecs', spec('Rooms from the SIS'))).statusCode,
    ).toBe(201);
    expect((await call('ops', 'DELETE', `/api/importSpecs/${id}`)).statusCode).toBe(200);
    expect((await call('ops', 'PUT', `/api/importSpecs/${id}`, spec('Back'))).statusCode).toBe(404);
  });

  it('refuses a definition that is not valid (400) and who may not use data services (403)', async () => {
    const bad = await call('ops', 'POST', '/api/importSpecs', { ...spec('Bad'), kind: 'planets' });
    expect(bad.statusCode).toBe(400);
    for (const who of ['rep', 'faculty', 'opsFlagOff']) {
      const refused = await call(who, 'POST', '/api/importSpecs', spec(`Not for ${who}`));
      expect([who, refused.statusCode]).toEqual([who, 403]);
    }
  });

  it('of four requests saving one name at once, exactly one wins', async () => {
    const names = ['Race', 'race', '  RACE ', 'Race'];
    const answers = await Promise.all(
      names.map((name) => call('ops', 'POST', '/api/importSpecs', spec(name))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const loser of answers.filter((a) => a.statusCode === 422)) {
      expect(loser.json().message).toBe('A saved import with this name exists already.');
    }
    const winner = answers.find((a) => a.statusCode === 201)?.json() as { id: string };
    const reservation = await events(importSpecNameReservation('race').streamId);
    expect(reservation.map((e) => [e.type, (e.data as { ownerId: string }).ownerId])).toEqual([
      ['UniqueValueReserved', winner.id],
    ]);
  });

  it('gives an import run its columns and its name', async () => {
    const id = (await call('ops', 'POST', '/api/importSpecs', spec('Seats file'))).json()
      .id as string;
    const form = new FormData();
    form.append('kind', 'locations');
    form.append('specId', id);
    form.append('file', new Blob(['Room,Seats\nSPEC 1,12\n']), 'seats.csv');
    const { port } = t.app.server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/imports/runs`, {
      method: 'POST',
      headers: t.signedIn('ops'),
      body: form,
    });
    expect(response.status).toBe(202);
    const runId = ((await response.json()) as { id: string }).id;
    const [started] = await events(`importRun-${runId}`);
    expect(started?.data).toMatchObject({
      spec: { id, name: 'Seats file' },
      fileName: 'seats.csv',
    });
    for (let i = 0; i < 200; i += 1) {
      const end = (await events(`importRun-${runId}`)).find((e) => e.type === 'ImportRunFinished');
      if (end) {
        expect(end.data).toMatchObject({ status: 'done', created: 1, refused: 0 });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('The run did not finish.');
  });
});
