import Fastify, { type FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import {
  defineAbilityFor,
  type AbilityContext,
  type RecordedEvent,
  type RoleSlug,
} from '@allot/shared-events';
import { openPgliteTestDatabase, type TestDatabase } from '@allot/shared-events/testing';
import { demoContextFor } from '../../../shared-events/src/permissions/fixtures/demoContext.js';
import { knexFor, projectionHarness, recorded } from '../readModels/testing/readModelDb.js';
import type { ResourceViewer, ViewerResolver } from '../resources/viewer.js';
import { readableWorkgroups, sectionReadRoutes } from './sectionReadRoutes.js';
import { sectionsProjection } from './sectionsProjection.js';

let db: TestDatabase;
let knex: Knex;
let app: FastifyInstance;

const contexts: Record<string, AbilityContext> = {
  ops: demoContextFor('academicOpsAdmin'),
  approver: demoContextFor('academicAffairsApprover'),
  faculty: demoContextFor('faculty'),
  member: {
    ...demoContextFor('faculty'),
    roles: [] as RoleSlug[],
    workgroupPermissions: [{ id: 'wg-math', permission: 0 }],
  },
};
const viewer: ViewerResolver = (request) => {
  const who = request.headers['x-test-user'];
  const context = typeof who === 'string' ? contexts[who] : undefined;
  const found: ResourceViewer | null = context
    ? { userId: who as string, ability: defineAbilityFor(context), workingAcademicPeriodId: null }
    : null;
  return Promise.resolve(found);
};

function stream(id: string) {
  let revision = 0n;
  return (type: string, data: unknown): RecordedEvent =>
    recorded(type, data, { streamId: `section-${id}`, revision: revision++ });
}
const section = (id: string, WorkgroupId: string, sectionNumber: string) => ({
  id,
  CourseOfferingId: 'o1',
  WorkgroupId,
  name: 'Section',
  sectionNumber,
  enrollment: 10,
  defaultPoints: 3,
  points: null,
  notes: null,
  TermMode: null,
  allowOverlap: false,
});

beforeAll(async () => {
  db = await openPgliteTestDatabase();
  knex = knexFor(db);
  const harness = projectionHarness(knex, db.schema, sectionsProjection);
  await harness.migrate();
  const math = stream('math-1');
  const physics = stream('physics-1');
  await harness.apply([
    math('SectionCreated', section('math-1', 'wg-math', '001')),
    math('TeachingAssignmentCreated', {
      SectionId: 'math-1',
      id: 'a1',
      UserId: 'ada',
      share: null,
      notes: null,
      status: 'proposed',
      overriddenConflicts: [],
      warnings: [],
    }),
    physics('SectionCreated', section('physics-1', 'wg-physics', '002')),
  ]);
  app = Fastify({ logger: false });
  await app.register(sectionReadRoutes, { knex, tables: harness.tables, preHandler: [], viewer });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await knex.destroy();
  await db.close();
});

async function get(url: string, as: string | null) {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: as ? { 'x-test-user': as } : {},
  });
  return { status: response.statusCode, body: response.json<Answer>() };
}

interface Answer {
  count: number;
  rows: Record<string, unknown>[];
  fields: { field: string }[];
}

describe('GET /api/sections', () => {
  it('lists every section for academic ops, with assignments and coverage', async () => {
    const { status, body } = await get('/api/sections', 'ops');
    expect(status).toBe(200);
    expect(body.count).toBe(2);
    expect(body.rows[0]).toMatchObject({
      id: 'math-1',
      revision: 1,
      WorkgroupId: 'wg-math',
      meetings: [],
      assignments: [{ id: 'a1', UserId: 'ada', status: 'proposed' }],
      coverage: { status: 'covered', variance: 0 },
    });
    const filtered = await get('/api/sections?WorkgroupId=wg-physics&take=1', 'ops');
    expect(filtered.body.rows.map((r) => r.id)).toEqual(['physics-1']);
  });

  it('shows workgroup members only their workgroups’ sections', async () => {
    const { body } = await get('/api/sections', 'member');
    expect(body.rows.map((r) => r.id)).toEqual(['math-1']);
    expect((await get('/api/sections/math-1', 'member')).status).toBe(200);
    expect((await get('/api/sections/physics-1', 'member')).status).toBe(403);
  });

  it('refuses faculty (403), no session (401), a bad query (400); an unknown id is 404', async () => {
    expect((await get('/api/sections', 'faculty')).status).toBe(403);
    expect((await get('/api/sections/math-1', 'faculty')).status).toBe(403);
    expect((await get('/api/sections', null)).status).toBe(401);
    const bad = await get('/api/sections?take=0&sort=x', 'ops');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.map((f) => f.field)).toEqual(['take', '']);
    expect((await get('/api/sections/nope', 'ops')).status).toBe(404);
  });
});

describe('GET /api/sectionAssignments', () => {
  it('lists assignments for those who read them, filtered by user', async () => {
    const { status, body } = await get('/api/sectionAssignments?UserId=ada', 'approver');
    expect(status).toBe(200);
    expect(body).toEqual({
      count: 1,
      rows: [
        {
          id: 'a1',
          SectionId: 'math-1',
          WorkgroupId: 'wg-math',
          UserId: 'ada',
          status: 'proposed',
          share: null,
          notes: null,
        },
      ],
    });
    expect((await get('/api/sectionAssignments', 'faculty')).status).toBe(403);
    expect((await get('/api/sectionAssignments', null)).status).toBe(401);
  });
});

describe('readableWorkgroups', () => {
  it('is null for roles that read every section, else the member’s workgroups', () => {
    expect(readableWorkgroups(defineAbilityFor(contexts.ops as AbilityContext))).toBeNull();
    expect(readableWorkgroups(defineAbilityFor(contexts.member as AbilityContext))).toEqual([
      'wg-math',
    ]);
  });
});
