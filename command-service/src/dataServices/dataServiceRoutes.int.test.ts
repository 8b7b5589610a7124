// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  DATA_SERVICE_RUN_JOB,
  REPORT_EXPORT_JOB,
  StreamNotFoundError,
  dataServiceScheduleKey,
  dataServiceStream,
  type EventStore,
  type RecordedEvent,
  type ReportExportAnswer,
  type ReportExportJobData,
} from '@allot/shared-events';
import { readAllSettled } from '@allot/shared-events/testing';
import { demoContextFor } from '../../../shared-events/src/permissions/fixtures/demoContext.js';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { abilityFromRules } from '../authorization/ability.js';
import { createInProcessJobs } from '../jobs/inProcessJobs.js';
import type { JobContext, Jobs } from '../jobs/port.js';
import { inMemoryExportRecords } from '../reportExports/testing/inMemoryExportRecords.js';
import { openNativeTestStore, type TestStore } from '../testing/testStore.js';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { rulesOf } from '../testing/rules.js';
import { dataServiceNameReservation } from './dataServiceCommands.js';
import { createDataServiceRunJob } from './runJob.js';

/*
 * The data service write routes on native PostgreSQL with the in-process jobs runner (the runs'
 * exports kept in memory: the real table and export job are the projection-service's, and the
 * whole chain is tested in infra's dataServices.int.test.ts): who may define and run them
 * (spec §6: admin and academic operations with dataServicesEnabled), the refusals, the events,
 * the schedules set on the jobs port, a scheduled run, and the name race.
 */
let db: TestStore;
let store: EventStore;
let t: TestApp;
let jobs: Jobs;

const exported: string[] = [];
const { records, kept, removedRunsOf } = inMemoryExportRecords(() => 'p2026');

const { featureFlags } = demoContextFor('admin');
const flagOff = { featureFlags: { ...featureFlags, dataServicesEnabled: false } };
const people = {
  admin: rulesOf('admin', 'admin'),
  ops: rulesOf('academicOpsAdmin', 'ops'),
  rep: rulesOf('reportingUser', 'rep'),
  faculty: rulesOf('faculty', 'faculty'),
  business: rulesOf('businessOfficeAdmin', 'business'),
  adminFlagOff: rulesOf('admin', 'adminFlagOff', flagOff),
};

beforeAll(async () => {
  db = await openNativeTestStore();
  store = db.store;
  jobs = createInProcessJobs({ concurrency: 2 });
  // Stands in for the projection-service's export job: notes which export it was given.
  jobs.define<ReportExportJobData>(REPORT_EXPORT_JOB, (ctx: JobContext<ReportExportJobData>) => {
    exported.push(ctx.data.exportId);
    return Promise.resolve(null);
  });
  t = await buildTestApp(store, people, { jobs, reportExports: records });
  const bus = createCommandBus({ store });
  await bus.execute('CreateAcademicPeriod', {
    id: 'p2026',
    name: '2026-27',
    startDate: '2026-08-01',
    endDate: '2027-07-31',
  });
  await bus.execute(
    'CreateSavedReport',
    {
      id: 'workloads',
      name: 'Workloads by workgroup',
      description: null,
      reportType: 'InstructorWorkloads',
      gridState: {
        columns: [{ key: 'name' }, { key: 'workgroup' }],
        filters: { workgroup: [], name: '' },
        sorts: [{ column: 'name', direction: 'asc' }],
        groupBy: 'workgroup',
        pageSize: 50,
      },
      type: 'system',
      sharedWithRoles: [],
      AcademicPeriodId: null,
    },
    { actorId: 'admin' },
  );
});

afterAll(async () => {
  await jobs.close();
  await t.app.close();
  await db.close();
});

const call = (as: string, method: string, url: string, payload?: object) =>
  t.request({
    method,
    url,
    headers: t.signedIn(as),
    ...(payload === undefined ? {} : { payload }),
  });

const events = (streamId: string): Promise<RecordedEvent[]> =>
  store.readStream(streamId).catch((err: unknown) => {
    if (err instanceof StreamNotFoundError) return [];
    throw err;
  });

const body = (name: string, extra: object = {}) => ({
  name,
  savedReportId: 'workloads',
  format: 'xlsx',
  timeZone: 'Europe/Berlin',
  ...extra,
});

const weekly = { frequency: 'weekly', time: '06:30', weekdays: [4, 1] };

async function created(as: string, payload: object): Promise<string> {
  const answer = await call(as, 'POST', '/api/dataServices', payload);
  expect(answer.statusCode).toBe(201);
  return (answer.json() as { id: string }).id;
}

describe('defining data services', () => {
  it('admins and academic operations define one; it is recorded and its schedule set', async () => {
    const id = await created('ops', body('Nightly workloads', { schedule: weekly }));
    const [event] = await events(dataServiceStream(id));
    expect(event).toMatchObject({
      type: 'DataServiceCreated',
      data: {
        id,
        name: 'Nightly workloads',
        description: null,
        savedReportId: 'workloads',
        format: 'xlsx',
        timeZone: 'Europe/Berlin',
        schedule: weekly,
      },
      metadata: { actorId: 'ops' },
    });
    expect(await jobs.scheduledKeys()).toContain(dataServiceScheduleKey(id));

    // Changed to "on demand only": the schedule is ended.
    const changed = await call('admin', 'PUT', `/api/dataServices/${id}`, body('Workloads'));
    expect(changed.statusCode).toBe(200);
    expect(await jobs.scheduledKeys()).not.toContain(dataServiceScheduleKey(id));
    expect((await events(dataServiceStream(id))).map((e) => e.type)).toEqual([
      'DataServiceCreated',
      'DataServiceUpdated',
    ]);
    // The same definition again writes nothing.
    await call('admin', 'PUT', `/api/dataServices/${id}`, body('Workloads'));
    expect(await events(dataServiceStream(id))).toHaveLength(2);

    const deleted = await call('admin', 'DELETE', `/api/dataServices/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(removedRunsOf).toContain(id);
    expect((await call('admin', 'PUT', `/api/dataServices/${id}`, body('W'))).statusCode).toBe(404);
  });

  it('refuses everyone else, and admins while dataServicesEnabled is off (nothing written)', async () => {
    const before = (await readAllSettled(store)).length;
    for (const who of ['rep', 'faculty', 'business', 'adminFlagOff']) {
      const post = await call(who, 'POST', '/api/dataServices', body(`By ${who}`));
      expect(post.statusCode).toBe(403);
      const run = await call(who, 'POST', '/api/dataServices/anything/runs');
      expect(run.statusCode).toBe(403);
    }
    expect((await readAllSettled(store)).length).toBe(before);
  });

  it('refuses bad definitions with the field that is wrong (400), an unknown report with 422', async () => {
    const before = (await readAllSettled(store)).length;
    const cases: [object, string][] = [
      [body(''), 'name'],
      [body('No days', { schedule: { frequency: 'weekly', time: '06:00' } }), 'schedule.weekdays'],
      [body('Bad time', { schedule: { frequency: 'daily', time: '25:00' } }), 'schedule.time'],
      [
        body('Day 31', { schedule: { frequency: 'monthly', time: '06:00', dayOfMonth: 31 } }),
        'schedule.dayOfMonth',
      ],
      [body('Mars', { timeZone: 'Mars/Olympus' }), 'timeZone'],
      [body('Pdf', { format: 'pdf' }), 'format'],
      [{ ...body('Extra'), cron: '* * * * *' }, ''],
    ];
    for (const [payload, field] of cases) {
      const answer = await call('admin', 'POST', '/api/dataServices', payload);
      expect(answer.statusCode).toBe(400);
      if (field) {
        const fields = (answer.json() as { fields: { field: string }[] }).fields;
        expect(fields.map((f) => f.field)).toContain(field);
      }
    }
    const unknown = await call(
      'admin',
      'POST',
      '/api/dataServices',
      body('Unknown', { savedReportId: 'nope' }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('There is no such saved report to export.');
    expect((await readAllSettled(store)).length).toBe(before);
  });

  it('of four requests defining one name at once, exactly one wins', async () => {
    const names = ['Race', 'race', '  RACE ', 'Race'];
    const answers = await Promise.all(
      names.map((name) => call('admin', 'POST', '/api/dataServices', body(name))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const loser of answers.filter((a) => a.statusCode === 422)) {
      expect(loser.json().message).toBe('A data service with this name exists already.');
    }
    const winner = answers.find((a) => a.statusCode === 201)?.json() as { id: string };
    const reservation = await events(dataServiceNameReservation('race').streamId);
    expect(reservation.map((e) => [e.type, (e.data as { ownerId: string }).ownerId])).toEqual([
      ['UniqueValueReserved', winner.id],
    ]);
    const made = await readAllSettled(store, { filter: { eventTypes: ['DataServiceCreated'] } });
    // Whichever spelling won ('race', '  RACE ', …): names are unique whatever their case.
    const race = (e: (typeof made)[number]) =>
      (e.data as { name: string }).name.trim().toLowerCase() === 'race';
    expect(made.filter(race)).toHaveLength(1);
  });
});

describe('running data services', () => {
  it('Run now records the run and queues the export of the saved report as it reads now', async () => {
    const id = await created('admin', body('Run me'));
    const answer = await call('ops', 'POST', `/api/dataServices/${id}/runs`);
    expect(answer.statusCode).toBe(201);
    const run = answer.json() as ReportExportAnswer & { trigger: string };
    expect(run).toMatchObject({ name: 'Run me', format: 'xlsx', trigger: 'manual' });
    expect(kept.get(run.id)).toMatchObject({
      reportType: 'InstructorWorkloads',
      AcademicPeriodId: 'p2026',
      timeZone: 'Europe/Berlin',
      owner: { id: 'ops' },
      run: { dataServiceId: id, trigger: 'manual' },
      // Empty filters are not sent (spec §5); the group column is asked for.
      query: {
        columns: ['name', 'workgroup'],
        filters: {},
        sorts: [{ column: 'name', direction: 'asc' }],
        groupBy: 'workgroup',
        AcademicPeriodId: 'p2026',
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exported).toContain(run.id);
    const [, started] = await events(dataServiceStream(id));
    expect(started).toMatchObject({
      type: 'DataServiceRunStarted',
      data: { id, runId: run.id, trigger: 'manual', reportType: 'InstructorWorkloads' },
      metadata: { actorId: 'ops' },
    });
    expect((await call('admin', 'POST', '/api/dataServices/nope/runs')).statusCode).toBe(404);
  });

  it('a run of a data service whose report was deleted is refused with the reason', async () => {
    const bus = createCommandBus({ store });
    await bus.execute('CreateSavedReport', {
      id: 'doomed',
      name: 'Doomed',
      description: null,
      reportType: 'Users',
      gridState: { columns: [{ key: 'name' }] },
      type: 'system',
      sharedWithRoles: [],
      AcademicPeriodId: null,
    });
    const id = await created('admin', body('Orphan', { savedReportId: 'doomed' }));
    await bus.execute('DeleteSavedReport', { id: 'doomed' });
    const answer = await call('admin', 'POST', `/api/dataServices/${id}/runs`);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().message).toBe(
      'The report this data service exports has been deleted: choose another report.',
    );
  });

  it('a scheduled run runs as whoever set the schedule, with the rights they hold now', async () => {
    const id = await created('ops', body('Scheduled', { schedule: weekly }));
    const run = createDataServiceRunJob({
      bus: createCommandBus({ store }),
      store,
      records,
      jobs,
      abilityOf: (userId) =>
        Promise.resolve(
          userId in people ? abilityFromRules(people[userId as keyof typeof people]) : null,
        ),
    });
    const ctx = (ownerId: string): JobContext => ({
      id: `job-${ownerId}`,
      data: { dataServiceId: id },
      ownerId,
      signal: new AbortController().signal,
      reportProgress: () => Promise.resolve(),
    });
    const result = (await run(ctx('ops'))) as { runId: string };
    expect(kept.get(result.runId)).toMatchObject({
      owner: { id: 'ops' },
      run: { dataServiceId: id, trigger: 'schedule' },
    });
    // Someone who lost the role (or the flag went off) runs nothing.
    await expect(run(ctx('rep'))).rejects.toThrow();
    await expect(run(ctx('nobody'))).rejects.toThrow(
      'The person who scheduled this data service may no longer run it.',
    );
    // Unscheduled since: the stale schedule is ended, nothing runs.
    await call('admin', 'PUT', `/api/dataServices/${id}`, body('Scheduled'));
    await jobs.schedule(
      dataServiceScheduleKey(id),
      { pattern: '0 0 1 1 *', timeZone: 'UTC' },
      DATA_SERVICE_RUN_JOB,
      { dataServiceId: id },
      { ownerId: 'ops' },
    );
    expect(await run(ctx('ops'))).toEqual({ dataServiceId: id, skipped: true });
    expect(await jobs.scheduledKeys()).not.toContain(dataServiceScheduleKey(id));
  });
});
