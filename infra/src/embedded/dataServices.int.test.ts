import { randomUUID } from 'node:crypto';
import { users, type DataServiceAnswer, type DataServiceRunAnswer } from '@allot/shared-events';
import {
  sessionHeaders,
  startConformanceApp,
  waitForProjections,
  type ConformanceApp,
} from '../apiConformance/conformanceApp.js';
import { demoReportsStep, demoSystemReportId } from '../seed/demoReports.js';
import { runSeeds } from '../seed/runSeeds.js';
import type { RunningAllot } from './startAllot.js';

/*
 * Data services through the whole embedded app (PGlite, both services, the projection runner,
 * the in-process jobs runner and the real export job): an admin defines one over a seeded system
 * report, runs it, and downloads the run's file; the list shows its schedule's next run and its
 * last run; a reporting user is refused; deleting it takes its runs' files.
 */
let app: ConformanceApp;
let allot: RunningAllot;
const admin = randomUUID();
const reporter = randomUUID();

async function call(method: string, url: string, as: string, body?: unknown) {
  const response = await allot.app.inject({
    method: method as 'GET',
    url,
    headers: sessionHeaders(as),
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, text: response.body, headers: response.headers };
}

const json = <T>(answer: { text: string }): T => JSON.parse(answer.text) as T;

beforeAll(async () => {
  app = await startConformanceApp({
    env: {
      ALLOT_DEMO_DATA: 'off',
      ALLOT_FEATURE_DATA_SERVICES_ENABLED: 'on',
      ALLOT_FEATURE_EXPORTS_ENABLED: 'on',
    },
  });
  allot = app.allot;
  for (const [id, slug] of [
    [admin, 'admin'],
    [reporter, 'reportingUser'],
  ] as const) {
    await allot.bus.execute(users.commandNames.create, {
      id,
      firstName: slug,
      lastName: 'Tester',
      email: `${slug}@data-services.test`,
      username: `${slug}-ds`,
      Roles: [{ slug }],
    });
  }
  await runSeeds({ store: allot.store, bus: allot.bus, steps: [demoReportsStep] });
  await waitForProjections(allot);
}, 300_000);

afterAll(async () => {
  await app.close();
});

async function runsUntilDone(id: string): Promise<DataServiceRunAnswer[]> {
  for (let i = 0; i < 300; i++) {
    const runs = json<{ rows: DataServiceRunAnswer[] }>(
      await call('GET', `/api/dataServices/${id}/runs`, admin),
    ).rows;
    if (runs.length > 0 && runs.every((r) => r.status !== 'queued' && r.status !== 'running')) {
      return runs;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the run did not finish');
}

test('an admin defines a data service, runs it and downloads the file; others are refused', async () => {
  const created = await call('POST', '/api/dataServices', admin, {
    name: 'People every morning',
    description: 'For the HR system',
    savedReportId: demoSystemReportId('Users'),
    format: 'csv',
    timeZone: 'UTC',
    schedule: { frequency: 'daily', time: '06:00' },
  });
  expect(created.status).toBe(201);
  const { id } = json<{ id: string }>(created);
  await waitForProjections(allot);

  const listed = json<{ rows: DataServiceAnswer[] }>(await call('GET', '/api/dataServices', admin));
  const service = listed.rows.find((r) => r.id === id);
  expect(service).toMatchObject({
    name: 'People every morning',
    description: 'For the HR system',
    savedReport: { id: demoSystemReportId('Users'), name: 'Users', reportType: 'Users' },
    format: 'csv',
    schedule: { frequency: 'daily', time: '06:00' },
    owner: { id: admin, name: 'admin Tester' },
    lastRun: null,
  });
  // The next 06:00 UTC after now.
  const next = new Date(service?.nextRunAt ?? 0);
  expect(next.getTime()).toBeGreaterThan(Date.now());
  expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
  expect(next.toISOString().slice(11, 16)).toBe('06:00');

  const started = await call('POST', `/api/dataServices/${id}/runs`, admin);
  expect(started.status).toBe(201);
  const [run] = await runsUntilDone(id);
  expect(run).toMatchObject({ status: 'done', trigger: 'manual', owner: { id: admin } });
  expect(run?.rowCount).toBeGreaterThanOrEqual(2);

  const file = await call('GET', `/api/dataServices/${id}/runs/${run?.id ?? ''}/file`, admin);
  expect(file.status).toBe(200);
  expect(file.headers['content-type']).toContain('text/csv');
  expect(file.headers['content-disposition']).toContain('People every morning.csv');
  const lines = file.text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toContain('Name');
  expect(file.text).toContain('reportingUser Tester');

  // The run is the data service's, not one of the admin's own exports.
  const exports = json<{ rows: { id: string }[] }>(await call('GET', '/api/reportExports', admin));
  expect(exports.rows.map((r) => r.id)).not.toContain(run?.id);
  const after = json<DataServiceAnswer>(await call('GET', `/api/dataServices/${id}`, admin));
  expect(after.lastRun).toMatchObject({ id: run?.id, status: 'done' });

  for (const url of [
    '/api/dataServices',
    `/api/dataServices/${id}`,
    `/api/dataServices/${id}/runs`,
    `/api/dataServices/${id}/runs/${run?.id ?? ''}/file`,
  ]) {
    expect((await call('GET', url, reporter)).status).toBe(403);
  }
  expect((await call('POST', `/api/dataServices/${id}/runs`, reporter)).status).toBe(403);

  expect((await call('DELETE', `/api/dataServices/${id}`, admin)).status).toBe(200);
  await waitForProjections(allot);
  expect((await call('GET', `/api/dataServices/${id}/runs`, admin)).status).toBe(404);
  expect(
    (await call('GET', `/api/dataServices/${id}/runs/${run?.id ?? ''}/file`, admin)).status,
  ).toBe(404);
}, 120_000);
