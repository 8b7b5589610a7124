// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  defaultGridState,
  comparePositions,
  StreamNotFoundError,
  tokenToPosition,
  type EventStore,
  type RecordedEvent,
} from '@allot/shared-events';
import { readAllSettled } from '@allot/shared-events/testing';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { openNativeTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';
import { nameReservation } from './reportCommands.js';

/*
 * The write routes of saved reports and snapshots on native PostgreSQL: who may do what (spec
 * §6: admin and academic operations manage Report, reporting users create and read it), the
 * 400 / 403 / 404 / 409 / 422 answers, the events written, and the name race.
 */
let db: TestStore;
let store: EventStore;
let t: TestApp;

beforeAll(async () => {
  db = await openNativeTestStore();
  store = db.store;
  t = await buildTestApp(store, {
    admin: rulesOf('admin', 'admin'),
    ops: rulesOf('academicOpsAdmin', 'ops'),
    rep1: rulesOf('reportingUser', 'rep1'),
    rep2: rulesOf('reportingUser', 'rep2'),
    faculty: rulesOf('faculty', 'faculty'),
    business: rulesOf('businessOfficeAdmin', 'business'),
    racer: rulesOf('reportingUser', 'racer'),
  });
  await createCommandBus({ store }).execute('CreateAcademicPeriod', {
    id: 'p2026',
    name: '2026-27',
    startDate: '2026-08-01',
    endDate: '2027-07-31',
  });
});

afterAll(async () => {
  await t.app.close();
  await db.close();
});

const events = (streamId: string): Promise<RecordedEvent[]> =>
  store.readStream(streamId).catch((err: unknown) => {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  });

const call = (
  as: string | null,
  method: string,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: { ...(as ? t.signedIn(as) : {}), ...headers },
  });

const sections = defaultGridState('Sections');
const report = (name: string, extra: object = {}) => ({
  name,
  reportType: 'Sections',
  gridState: sections,
  ...extra,
});

/** Creates a report as `as` and answers its id (the test fails unless it is created). */
async function created(as: string, body: object): Promise<string> {
  const answer = await call(as, 'POST', '/api/reports', body);
  expect({ status: answer.statusCode, body: answer.json() }).toMatchObject({ status: 201 });
  return (answer.json() as { id: string }).id;
}

describe('POST /api/reports', () => {
  it('saves a reporting user’s custom report as theirs, with its name reserved', async () => {
    const answer = await call('rep1', 'POST', '/api/reports', {
      ...report('  Uncovered sections '),
      description: 'Sections short of points.',
      AcademicPeriodId: 'p2026',
    });
    expect(answer.statusCode).toBe(201);
    const { id, revision, position } = answer.json() as {
      id: string;
      revision: number;
      position: string;
    };
    expect(revision).toBe(0);
    expect(position).toMatch(/^\d+:\d+$/);
    const [event] = await events(`savedReport-${id}`);
    expect(event?.type).toBe('SavedReportCreated');
    expect(event?.data).toEqual({
      id,
      name: 'Uncovered sections',
      description: 'Sections short of points.',
      reportType: 'Sections',
      gridState: sections,
      type: 'custom',
      sharedWithRoles: [],
      AcademicPeriodId: 'p2026',
      UserId: 'rep1',
    });
    expect(event?.metadata.actorId).toBe('rep1');
    const reservation = await events(nameReservation('rep1', 'uncovered   SECTIONS').streamId);
    expect(reservation.map((e) => [e.type, (e.data as { ownerId: string }).ownerId])).toEqual([
      ['UniqueValueReserved', id],
    ]);
  });

  it('lets report administrators define system reports and share custom ones with roles', async () => {
    const system = await created('admin', report('All sections', { type: 'system' }));
    expect((await events(`savedReport-${system}`))[0]?.data).toMatchObject({
      type: 'system',
      UserId: null,
    });
    const shared = await created(
      'ops',
      report('For reporting', { sharedWithRoles: ['reportingUser', 'academicAffairsApprover'] }),
    );
    expect((await events(`savedReport-${shared}`))[0]?.data).toMatchObject({
      type: 'custom',
      UserId: 'ops',
      sharedWithRoles: ['reportingUser', 'academicAffairsApprover'],
    });
  });

  it('refuses (403) those who may not make reports, and a reporting user publishing one', async () => {
    for (const as of ['faculty', 'business']) {
      expect((await call(as, 'POST', '/api/reports', report('Mine'))).statusCode).toBe(403);
      // Refused before the body is read.
      expect((await call(as, 'POST', '/api/reports', { nonsense: true })).statusCode).toBe(403);
    }
    const system = await call('rep1', 'POST', '/api/reports', report('Mine', { type: 'system' }));
    expect(system.statusCode).toBe(403);
    expect(system.json().message).toBe(
      'Only report administrators may define system reports or share reports with roles.',
    );
    const shared = await call(
      'rep1',
      'POST',
      '/api/reports',
      report('Mine', { sharedWithRoles: ['faculty'] }),
    );
    expect(shared.statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/reports', report('Mine'))).statusCode).toBe(401);
  });

  it('refuses (400) a malformed body, naming each field', async () => {
    const empty = await call('rep1', 'POST', '/api/reports', {});
    expect(empty.statusCode).toBe(400);
    const fields = (empty.json() as { fields: { field: string }[] }).fields;
    expect(fields.map((f) => f.field).sort()).toEqual(['gridState', 'name', 'reportType']);
    const cases: [object, string][] = [
      [report('   '), 'name'],
      [report('x'.repeat(201)), 'name'],
      [report('Long', { description: 'x'.repeat(2001) }), 'description'],
      [report('Typed', { reportType: 'Salaries' }), 'reportType'],
      [report('Kind', { type: 'public' }), 'type'],
      [report('Roles', { sharedWithRoles: ['dean'] }), 'sharedWithRoles.0'],
      [report('Twice', { sharedWithRoles: ['faculty', 'faculty'] }), 'sharedWithRoles'],
      [report('Id', { id: 'mine' }), ''],
      [report('Page', { gridState: { ...sections, page: 3 } }), 'gridState'],
      [
        report('Column', { gridState: { ...sections, columns: [{ key: 'salary' }] } }),
        'gridState.columns',
      ],
      [
        report('Range', { gridState: { ...sections, filters: { courseName: { min: 1 } } } }),
        'gridState.filters',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await call('rep1', 'POST', '/api/reports', body);
      expect({ field, status: answer.statusCode }).toEqual({ field, status: 400 });
      const fields = (answer.json().fields as { field: string }[]).map((f) => f.field);
      expect({ field, fields }).toEqual({ field, fields: expect.arrayContaining([field]) });
    }
  });

  it('refuses (422) a name its owner already uses, spacing and case ignored, and an unknown period', async () => {
    await created('rep1', report('Workload check'));
    const again = await call('rep1', 'POST', '/api/reports', report('  WORKLOAD   check'));
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('You already have a report with this name.');
    // Another owner's name is theirs; system reports are one owner of their own.
    await created('rep2', report('Workload check'));
    await created('admin', report('Workload check', { type: 'system' }));
    const system = await call(
      'ops',
      'POST',
      '/api/reports',
      report('workload check', { type: 'system' }),
    );
    expect(system.statusCode).toBe(422);
    expect(system.json().message).toBe('A system report already has this name.');
    const period = await call(
      'rep1',
      'POST',
      '/api/reports',
      report('P', { AcademicPeriodId: 'nope' }),
    );
    expect(period.statusCode).toBe(422);
    expect(period.json().message).toBe('There is no such academic period.');
  });

  it('of four requests saving one name at once, exactly one wins', async () => {
    const names = ['Race', 'race', '  RACE ', 'Race'];
    const answers = await Promise.all(
      names.map((name) => call('racer', 'POST', '/api/reports', report(name))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const loser of answers.filter((a) => a.statusCode === 422)) {
      expect(loser.json().message).toBe('You already have a report with this name.');
    }
    const winner = answers.find((a) => a.statusCode === 201)?.json() as { id: string };
    const reservation = await events(nameReservation('racer', 'race').streamId);
    expect(reservation.map((e) => [e.type, (e.data as { ownerId: string }).ownerId])).toEqual([
      ['UniqueValueReserved', winner.id],
    ]);
    const made = await readAllSettled(store, { filter: { eventTypes: ['SavedReportCreated'] } });
    expect(made.filter((e) => (e.data as { UserId: string }).UserId === 'racer')).toHaveLength(1);
  });
});

describe('PUT /api/reports/:id', () => {
  let mine: string;
  let theirs: string;
  let system: string;

  beforeAll(async () => {
    mine = await created('rep1', report('Mine to change'));
    theirs = await created('rep2', report('Theirs'));
    system = await created('admin', report('System to change', { type: 'system' }));
  });

  it('lets a reporting user change their own report, and only the fields sent', async () => {
    const answer = await call('rep1', 'PUT', `/api/reports/${mine}`, {
      name: 'Mine, changed',
      gridState: { ...sections, groupBy: 'workgroup' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ id: mine, revision: 1 });
    const last = (await events(`savedReport-${mine}`)).at(-1);
    expect(last?.type).toBe('SavedReportUpdated');
    expect(last?.data).toEqual({
      id: mine,
      name: 'Mine, changed',
      gridState: { ...sections, groupBy: 'workgroup' },
    });
    // The old name is free again: another report of theirs takes it.
    expect(await events(nameReservation('rep1', 'Mine to change').streamId)).toHaveLength(2);
    await created('rep1', report('Mine to change'));
  });

  it('refuses (403) a reporting user changing a system report or another’s report', async () => {
    for (const id of [system, theirs]) {
      const answer = await call('rep1', 'PUT', `/api/reports/${id}`, { name: 'Taken over' });
      expect(answer.statusCode).toBe(403);
    }
    const sharing = await call('rep1', 'PUT', `/api/reports/${mine}`, {
      sharedWithRoles: ['reportingUser'],
    });
    expect(sharing.statusCode).toBe(403);
    for (const as of ['faculty', 'business']) {
      expect((await call(as, 'PUT', `/api/reports/${mine}`, { name: 'x' })).statusCode).toBe(403);
    }
  });

  it('lets report administrators change any report and share it', async () => {
    const answer = await call('ops', 'PUT', `/api/reports/${theirs}`, {
      sharedWithRoles: ['academicAffairsApprover'],
      description: 'Shared with academic affairs.',
    });
    expect(answer.statusCode).toBe(200);
    expect(
      (await call('admin', 'PUT', `/api/reports/${system}`, { name: 'All of it' })).statusCode,
    ).toBe(200);
    // The owner keeps their report shared as it is, and may unshare it.
    const kept = await call('rep2', 'PUT', `/api/reports/${theirs}`, {
      name: 'Theirs',
      sharedWithRoles: ['academicAffairsApprover'],
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().revision).toBe(1);
    const unshared = await call('rep2', 'PUT', `/api/reports/${theirs}`, { sharedWithRoles: [] });
    expect(unshared.statusCode).toBe(200);
  });

  it('answers 404 for an unknown report, 400 for a bad body, 409 for a stale If-Match, 422 for a used name', async () => {
    const unknown = await call('rep1', 'PUT', '/api/reports/00000000-0000-4000-8000-000000000000', {
      name: 'x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no such report.');
    expect(
      (await call('rep1', 'PUT', `/api/reports/${mine}`, { reportType: 'Users' })).statusCode,
    ).toBe(400);
    expect((await call('rep1', 'PUT', `/api/reports/${mine}`, { type: 'system' })).statusCode).toBe(
      400,
    );
    const wrongType = await call('rep1', 'PUT', `/api/reports/${mine}`, {
      gridState: defaultGridState('Users'),
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields[0]).toEqual({
      field: 'gridState.columns',
      message: 'Sections has no column "name".',
    });
    const stale = await call(
      'rep1',
      'PUT',
      `/api/reports/${mine}`,
      { name: 'Stale' },
      { 'if-match': '"0"' },
    );
    expect(stale.statusCode).toBe(409);
    const fresh = await call(
      'rep1',
      'PUT',
      `/api/reports/${mine}`,
      { name: 'Fresh' },
      { 'if-match': '"1"' },
    );
    expect(fresh.statusCode).toBe(200);
    const used = await call('rep1', 'PUT', `/api/reports/${mine}`, { name: 'mine TO change' });
    expect(used.statusCode).toBe(422);
    expect(used.json().message).toBe('You already have a report with this name.');
  });
});

describe('DELETE /api/reports/:id', () => {
  it('lets owners delete their own, administrators any; refuses the rest', async () => {
    const mine = await created('rep1', report('Short-lived'));
    const theirs = await created('rep2', report('Short-lived'));
    const system = await created('admin', report('Short-lived system', { type: 'system' }));
    expect((await call('rep1', 'DELETE', `/api/reports/${theirs}`)).statusCode).toBe(403);
    expect((await call('rep1', 'DELETE', `/api/reports/${system}`)).statusCode).toBe(403);
    expect((await call('faculty', 'DELETE', `/api/reports/${mine}`)).statusCode).toBe(403);
    expect((await call('business', 'DELETE', `/api/reports/${mine}`)).statusCode).toBe(403);
    expect((await call('rep1', 'DELETE', `/api/reports/${mine}`)).statusCode).toBe(200);
    expect((await call('rep1', 'DELETE', `/api/reports/${mine}`)).statusCode).toBe(404);
    expect((await call('rep1', 'PUT', `/api/reports/${mine}`, { name: 'Back' })).statusCode).toBe(
      404,
    );
    expect((await call('ops', 'DELETE', `/api/reports/${theirs}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/reports/${system}`)).statusCode).toBe(200);
    // A deleted report's name is free again.
    await created('rep1', report('short-lived'));
    const reservation = await events(nameReservation('rep1', 'Short-lived').streamId);
    expect(reservation.map((e) => e.type)).toEqual([
      'UniqueValueReserved',
      'UniqueValueReleased',
      'UniqueValueReserved',
    ]);
  });
});

describe('POST and DELETE /api/reportSnapshots', () => {
  const snapshot = (extra: object = {}) => ({
    name: 'Overloaded in January',
    reportType: 'InstructorWorkloads',
    query: {
      columns: ['name', 'remaining'],
      filters: { load: ['over'] },
      AcademicPeriodId: 'p2026',
    },
    ...extra,
  });

  it('records the run with the head of the log, who took it and when', async () => {
    const head = await store.headPosition();
    if (!head) throw new Error('the store is empty');
    const before = Date.now();
    // Other test files share this PostgreSQL, so the head may move while the command runs: the
    // snapshot's position is the head it read, between the heads read before and after.
    const answer = await call('rep1', 'POST', '/api/reportSnapshots', snapshot());
    expect(answer.statusCode).toBe(201);
    const { id } = answer.json() as { id: string };
    const [event] = await events(`reportSnapshot-${id}`);
    expect(event?.type).toBe('ReportSnapshotTaken');
    expect(event?.data).toMatchObject({
      id,
      name: 'Overloaded in January',
      reportType: 'InstructorWorkloads',
      query: snapshot().query,
      takenBy: 'rep1',
      rowCount: null,
    });
    const taken = tokenToPosition((event?.data as { position: string }).position);
    const after = await store.headPosition();
    if (!taken || !after) throw new Error('the snapshot has no position');
    expect(comparePositions(taken, head)).toBeGreaterThanOrEqual(0);
    expect(comparePositions(taken, after)).toBeLessThanOrEqual(0);
    const takenAt = Date.parse((event?.data as { takenAt: string }).takenAt);
    expect(takenAt).toBeGreaterThanOrEqual(before - 1000);
    expect(takenAt).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a snapshot of a snapshot, a paged query, unknown columns (400) and an unknown period (422)', async () => {
    const bad: [object, string][] = [
      [snapshot({ reportType: 'Snapshot' }), 'reportType'],
      [snapshot({ query: { page: 2 } }), 'query'],
      [snapshot({ query: { asOf: { position: '1:1' } } }), 'query'],
      [snapshot({ query: { columns: ['salary'] } }), 'query.columns'],
      [snapshot({ name: '' }), 'name'],
    ];
    for (const [body, field] of bad) {
      const answer = await call('rep1', 'POST', '/api/reportSnapshots', body);
      expect({ field, status: answer.statusCode }).toEqual({ field, status: 400 });
      const fields = (answer.json().fields as { field: string }[]).map((f) => f.field);
      expect({ field, fields }).toEqual({ field, fields: expect.arrayContaining([field]) });
    }
    const period = await call(
      'rep1',
      'POST',
      '/api/reportSnapshots',
      snapshot({ query: { AcademicPeriodId: 'gone' } }),
    );
    expect(period.statusCode).toBe(422);
  });

  it('lets its taker delete a snapshot, administrators any; refuses the rest', async () => {
    const take = async (as: string) => {
      const answer = await call(as, 'POST', '/api/reportSnapshots', snapshot());
      expect(answer.statusCode).toBe(201);
      return (answer.json() as { id: string }).id;
    };
    for (const as of ['faculty', 'business']) {
      expect((await call(as, 'POST', '/api/reportSnapshots', snapshot())).statusCode).toBe(403);
    }
    const mine = await take('rep1');
    const theirs = await take('rep2');
    for (const as of ['faculty', 'business', 'rep2']) {
      expect((await call(as, 'DELETE', `/api/reportSnapshots/${mine}`)).statusCode).toBe(403);
    }
    expect((await call('rep1', 'DELETE', `/api/reportSnapshots/${mine}`)).statusCode).toBe(200);
    expect((await call('rep1', 'DELETE', `/api/reportSnapshots/${mine}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/reportSnapshots/${theirs}`)).statusCode).toBe(200);
    expect(
      (await call('rep1', 'DELETE', '/api/reportSnapshots/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
    expect((await events(`reportSnapshot-${theirs}`)).map((e) => e.type)).toEqual([
      'ReportSnapshotTaken',
      'ReportSnapshotDeleted',
    ]);
  });
});
