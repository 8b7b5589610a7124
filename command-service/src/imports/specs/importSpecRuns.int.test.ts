import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  IMPORT_SPEC_RUN_JOB,
  importRunStream,
  importSpecScheduleKey,
  type RecordedEvent,
} from '@allot/shared-events';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { createInProcessJobs } from '../../jobs/inProcessJobs.js';
import type { Jobs } from '../../jobs/port.js';
import { buildTestApp, type TestApp } from '../../testing/testApp.js';
import { openTestStore, type TestStore } from '../../testing/testStore.js';
import { rulesOf } from '../../testing/rules.js';
import { loadImportWorld } from '../world.js';
import { restoreImportSpecSchedules } from './importSpecSchedules.js';

/*
 * Saved imports that read their files by themselves: from the import folder or an HTTPS address
 * (a real local HTTPS server whose certificate only the configured authority vouches for), run
 * now or on their schedule, recorded like any run with what started it; a source that cannot be
 * read fails the run in words, with its owner to be told; schedules set, restored and ended with
 * their saved import; refusals per role and flag.
 */
let db: TestStore;
let t: TestApp;
let jobs: Jobs;
let folder: string;
let https: Server;
let httpsBase: string;

const { featureFlags } = demoContextFor('admin');
const flagOff = { featureFlags: { ...featureFlags, dataServicesEnabled: false } };
const ROOMS = 'Code,Capacity\nFOLDER 1,10\nFOLDER 2,20\n';
const WEB_ROOMS = 'Code,Capacity\nWEB 1,15\n';

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'allot-import-folder-'));
  await writeFile(path.join(folder, 'rooms.csv'), ROOMS);
  // A certificate no public authority signed: read only because the test configures it as one.
  const keys = await mkdtemp(path.join(tmpdir(), 'allot-import-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      path.join(keys, 'key.pem'),
      '-out',
      path.join(keys, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const [key, cert] = await Promise.all([
    readFile(path.join(keys, 'key.pem')),
    readFile(path.join(keys, 'cert.pem')),
  ]);
  await rm(keys, { recursive: true, force: true });
  https = createServer({ key, cert }, (request, response) => {
    if (request.url === '/extracts/rooms.csv') {
      response.writeHead(200, { 'content-type': 'text/csv' }).end(WEB_ROOMS);
    } else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  httpsBase = `https://127.0.0.1:${String((https.address() as AddressInfo).port)}`;

  db = await openTestStore();
  jobs = createInProcessJobs({ concurrency: 1 });
  t = await buildTestApp(
    db.store,
    {
      ops: rulesOf('academicOpsAdmin', 'ops'),
      rep: rulesOf('reportingUser', 'rep'),
      faculty: rulesOf('faculty', 'faculty'),
      opsFlagOff: rulesOf('academicOpsAdmin', 'opsFlagOff', flagOff),
    },
    { jobs, importSources: { folder, ca: cert, timeoutMs: 10_000 } },
  );
}, 60_000);

afterAll(async () => {
  await jobs.close();
  await t.app.close();
  await db.close();
  await new Promise((resolve) => https.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

const spec = (extra: object) => ({
  name: `Rooms ${Math.random().toString(36).slice(2, 8)}`,
  kind: 'locations',
  mapping: { code: 'Code', capacity: 'Capacity' },
  ...extra,
});

async function saved(body: object, as = 'ops'): Promise<string> {
  const answer = await t.request({
    method: 'POST',
    url: '/api/importSpecs',
    headers: t.signedIn(as),
    payload: body,
  });
  expect(answer.statusCode).toBe(201);
  return (answer.json() as { id: string }).id;
}

/** The run's events once it has ended (the job runs in the background). */
async function ended(runId: string): Promise<RecordedEvent[]> {
  for (let i = 0; i < 400; i += 1) {
    const events = await db.events(importRunStream(runId));
    if (events.some((e) => e.type === 'ImportRunFinished')) return events;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The import run did not end.');
}

async function runNow(specId: string, as = 'ops') {
  return t.request({
    method: 'POST',
    url: `/api/importSpecs/${specId}/runs`,
    headers: t.signedIn(as),
  });
}

const rooms = async () =>
  (await loadImportWorld(db.store)).records('location').map((r) => String(r.code));

describe('saved imports that read their own files', () => {
  it('runs one now from a file of the import folder, recorded as a run of it', async () => {
    const id = await saved(spec({ source: { type: 'folder', fileName: 'rooms.csv' } }));
    const answer = await runNow(id);
    expect(answer.statusCode).toBe(202);
    const runId = (answer.json() as { id: string }).id;
    const events = await ended(runId);
    expect(events[0]?.data).toMatchObject({
      fileName: 'rooms.csv',
      rows: 2,
      spec: { id },
      trigger: 'manual',
      notify: 'ops',
    });
    expect(events.at(-1)?.data).toMatchObject({ status: 'done', created: 2, refused: 0 });
    expect(await rooms()).toEqual(expect.arrayContaining(['FOLDER 1', 'FOLDER 2']));
  });

  it('reads an HTTPS address whose certificate the configured authority signed', async () => {
    const id = await saved(
      spec({ source: { type: 'url', url: `${httpsBase}/extracts/rooms.csv` } }),
    );
    const runId = ((await runNow(id)).json() as { id: string }).id;
    const events = await ended(runId);
    expect(events[0]?.data).toMatchObject({ fileName: 'rooms.csv', rows: 1 });
    expect(events.at(-1)?.data).toMatchObject({ status: 'done', created: 1 });
    expect(await rooms()).toContain('WEB 1');
  });

  it('fails a run whose source cannot be read, in words, with its owner to be told', async () => {
    const missing = await saved(spec({ source: { type: 'folder', fileName: 'gone.csv' } }));
    const notFound = await saved(
      spec({ source: { type: 'url', url: `${httpsBase}/extracts/nothing.csv` } }),
    );
    for (const [id, reason] of [
      [missing, 'The rooms file could not be read. The import folder has no file "gone.csv".'],
      [notFound, `The rooms file could not be read. ${new URL(httpsBase).host} answered 404.`],
    ] as const) {
      const runId = ((await runNow(id)).json() as { id: string }).id;
      const events = await ended(runId);
      expect(events[0]?.data).toMatchObject({ notify: 'ops', rows: 0 });
      expect(events.at(-1)?.data).toMatchObject({ status: 'failed', created: 0, reason });
    }
  });

  it('runs on its schedule as the person who saved it, and says so', async () => {
    const id = await saved(
      spec({
        source: { type: 'folder', fileName: 'rooms.csv' },
        timeZone: 'Europe/Berlin',
        schedule: { frequency: 'daily', time: '02:30' },
      }),
    );
    expect(await jobs.scheduledKeys()).toContain(importSpecScheduleKey(id));
    // What the schedule starts when it fires: the job without a run id, as the saved import's owner.
    const { id: jobId } = await jobs.enqueue(
      IMPORT_SPEC_RUN_JOB,
      { specId: id },
      { ownerId: 'ops' },
    );
    let runId: string | null = null;
    for (let i = 0; i < 400 && !runId; i += 1) {
      const status = await jobs.status(jobId);
      if (status?.state === 'failed') throw new Error(`The job failed: ${String(status.error)}`);
      if (status?.state === 'completed') {
        runId = (status.result as { runId?: string }).runId ?? null;
        if (!runId) throw new Error(`No run: ${JSON.stringify(status.result)}`);
      } else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (!runId) throw new Error(`The job did not end: ${JSON.stringify(await jobs.status(jobId))}`);
    const events = await ended(runId);
    expect(events[0]?.data).toMatchObject({ trigger: 'schedule', spec: { id } });
    expect(events[0]?.metadata.actorId).toBe('ops');
    // The same file again: nothing to do.
    expect(events.at(-1)?.data).toMatchObject({ status: 'done', created: 0, unchanged: 2 });

    // Forgotten by a restart, set again from the log; ended with the saved import.
    await jobs.unschedule(importSpecScheduleKey(id));
    expect(await restoreImportSpecSchedules(db.store, jobs)).toBe(1);
    expect(await jobs.scheduledKeys()).toContain(importSpecScheduleKey(id));
    const gone = await t.request({
      method: 'DELETE',
      url: `/api/importSpecs/${id}`,
      headers: t.signedIn('ops'),
    });
    expect(gone.statusCode).toBe(200);
    expect(await jobs.scheduledKeys()).not.toContain(importSpecScheduleKey(id));
  });

  it('refuses a schedule without a source, a path out of the folder and a plain-HTTP address (400)', async () => {
    const cases: [object, string][] = [
      [{ schedule: { frequency: 'daily', time: '02:30' } }, 'source'],
      [{ source: { type: 'folder', fileName: '../etc/passwd' } }, 'source.fileName'],
      [{ source: { type: 'url', url: 'http://sis.example.edu/x.csv' } }, 'source.url'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
    ];
    for (const [extra, field] of cases) {
      const answer = await t.request({
        method: 'POST',
        url: '/api/importSpecs',
        headers: t.signedIn('ops'),
        payload: spec(extra),
      });
      expect({ field, status: answer.statusCode }).toEqual({ field, status: 400 });
      const fields = (answer.json() as { fields: { field: string }[] }).fields.map((f) => f.field);
      expect(fields).toContain(field);
    }
  });

  it('runs now only a saved import with a source, and only for who may import', async () => {
    const uploadsOnly = await saved(spec({}));
    const refused = await runNow(uploadsOnly);
    expect(refused.statusCode).toBe(422);
    expect((refused.json() as { message: string }).message).toBe(
      'This saved import reads files people upload: choose a file to import with it.',
    );
    expect((await runNow('no-such-import')).statusCode).toBe(404);
    for (const who of ['rep', 'faculty', 'opsFlagOff']) {
      expect({ who, status: (await runNow(uploadsOnly, who)).statusCode }).toEqual({
        who,
        status: 403,
      });
    }
  });
});
