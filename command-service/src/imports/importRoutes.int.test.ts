import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { ImportPreviewAnswer, importRunStream, type RecordedEvent } from '@allot/shared-events';
import { demoContextFor } from '../../../shared-events/src/permissions/fixtures/demoContext.js';
import { systemAbility } from '../authorization/ability.js';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { createInProcessJobs } from '../jobs/inProcessJobs.js';
import type { Jobs } from '../jobs/port.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { rulesOf } from '../testing/rules.js';
import { postForm, type FormFile } from '../testing/postForm.js';
import { loadImportWorld } from './world.js';

/**
 * The import routes over HTTP with the in-process jobs runner and a real event store: preview
 * (nothing written), a run as a job to its recorded end, a second run (nothing new), templates,
 * and who is refused (spec §6: DataServices, admins and academic operations administrators
 * while dataServicesEnabled is on).
 */
let db: TestStore;
let t: TestApp;
let jobs: Jobs;
let base: string;

const { featureFlags } = demoContextFor('admin');
const flagOff = { featureFlags: { ...featureFlags, dataServicesEnabled: false } };

beforeAll(async () => {
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
    { jobs },
  );
  const { port } = t.app.server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  const bus = createCommandBus({ store: db.store });
  await bus.execute(
    'CreateLocation',
    { id: 'r-old', code: 'OLD 1', capacity: 10 },
    {
      ability: systemAbility(),
      actorId: 'setup',
    },
  );
});

afterAll(async () => {
  await jobs.close();
  await t.app.close();
  await db.close();
});

const ROOMS = 'Code,Capacity,Description\nOLD 1,12,\nNEW 1,30,Seminar room\nNEW 2,lots,\n';

const post = (path: string, as: string, fields: Record<string, string>, file?: FormFile) =>
  postForm(`${base}${path}`, t.signedIn(as), fields, file);

/** The run's first event of `type` once it is there (the job runs in the background). */
async function ended(runId: string, type: string): Promise<RecordedEvent> {
  for (let i = 0; i < 400; i += 1) {
    const end = (await db.events(importRunStream(runId))).find((e) => e.type === type);
    if (end) return end;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The import run has no ${type}.`);
}
const finished = (runId: string) => ended(runId, 'ImportRunFinished');

/** Every live room's capacity by its code, as the event store holds them now. */
const rooms = async (): Promise<Record<string, number>> =>
  Object.fromEntries(
    (await loadImportWorld(db.store))
      .records('location')
      .map((r) => [String(r.code), Number(r.capacity)]),
  );

describe('imports over HTTP', () => {
  it('previews a file record by record and writes nothing', async () => {
    const head = await db.store.committedHeadPosition();
    const answer = await post(
      '/api/imports/preview',
      'ops',
      { kind: 'locations' },
      {
        content: ROOMS,
        name: 'rooms.csv',
      },
    );
    expect(answer.status).toBe(200);
    const preview = ImportPreviewAnswer.parse(answer.body);
    expect(preview.counts).toEqual({
      rows: 3,
      create: 1,
      update: 1,
      unchanged: 0,
      refused: 1,
      missing: 0,
    });
    // Refused records come first, then by row.
    expect(preview.records.map((r) => [r.key, r.action])).toEqual([
      ['NEW 2', 'refused'],
      ['NEW 1', 'create'],
      ['OLD 1', 'update'],
    ]);
    expect(preview.records[0]?.problems).toEqual([
      { row: 4, column: 'Capacity', message: '"lots" is not a number.' },
    ]);
    expect(preview.mapping).toMatchObject({ code: 'Code', capacity: 'Capacity', isActive: null });
    expect(await db.store.committedHeadPosition()).toEqual(head);
  });

  it('follows a mapping the person chose, and refuses one that names no column', async () => {
    const file = { content: 'Room,Seats\nMAP 1,8\n', name: 'rooms.csv' };
    const mapped = await post(
      '/api/imports/preview',
      'ops',
      { kind: 'locations', mapping: JSON.stringify({ code: 'Room', capacity: 'Seats' }) },
      file,
    );
    expect(ImportPreviewAnswer.parse(mapped.body).counts.create).toBe(1);
    const wrong = await post(
      '/api/imports/preview',
      'ops',
      { kind: 'locations', mapping: JSON.stringify({ code: 'Nope', capacity: 'Seats' }) },
      file,
    );
    expect(ImportPreviewAnswer.parse(wrong.body).problems).toEqual([
      { row: 1, column: 'Code', message: 'The file has no column "Nope".' },
    ]);
  });

  it('runs as a job to a recorded end, every record under the run’s id; a second run adds nothing', async () => {
    const started = await post(
      '/api/imports/runs',
      'ops',
      { kind: 'locations' },
      {
        content: ROOMS,
        name: 'rooms.csv',
      },
    );
    expect(started.status).toBe(202);
    const runId = started.body.id as string;
    const end = await finished(runId);
    expect(end.data).toMatchObject({
      status: 'done',
      created: 1,
      updated: 1,
      refused: 1,
      problems: [{ row: 4, column: 'Capacity' }],
    });
    const [start] = await db.events(importRunStream(runId));
    expect(start).toMatchObject({
      type: 'ImportRunStarted',
      data: { fileName: 'rooms.csv', rows: 3 },
    });
    const all = await db.store.readAll({ fromPosition: 'start', maxCount: 10_000 });
    const written = all.filter(
      (e) => e.metadata.correlationId === runId && e.type.startsWith('Location'),
    );
    expect(written.map((e) => e.type).sort()).toEqual(['LocationCreated', 'LocationUpdated']);
    expect(written.every((e) => e.metadata.actorId === 'ops')).toBe(true);

    const again = await post(
      '/api/imports/runs',
      'ops',
      { kind: 'locations' },
      {
        content: ROOMS,
        name: 'rooms.csv',
      },
    );
    const second = await finished(again.body.id as string);
    expect(second.data).toMatchObject({ created: 0, updated: 0, unchanged: 2, refused: 1 });
  });

  it('gives each kind’s template as CSV and XLSX, with its headings and an example row', async () => {
    const csv = await t.request({
      method: 'GET',
      url: '/api/imports/templates/sections',
      headers: t.signedIn('ops'),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('allot-sections-template.csv');
    const [headings, example] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(headings).toContain('Course number,Academic period,Term,Teaching mode,Section number');
    expect(example).toContain('BIO 101');
    const xlsx = await fetch(`${base}/api/imports/templates/users?format=xlsx`, {
      headers: t.signedIn('ops'),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets[0]?.getRow(1).getCell(1).value).toBe('Employee ID');
  });

  it('refuses what is not a valid import: no file, an unknown kind, an unreadable workbook', async () => {
    expect((await post('/api/imports/preview', 'ops', { kind: 'locations' })).status).toBe(400);
    const unknown = await post(
      '/api/imports/preview',
      'ops',
      { kind: 'planets' },
      {
        content: ROOMS,
        name: 'x.csv',
      },
    );
    expect(unknown.status).toBe(400);
    const broken = await post(
      '/api/imports/preview',
      'ops',
      { kind: 'locations' },
      {
        content: Buffer.from('PK\u0003\u0004not really a workbook'),
        name: 'x.xlsx',
      },
    );
    expect(broken.status).toBe(400);
    expect(broken.body.message).toContain('not a workbook');
    const badMapping = await post(
      '/api/imports/preview',
      'ops',
      { kind: 'locations', mapping: '{not json' },
      { content: ROOMS, name: 'x.csv' },
    );
    expect(badMapping.status).toBe(400);
    const template = await t.request({
      method: 'GET',
      url: '/api/imports/templates/planets',
      headers: t.signedIn('ops'),
    });
    expect(template.statusCode).toBe(400);
  });

  it.each(['rep', 'faculty', 'opsFlagOff'])('refuses %s (403) and writes nothing', async (who) => {
    const head = await db.store.committedHeadPosition();
    for (const path of ['/api/imports/preview', '/api/imports/runs']) {
      const answer = await post(
        path,
        who,
        { kind: 'locations' },
        { content: ROOMS, name: 'r.csv' },
      );
      expect(answer.status).toBe(403);
    }
    const template = await t.request({
      method: 'GET',
      url: '/api/imports/templates/locations',
      headers: t.signedIn(who),
    });
    expect(template.statusCode).toBe(403);
    expect(await db.store.committedHeadPosition()).toEqual(head);
  });

  it('answers 404 to stopping a run that does not exist', async () => {
    const missing = await t.request({
      method: 'POST',
      url: '/api/imports/runs/nope/stop',
      headers: t.signedIn('ops'),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('undoes a run as a whole: what it created is gone, what it changed is as before', async () => {
    const file = { content: 'Code,Capacity\nOLD 1,99\nUNDO 1,5\n', name: 'undo.csv' };
    const before = await rooms();
    const started = await post('/api/imports/runs', 'ops', { kind: 'locations' }, file);
    const runId = started.body.id as string;
    await finished(runId);
    expect(await rooms()).toMatchObject({ 'OLD 1': 99, 'UNDO 1': 5 });
    // The history of a room says which import wrote it, and later which undid it.
    const oldRoom = (await loadImportWorld(db.store)).find('location', 'code', 'OLD 1')!;
    const history = async () =>
      (
        await t.request({
          method: 'GET',
          url: `/api/history/locations/${oldRoom.id}`,
          headers: t.signedIn('ops'),
        })
      ).json() as { rows: { importRun?: unknown }[] };
    expect((await history()).rows.at(-1)?.importRun).toEqual({
      runId,
      name: null,
      fileName: 'undo.csv',
      undo: false,
    });

    const undo = await t.request({
      method: 'POST',
      url: `/api/imports/runs/${runId}/undo`,
      headers: t.signedIn('ops'),
    });
    expect(undo.statusCode).toBe(202);
    const end = await ended(runId, 'ImportUndoEnded');
    expect(end.data).toMatchObject({ status: 'undone', reverted: 2, problems: [] });
    const after = await rooms();
    expect(after['UNDO 1']).toBeUndefined();
    expect(after['OLD 1']).toBe(before['OLD 1']);
    expect((await history()).rows.at(-1)?.importRun).toEqual({
      runId,
      name: null,
      fileName: 'undo.csv',
      undo: true,
    });
    // What no import wrote says none.
    expect((await history()).rows[0]?.importRun).toBeNull();
    // Undone once: a second undo is refused in words.
    const again = await t.request({
      method: 'POST',
      url: `/api/imports/runs/${runId}/undo`,
      headers: t.signedIn('ops'),
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This import is undone already.');
  });

  it('refuses to undo a run something later depends on, and undoes nothing', async () => {
    const file = { content: 'Code,Capacity\nKEEP 1,5\nKEEP 2,6\n', name: 'keep.csv' };
    const runId = (await post('/api/imports/runs', 'ops', { kind: 'locations' }, file)).body
      .id as string;
    await finished(runId);
    const world = await loadImportWorld(db.store);
    const kept = world.find('location', 'code', 'KEEP 1')!;
    // Someone changes a room the import created.
    await createCommandBus({ store: db.store }).execute(
      'UpdateLocation',
      { id: kept.id, capacity: 50 },
      { ability: systemAbility(), actorId: 'someone' },
    );
    await t.request({
      method: 'POST',
      url: `/api/imports/runs/${runId}/undo`,
      headers: t.signedIn('ops'),
    });
    const end = await ended(runId, 'ImportUndoEnded');
    expect(end.data).toMatchObject({ status: 'refused', reverted: 0 });
    expect((end.data as { reason: string }).reason).toMatch(
      /^Something later depends on this import, so nothing was undone: Location KEEP 1: changed on /,
    );
    expect(await rooms()).toMatchObject({ 'KEEP 1': 50, 'KEEP 2': 6 });
  });

  it('removes what the file leaves out only through a saved import that says so, and such a run is not undone', async () => {
    const spec = await t.request({
      method: 'POST',
      url: '/api/importSpecs',
      headers: t.signedIn('ops'),
      payload: {
        name: 'Rooms from the SIS',
        kind: 'locations',
        mapping: { code: 'Code', capacity: 'Capacity' },
        removeMissing: true,
      },
    });
    expect(spec.statusCode).toBe(201);
    const specId = (spec.json() as { id: string }).id;
    const others = Object.keys(await rooms()).filter((code) => code !== 'OLD 1');
    expect(others.length).toBeGreaterThan(0);
    const file = { content: 'Code,Capacity\nOLD 1,12\n', name: 'rooms.csv' };
    // Without the saved import the rooms the file leaves out are listed and kept.
    const plain = await post('/api/imports/preview', 'ops', { kind: 'locations' }, file);
    expect(plain.body).toMatchObject({
      removeMissing: false,
      counts: { missing: others.length },
    });
    expect((plain.body.records as { action: string }[]).map((r) => r.action)).toContain('missing');
    const through = await post('/api/imports/preview', 'ops', { kind: 'locations', specId }, file);
    expect(through.body).toMatchObject({
      removeMissing: true,
      removalBlocked: null,
      counts: { missing: others.length },
    });
    expect(await rooms()).toHaveProperty(others[0]!);

    const runId = (await post('/api/imports/runs', 'ops', { kind: 'locations', specId }, file)).body
      .id as string;
    const end = await finished(runId);
    expect(end.data).toMatchObject({ status: 'done', removed: others.length, refused: 0 });
    expect(Object.keys(await rooms())).toEqual(['OLD 1']);

    await t.request({
      method: 'POST',
      url: `/api/imports/runs/${runId}/undo`,
      headers: t.signedIn('ops'),
    });
    const undo = await ended(runId, 'ImportUndoEnded');
    expect(undo.data).toMatchObject({ status: 'refused', reverted: 0 });
    expect((undo.data as { reason: string }).reason).toContain(
      'the import removed it (not in the file), and a removal cannot be undone',
    );
  });

  it.each(['rep', 'faculty'])('refuses %s an undo (403)', async (who) => {
    const answer = await t.request({
      method: 'POST',
      url: '/api/imports/runs/any/undo',
      headers: t.signedIn(who),
    });
    expect(answer.statusCode).toBe(403);
  });
});
