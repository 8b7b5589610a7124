import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { defineAbilityFor, ReportAnswer, type AbilityContext } from '@allot/shared-events';
import { openTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { demoContextFor } from '../../../../shared-events/src/permissions/fixtures/demoContext.js';
import { knexFor, projectionHarness, recorded } from '../testing/readModelDb.js';
import { viewerPlugin, type ResourceViewer, type ViewerResolver } from '../../http/viewer.js';
import { answerContract, type AnswerContract } from '../../http/testing/answerContract.js';
import { planHistoryProjection } from '../planHistory/projection.js';
import { reportReadRoutes } from './routes.js';

let db: TestDatabase;
let knex: Knex;
let app: FastifyInstance;
let contract: AnswerContract;

const contexts: Record<string, AbilityContext> = {
  faculty: demoContextFor('faculty'),
  business: demoContextFor('businessOfficeAdmin'),
  reporting: demoContextFor('reportingUser'),
  ops: demoContextFor('academicOpsAdmin'),
};
const viewer: ViewerResolver = (request) => {
  const who = request.headers['x-test-user'];
  const context = typeof who === 'string' ? contexts[who] : undefined;
  const found: ResourceViewer | null = context
    ? { userId: who as string, ability: defineAbilityFor(context), workingAcademicPeriodId: 'p-1' }
    : null;
  return Promise.resolve(found);
};

beforeAll(async () => {
  db = await openTestDatabase();
  knex = knexFor(db);
  const harness = projectionHarness(knex, db.schema, planHistoryProjection);
  await harness.migrate();
  await harness.apply([
    recorded(
      'UserCreated',
      {
        id: 'u-1',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.edu',
        username: 'ada',
        isFaculty: true,
        Roles: [{ slug: 'faculty' }],
      },
      { streamId: 'user-u-1', revision: 0n },
    ),
    ...[
      ['p-1', '2025–26', '2025-08-15'],
      ['p-2', '2026–27', '2026-08-15'],
    ].map(([id, name, startDate]) =>
      recorded(
        'AcademicPeriodCreated',
        { id, name, startDate, endDate: `${String(Number(startDate?.slice(0, 4)) + 1)}-06-30` },
        { streamId: `academicPeriod-${String(id)}`, revision: 0n },
      ),
    ),
  ]);
  app = Fastify();
  contract = answerContract(app);
  await app.register(async (scoped) => {
    await scoped.register(viewerPlugin, { resolve: viewer });
    await scoped.register(reportReadRoutes, { knex, tables: harness.tables });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await knex.destroy();
  await db.close();
});

const query = (who: string | null, type: string, body: unknown) =>
  app.inject({
    method: 'POST',
    url: `/api/reports/${type}/query`,
    headers: who ? { 'x-test-user': who } : {},
    payload: body as object,
  });

describe('POST /api/reports/:type/query', () => {
  it('answers a reporting user with the report, as its contract says', async () => {
    const response = await query('reporting', 'Users', { columns: ['name', 'roles', 'isFaculty'] });
    expect(response.statusCode).toBe(200);
    const answer = ReportAnswer.parse(response.json());
    expect(answer.rows).toEqual([
      { id: 'u-1', name: 'Ada Lovelace', roles: 'Faculty', isFaculty: true },
    ]);
    expect(answer.asOf.position).not.toBeNull();
  });

  it('refuses who may not read reports, and asks a visitor to sign in', async () => {
    for (const who of ['faculty', 'business']) {
      const refused = await query(who, 'Users', {});
      expect(refused.statusCode).toBe(403);
    }
    expect((await query(null, 'Users', {})).statusCode).toBe(401);
    expect((await query('ops', 'Users', {})).statusCode).toBe(200);
  });

  it('names what is wrong in a query and changes nothing', async () => {
    const unknownColumn = await query('reporting', 'Sections', { columns: ['nope'] });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json()).toMatchObject({
      fields: [{ field: 'columns', message: 'Sections has no column "nope".' }],
    });
    const badBody = await query('reporting', 'Sections', { pageSize: 100000, extra: 1 });
    expect(badBody.statusCode).toBe(400);
    const badPosition = await query('reporting', 'Sections', { asOf: { position: 'yesterday' } });
    expect(badPosition.statusCode).toBe(400);
    expect((await query('reporting', 'Nonsense', {})).statusCode).toBe(404);
    // A snapshot is opened through its own record, never queried as a type.
    expect((await query('reporting', 'Snapshot', {})).statusCode).toBe(404);
  });
});

describe('GET /api/instructors/:UserId/teachingRecord', () => {
  const record = (who: string, UserId: string) =>
    app.inject({
      method: 'GET',
      url: `/api/instructors/${UserId}/teachingRecord`,
      headers: { 'x-test-user': who },
    });

  it('answers who reads instructors, and an instructor about themself only', async () => {
    expect((await record('business', 'u-1')).statusCode).toBe(200);
    expect((await record('ops', 'u-1')).json()).toMatchObject({ count: 0, groups: [] });
    expect((await record('faculty', 'u-1')).statusCode).toBe(403);
    expect((await record('faculty', 'faculty')).statusCode).toBe(200);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/instructors/u-1/teachingRecord?pageSize=9999',
      headers: { 'x-test-user': 'ops' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/reports/periods', () => {
  const periods = (who: string | null) =>
    app.inject({
      method: 'GET',
      url: '/api/reports/periods',
      headers: who ? { 'x-test-user': who } : {},
    });

  it('names every period, newest first, to who reads reports (a reporting user too)', async () => {
    const answer = await periods('reporting');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      rows: [
        { id: 'p-2', name: '2026–27' },
        { id: 'p-1', name: '2025–26' },
      ],
    });
    expect((await periods('faculty')).statusCode).toBe(403);
    expect((await periods('business')).statusCode).toBe(403);
    expect((await periods(null)).statusCode).toBe(401);
  });
});

describe('the read API contract', () => {
  it('holds for every answer given', () => {
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual([
      'GET /api/instructors/:UserId/teachingRecord',
      'GET /api/reports/periods',
      'POST /api/reports/:type/query',
    ]);
  });
});
