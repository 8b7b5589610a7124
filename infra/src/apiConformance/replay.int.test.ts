// @allot-needs postgres
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandResult } from '@allot/shared-events';
import { demoUserId } from '../seed/demoUsers.js';
import {
  sessionHeaders,
  startConformanceApp,
  waitForProjections,
  type ConformanceApp,
} from './conformanceApp.js';

const admin = demoUserId('admin');
const faculty = demoUserId('mgarcia');
let app: ConformanceApp;
let dataDir: string;

beforeAll(async () => {
  app = await startConformanceApp();
  dataDir = app.dataDir;
}, 300_000);

afterAll(async () => {
  await app.close({ keepData: true });
  await rm(dataDir, { recursive: true, force: true });
});

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** Every §7 GET with the user who asks it (paths filled in from the demo data). */
async function spec7Gets(): Promise<[string, string][]> {
  const period = await answerOf('/api/academicPeriods/systemActive', admin);
  const periodId = (period.body as { id: string }).id;
  const setting = await answerOf('/api/userSettings/mine', faculty);
  const settingId = (setting.body as { id: string | null }).id;
  if (!settingId) throw new Error('the faculty member has no settings record to read by id');
  return [
    ['/api/settings', admin],
    ['/api/settings/primaryColor', admin],
    [`/api/settingTypes?filter=${q({ machineName: 'institution_name' })}`, admin],
    ['/api/logo.png', admin],
    ['/api/status', admin],
    ['/api/auth', admin],
    ['/api/auth', faculty],
    ['/api/auth/me', faculty],
    ['/api/apiKeys', admin],
    ['/api/users', admin],
    [`/api/users?take=3&skip=1&include=true&sort=${q([['lastName', 'DESC']])}`, admin],
    [`/api/users?filter=${q({ isFaculty: true })}&select=id,displayName%20as%20name`, admin],
    [`/api/users?filter=${q({ isFaculty: false })}&select=id,displayName%20as%20name`, admin],
    ['/api/users?select=id,lastName,firstName', admin],
    ['/api/collection/users', admin],
    [`/api/users/${admin}`, admin],
    [`/api/users/${admin}?keysOnly=Roles`, admin],
    ['/api/users/current', faculty],
    ['/api/users/current/roles', faculty],
    [`/api/users/facultyProfile/${faculty}`, faculty],
    ['/api/userSettings', admin],
    ['/api/userSettings/mine', faculty],
    [`/api/userSettings/${settingId}`, faculty],
    ['/api/academicPeriods', admin],
    ['/api/academicPeriods?take=1&skip=1', admin],
    ['/api/academicPeriods?take=2&skip=0', admin],
    ['/api/academicPeriods?select=id,name', admin],
    [`/api/academicPeriods/${periodId}`, admin],
    ['/api/academicPeriods/active', faculty],
    ['/api/academicPeriods/active/id', admin],
    ['/api/academicPeriods/systemActive', faculty],
    ['/api/academicPeriods/publishedForFaculty', faculty],
    ['/api/academicTerms', admin],
    ['/api/academicTermTypes', admin],
    ['/api/progressSteps', admin],
    ['/api/workgroups?include=true', admin],
  ];
}

async function answerOf(url: string, as: string) {
  const response = await app.allot.app.inject({ method: 'GET', url, headers: sessionHeaders(as) });
  const json = String(response.headers['content-type']).includes('json');
  return {
    url,
    status: response.statusCode,
    body: json ? response.json<unknown>() : response.rawPayload.toString('base64'),
  };
}

async function send(method: 'POST' | 'PUT', url: string, as: string, body: object) {
  const response = await app.allot.app.inject({
    method,
    url,
    headers: sessionHeaders(as),
    payload: body,
  });
  expect(response.statusCode).toBeLessThan(300);
  return CommandResult.parse(response.json());
}

describe('replay of the whole application', () => {
  it('drops every read model, replays the log on a restart, and every §7 GET answers the same', async () => {
    // Beyond the demo seed: an API key, a theme, a working period and a renamed setting.
    await send('POST', '/api/apiKeys', admin, { name: 'replay check' });
    await send('POST', '/api/userSettings', faculty, { value: 'light' });
    await send('PUT', '/api/settings/institution_name', admin, { value: 'Northbridge (replayed)' });
    const periods = await answerOf('/api/academicPeriods?select=id', admin);
    const ids = (periods.body as { rows: { id: string }[] }).rows.map((r) => r.id);
    await send('PUT', `/api/users/${admin}/working`, admin, {
      WorkingAcademicPeriodId: ids.at(-1) ?? '',
    });
    await waitForProjections(app.allot);
    const gets = await spec7Gets();
    const before = [];
    for (const [url, as] of gets) before.push(await answerOf(url, as));
    expect(before.filter((b) => b.status !== 200)).toEqual([]);

    // Every read model lives in the runner's schema; the log is in its own.
    const { runner, knex } = app.allot;
    await runner.stop();
    await knex.raw('DROP SCHEMA ?? CASCADE', [runner.schema]);
    const left = await knex.raw<{ rows: unknown[] }>(
      'SELECT 1 FROM information_schema.tables WHERE table_schema = ?',
      [runner.schema],
    );
    expect(left.rows).toEqual([]);
    await app.close({ keepData: true });

    app = await startConformanceApp({ dataDir });
    expect(app.allot.seedReport.applied).toEqual([]);
    await waitForProjections(app.allot);
    const after = [];
    for (const [url, as] of gets) after.push(await answerOf(url, as));
    expect(after).toEqual(before);
  }, 300_000);
});
