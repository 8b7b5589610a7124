import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  defineAbilityFor,
  users,
  type AbilityContext,
  type ReportExportAnswer,
  type ReportExportProgress,
} from '@allot/shared-events';
import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { knexFor, projectionsHarness } from '../testing/readModelDb.js';
import { viewerPlugin, type ResourceViewer, type ViewerResolver } from '../../http/viewer.js';
import { answerContract, type AnswerContract } from '../../http/testing/answerContract.js';
import { planHistoryProjection } from '../planHistory/projection.js';
import { resourceProjection } from '../resources/projection.js';
import { parseCsv, PERIOD, planEvents } from '../reports/export/testing/exportFixtures.js';
import { migrateReportExports, reportExportTables } from './schema.js';
import { createReportExportStore, type NewReportExport, type ReportExportStore } from './store.js';
import { createReportExportJob } from './job.js';
import { contentDisposition, reportExportReadRoutes } from './routes.js';

let db: TestDatabase;
let knex: Knex;
let app: FastifyInstance;
let contract: AnswerContract;
let store: ReportExportStore;
let job: ReturnType<typeof createReportExportJob>;

const withoutExports = demoContextFor('academicOpsAdmin');
const contexts: Record<string, AbilityContext> = {
  reporting: demoContextFor('reportingUser'),
  otherReporting: demoContextFor('reportingUser'),
  ops: demoContextFor('academicOpsAdmin'),
  faculty: demoContextFor('faculty'),
  opsFlagOff: {
    ...withoutExports,
    featureFlags: { ...withoutExports.featureFlags, exportsEnabled: false },
  },
};
const viewer: ViewerResolver = (request) => {
  const who = request.headers['x-test-user'];
  const context = typeof who === 'string' ? contexts[who] : undefined;
  const found: ResourceViewer | null = context
    ? { userId: who as string, ability: defineAbilityFor(context), workingAcademicPeriodId: PERIOD }
    : null;
  return Promise.resolve(found);
};

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  const harness = projectionsHarness(knex, db.schema, [
    planHistoryProjection,
    resourceProjection(users),
  ]);
  await harness.migrate();
  await harness.apply(planEvents(25));
  const tables = reportExportTables(db.schema);
  await migrateReportExports(knex, tables);
  // Twice: every start migrates.
  await migrateReportExports(knex, tables);
  store = createReportExportStore({ knex, tables, readModels: harness.tables });
  job = createReportExportJob({
    knex,
    tables: harness.tables,
    store,
    batchSize: 10,
    progressEveryMs: 0,
  });
  app = Fastify();
  contract = answerContract(app);
  await app.register(async (scoped) => {
    await scoped.register(viewerPlugin, { resolve: viewer });
    await scoped.register(reportExportReadRoutes, {
      knex,
      tables: harness.tables,
      reportExportTables: tables,
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await knex.destroy();
  await db.close();
});

let next = 0;
async function started(over: Partial<NewReportExport> = {}): Promise<ReportExportAnswer> {
  next += 1;
  return store.create({
    id: `export-${String(next)}`,
    ownerId: 'reporting',
    name: 'Sections of the fall',
    reportType: 'Sections',
    format: 'csv',
    query: {
      columns: ['sectionNumber', 'points'],
      sorts: [{ column: 'sectionNumber', direction: 'asc' }],
    },
    AcademicPeriodId: PERIOD,
    timeZone: 'UTC',
    createdAt: new Date(Date.UTC(2026, 3, 1, 9, next)),
    ...over,
  });
}

function context(exportId: string, signal = new AbortController().signal) {
  const progress: ReportExportProgress[] = [];
  return {
    progress,
    ctx: {
      data: { exportId },
      signal,
      reportProgress: (p: ReportExportProgress) => {
        progress.push(p);
        return Promise.resolve();
      },
    },
  };
}

const get = (who: string | null, url: string) =>
  app.inject({ method: 'GET', url, headers: who ? { 'x-test-user': who } : {} });

describe('the export job', () => {
  it('writes the file, stores it and reports its progress as rows written of the total', async () => {
    const created = await started();
    expect(created).toMatchObject({ status: 'queued', rowCount: null, size: null });
    const { ctx, progress } = context(created.id);
    const result = await job(ctx);
    expect(result).toMatchObject({ exportId: created.id, rowCount: 25 });
    expect(progress.map((p) => p.written)).toEqual([0, 10, 20, 25, 25]);
    expect(progress.every((p) => p.total === 25 && p.exportId === created.id)).toBe(true);
    const stored = await store.find(created.id);
    expect(stored).toMatchObject({
      status: 'done',
      rowCount: 25,
      totalRows: 25,
      reason: null,
      fileName: 'Sections of the fall.csv',
    });
    expect(stored?.size).toBeGreaterThan(0);
    expect(stored?.asOfPosition).toEqual(expect.any(String));

    const download = await get('reporting', `/api/reportExports/${created.id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Sections of the fall.csv"; filename*=UTF-8''Sections%20of%20the%20fall.csv`,
    );
    expect(Number(download.headers['content-length'])).toBe(stored?.size);
    const records = parseCsv(download.rawPayload.toString('utf8').slice(1));
    expect(records[0]).toEqual(['Section', 'Points']);
    expect(records).toHaveLength(26);
    expect(records[1]).toEqual(['001', '4.5']);
  });

  it('stores an XLSX file that reads back typed', async () => {
    const created = await started({ format: 'xlsx', name: 'Über Sektionen' });
    await job(context(created.id).ctx);
    const download = await get('reporting', `/api/reportExports/${created.id}/file`);
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Uber Sektionen.xlsx"; filename*=UTF-8''%C3%9Cber%20Sektionen.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Sections');
    expect(sheet?.rowCount).toBe(26);
    expect(sheet?.getRow(2).values).toEqual([undefined, '001', 4.5]);
  });

  it('stops between batches when its signal is aborted: stopped, no file', async () => {
    const created = await started({ format: 'xlsx' });
    const controller = new AbortController();
    const { ctx } = context(created.id, controller.signal);
    ctx.reportProgress = (p) => {
      if (p.written >= 10) controller.abort(new Error('Stopped.'));
      return Promise.resolve();
    };
    await expect(job(ctx)).rejects.toThrow('Stopped.');
    expect(await store.find(created.id)).toMatchObject({ status: 'stopped', size: null });
    const chunks = await knex(reportExportTables(db.schema).chunks).where({
      export_id: created.id,
    });
    expect(chunks).toEqual([]);
    expect((await get('reporting', `/api/reportExports/${created.id}/file`)).statusCode).toBe(404);
  });

  it('does nothing for an export that is no longer queued (stopped before it began, or run twice)', async () => {
    const created = await started();
    expect(await store.end(created.id, 'stopped', new Date())).toBe(true);
    expect(await job(context(created.id).ctx)).toEqual({ exportId: created.id, skipped: true });
    expect(await store.find(created.id)).toMatchObject({ status: 'stopped' });
    expect(await store.end(created.id, 'failed', new Date(), 'late')).toBe(false);
  });

  it('fails with a sentence when the query no longer fits its report', async () => {
    const created = await started({ query: { columns: ['gone'] } });
    await expect(job(context(created.id).ctx)).rejects.toThrow('Sections has no column "gone".');
    expect(await store.find(created.id)).toMatchObject({
      status: 'failed',
      reason: 'Sections has no column "gone".',
    });
  });

  it('a fault fails the export with a sentence, its own words only in the log', async () => {
    const logged: unknown[] = [];
    const broken = createReportExportJob({
      knex,
      tables: { table: () => Promise.reject(new Error('relation "secret" does not exist')) },
      store,
      onError: (err) => logged.push(err),
    });
    const created = await started();
    await expect(broken(context(created.id).ctx)).rejects.toThrow(
      'Something went wrong while writing the export. Please try again.',
    );
    expect(await store.find(created.id)).toMatchObject({
      status: 'failed',
      reason: 'Something went wrong while writing the export. Please try again.',
    });
    expect(String(logged[0])).toContain('relation "secret" does not exist');
  });

  it('a restart ends what was left unfinished', async () => {
    const created = await started();
    expect(await store.endInterrupted(new Date())).toBeGreaterThanOrEqual(1);
    expect(await store.find(created.id)).toMatchObject({
      status: 'failed',
      reason: expect.stringContaining('restarted'),
    });
  });
});

describe('GET /api/reportExports', () => {
  it('answers a reporting user their own exports, newest first', async () => {
    const theirs = await started({ ownerId: 'otherReporting' });
    const response = await get('reporting', '/api/reportExports');
    expect(response.statusCode).toBe(200);
    const rows = response.json<{ rows: ReportExportAnswer[] }>().rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.owner.id === 'reporting')).toBe(true);
    expect(rows.map((r) => r.createdAt)).toEqual(
      rows
        .map((r) => r.createdAt)
        .sort()
        .reverse(),
    );
    expect(rows.some((r) => r.id === theirs.id)).toBe(false);
  });

  it('answers an export manager everyone’s, or their own with scope=mine', async () => {
    const all = (await get('ops', '/api/reportExports')).json<{ rows: ReportExportAnswer[] }>();
    expect(new Set(all.rows.map((r) => r.owner.id))).toEqual(
      new Set(['reporting', 'otherReporting']),
    );
    const mine = (await get('ops', '/api/reportExports?scope=mine')).json<{ count: number }>();
    expect(mine.count).toBe(0);
    expect((await get('ops', '/api/reportExports?scope=everything')).statusCode).toBe(400);
  });

  it('refuses those without exports (401, 403, and 403 with exportsEnabled off)', async () => {
    expect((await get(null, '/api/reportExports')).statusCode).toBe(401);
    expect((await get('faculty', '/api/reportExports')).statusCode).toBe(403);
    expect((await get('opsFlagOff', '/api/reportExports')).statusCode).toBe(403);
  });
});

describe('GET /api/reportExports/:id and its file', () => {
  it('another user’s export is not found, except for export managers', async () => {
    const theirs = await started({ ownerId: 'otherReporting' });
    await job(context(theirs.id).ctx);
    expect((await get('reporting', `/api/reportExports/${theirs.id}`)).statusCode).toBe(404);
    expect((await get('reporting', `/api/reportExports/${theirs.id}/file`)).statusCode).toBe(404);
    expect((await get('otherReporting', `/api/reportExports/${theirs.id}`)).statusCode).toBe(200);
    expect((await get('ops', `/api/reportExports/${theirs.id}`)).json()).toMatchObject({
      id: theirs.id,
      status: 'done',
    });
    expect((await get('ops', `/api/reportExports/${theirs.id}/file`)).statusCode).toBe(200);
    expect((await get('opsFlagOff', `/api/reportExports/${theirs.id}/file`)).statusCode).toBe(403);
    expect((await get('faculty', `/api/reportExports/${theirs.id}/file`)).statusCode).toBe(403);
    expect((await get(null, `/api/reportExports/${theirs.id}/file`)).statusCode).toBe(401);
  });

  it('an export without a file (queued, unknown) has none to download', async () => {
    const queued = await started();
    expect((await get('reporting', `/api/reportExports/${queued.id}/file`)).json()).toMatchObject({
      statusCode: 404,
      message: 'This export has no file: it is not done.',
    });
    expect((await get('reporting', '/api/reportExports/nope/file')).statusCode).toBe(404);
  });

  it('names files safely in the Content-Disposition header', () => {
    expect(contentDisposition('a"b\\c', 'csv')).toBe(
      `attachment; filename="a_b_c.csv"; filename*=UTF-8''a_b_c.csv`,
    );
    expect(contentDisposition("it's (1)", 'csv')).toBe(
      `attachment; filename="it's (1).csv"; filename*=UTF-8''it%27s%20%281%29.csv`,
    );
  });

  it('every answer keeps to its contract', () => {
    expect(contract.breaches).toEqual([]);
    expect(contract.checked).toEqual(
      new Set(['GET /api/reportExports', 'GET /api/reportExports/:id']),
    );
  });
});
