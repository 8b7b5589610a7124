import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { REPORT_EXPORT_JOB, type ReportExportJobData } from '@allot/shared-events';
import { buildTestApp, type TestApp } from '../testing/testApp.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { rulesOf } from '../testing/rules.js';
import { demoContextFor } from '../../../shared-events/src/permissions/fixtures/demoContext.js';
import { createInProcessJobs } from '../jobs/inProcessJobs.js';
import type { JobContext, Jobs } from '../jobs/port.js';
import { inMemoryExportRecords } from './testing/inMemoryExportRecords.js';

/*
 * The export write routes with the in-process jobs runner and the exports kept in memory (the
 * real table and job are the projection-service's, tested there): who may start, stop and
 * delete (spec §6: with exportsEnabled, admin and academic operations manage DataExport,
 * reporting users create and read it), what is recorded and queued, and the refusals.
 */
let test: TestStore;
let t: TestApp;
let jobs: Jobs;
const { records, kept } = inMemoryExportRecords((userId) =>
  userId === 'rep1' ? 'p-working' : null,
);
const running = new Map<string, JobContext<ReportExportJobData>>();
let enqueueFails = false;

const { featureFlags } = demoContextFor('reportingUser');
const withoutExports = { featureFlags: { ...featureFlags, exportsEnabled: false } };

beforeAll(async () => {
  test = await openTestStore();
  const inProcess = createInProcessJobs({ concurrency: 4 });
  // Stands in for the projection-service's job: runs until it is stopped.
  inProcess.define<ReportExportJobData>(REPORT_EXPORT_JOB, async (ctx) => {
    running.set(ctx.data.exportId, ctx);
    const found = kept.get(ctx.data.exportId);
    if (found) kept.set(found.id, { ...found, status: 'running' });
    while (!ctx.signal.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
    await records.end(ctx.data.exportId, 'stopped', new Date());
    ctx.signal.throwIfAborted();
  });
  jobs = {
    ...inProcess,
    enqueue: (...args) =>
      enqueueFails ? Promise.reject(new Error('Redis is away')) : inProcess.enqueue(...args),
  };
  const noFlags = (role: Parameters<typeof rulesOf>[0], id: string) =>
    rulesOf(role, id, withoutExports);
  t = await buildTestApp(
    test.store,
    {
      admin: rulesOf('admin', 'admin'),
      ops: rulesOf('academicOpsAdmin', 'ops'),
      rep1: rulesOf('reportingUser', 'rep1'),
      rep2: rulesOf('reportingUser', 'rep2'),
      faculty: rulesOf('faculty', 'faculty'),
      business: rulesOf('businessOfficeAdmin', 'business'),
      opsFlagOff: noFlags('academicOpsAdmin', 'opsFlagOff'),
      repFlagOff: noFlags('reportingUser', 'repFlagOff'),
    },
    { jobs, reportExports: records },
  );
});

afterAll(async () => {
  for (const ctx of running.values()) await jobs.stop(ctx.id);
  await jobs.close();
  await t.app.close();
  await test.close();
});

beforeEach(() => {
  enqueueFails = false;
});

const call = (as: string | null, method: string, url: string, payload?: object) =>
  t.request({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: as ? t.signedIn(as) : {},
  });

const body = (extra: object = {}) => ({
  reportType: 'Sections',
  format: 'xlsx',
  query: { columns: ['courseNumber', 'points'] },
  timeZone: 'Europe/Berlin',
  ...extra,
});

async function startedBy(as: string, extra: object = {}): Promise<string> {
  const response = await call(as, 'POST', '/api/reportExports', body(extra));
  expect(response.statusCode).toBe(201);
  const { id } = response.json() as { id: string };
  await until(() => running.has(id));
  return id;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe('POST /api/reportExports', () => {
  it('records who exported what, keeps the export and starts its job under its id', async () => {
    const response = await call('rep1', 'POST', '/api/reportExports', body({ name: 'Fall' }));
    expect(response.statusCode).toBe(201);
    const answer = response.json() as { id: string; revision: number; position: string };
    expect(answer).toEqual({ id: expect.any(String), revision: 0, position: expect.any(String) });
    const [event] = await test.events(`reportExport-${answer.id}`);
    expect(event).toMatchObject({
      type: 'ReportExportStarted',
      data: {
        id: answer.id,
        name: 'Fall',
        reportType: 'Sections',
        format: 'xlsx',
        query: { columns: ['courseNumber', 'points'] },
        // The query named no period: the exporter's working period.
        AcademicPeriodId: 'p-working',
        timeZone: 'Europe/Berlin',
      },
      metadata: { actorId: 'rep1' },
    });
    expect(kept.get(answer.id)).toMatchObject({
      owner: { id: 'rep1' },
      name: 'Fall',
      AcademicPeriodId: 'p-working',
    });
    await until(() => running.has(answer.id));
    expect(running.get(answer.id)).toMatchObject({
      ownerId: 'rep1',
      data: { exportId: answer.id },
    });
    expect(await jobs.status(answer.id)).toMatchObject({
      name: REPORT_EXPORT_JOB,
      ownerId: 'rep1',
      state: 'running',
    });
  });

  it('names an export after its report; a report of no period reads none', async () => {
    const response = await call('ops', 'POST', '/api/reportExports', {
      reportType: 'Users',
      format: 'csv',
      query: { AcademicPeriodId: 'p-other' },
    });
    const { id } = response.json() as { id: string };
    expect(kept.get(id)).toMatchObject({
      name: 'Users',
      AcademicPeriodId: null,
      timeZone: 'UTC',
      format: 'csv',
    });
  });

  it('answers 400 for a malformed body or a query its report cannot answer, and keeps nothing', async () => {
    const before = kept.size;
    const malformed = await call('rep1', 'POST', '/api/reportExports', body({ format: 'pdf' }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual([expect.objectContaining({ field: 'format' })]);
    const unknown = await call(
      'rep1',
      'POST',
      '/api/reportExports',
      body({ query: { columns: ['nope'] } }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Sections has no column "nope".');
    expect(kept.size).toBe(before);
  });

  it('refuses those who may not export: 401, 403, and 403 for everyone with exportsEnabled off', async () => {
    expect((await call(null, 'POST', '/api/reportExports', body())).statusCode).toBe(401);
    for (const who of ['faculty', 'business', 'opsFlagOff', 'repFlagOff']) {
      const refused = await call(who, 'POST', '/api/reportExports', body());
      expect({ who, status: refused.statusCode }).toEqual({ who, status: 403 });
    }
    const crossSite = await t.request({
      method: 'POST',
      url: '/api/reportExports',
      payload: body(),
      headers: t.cookieOnly('rep1'),
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('a queue that does not answer fails the export with a sentence', async () => {
    enqueueFails = true;
    const response = await call('rep2', 'POST', '/api/reportExports', body());
    expect(response.statusCode).toBe(500);
    const failed = [...kept.values()].find((e) => e.owner.id === 'rep2' && e.status === 'failed');
    expect(failed?.reason).toMatch(/could not be started/);
  });
});

describe('POST /api/reportExports/:id/stop', () => {
  it('stops one’s own running export: its job is aborted, the export stopped', async () => {
    const id = await startedBy('rep1');
    const response = await call('rep1', 'POST', `/api/reportExports/${id}/stop`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'stopped' });
    expect(running.get(id)?.signal.aborted).toBe(true);
    await until(() => kept.get(id)?.status === 'stopped');
    const again = await call('rep1', 'POST', `/api/reportExports/${id}/stop`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This export has finished already.');
  });

  it('another’s export is not found (its job runs on), unless one manages exports', async () => {
    const id = await startedBy('rep1');
    expect((await call('rep2', 'POST', `/api/reportExports/${id}/stop`)).statusCode).toBe(404);
    expect(running.get(id)?.signal.aborted).toBe(false);
    expect((await call('faculty', 'POST', `/api/reportExports/${id}/stop`)).statusCode).toBe(403);
    expect((await call('opsFlagOff', 'POST', `/api/reportExports/${id}/stop`)).statusCode).toBe(
      403,
    );
    expect(running.get(id)?.signal.aborted).toBe(false);
    const stopped = await call('admin', 'POST', `/api/reportExports/${id}/stop`);
    expect(stopped.statusCode).toBe(200);
    expect(running.get(id)?.signal.aborted).toBe(true);
  });

  it('an unknown export is not found', async () => {
    expect((await call('ops', 'POST', '/api/reportExports/nope/stop')).statusCode).toBe(404);
  });
});

describe('DELETE /api/reportExports/:id', () => {
  it('deletes one’s own export, stopping it if it runs; another’s is not found', async () => {
    const id = await startedBy('rep1');
    expect((await call('rep2', 'DELETE', `/api/reportExports/${id}`)).statusCode).toBe(404);
    expect(kept.has(id)).toBe(true);
    expect((await call('repFlagOff', 'DELETE', `/api/reportExports/${id}`)).statusCode).toBe(403);
    const deleted = await call('rep1', 'DELETE', `/api/reportExports/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id });
    expect(kept.has(id)).toBe(false);
    expect(running.get(id)?.signal.aborted).toBe(true);
    expect((await call('rep1', 'DELETE', `/api/reportExports/${id}`)).statusCode).toBe(404);
  });

  it('an export manager deletes anyone’s', async () => {
    const id = await startedBy('rep2');
    expect((await call('ops', 'DELETE', `/api/reportExports/${id}`)).statusCode).toBe(200);
    expect(kept.has(id)).toBe(false);
  });
});
