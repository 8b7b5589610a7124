import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FastifyInstance } from 'fastify';
import {
  DEMO_FEATURE_FLAGS,
  MyAdministrativeAssignmentAnswer,
  academicPeriods,
  academicTerms,
  administrativeAssignments,
  administrativeAssignmentTypes,
  defineAbilityFor,
  users,
  type RecordedEvent,
  type RoleSlug,
} from '@allot/shared-events';
import { recorded } from '../testing/readModelDb.js';
import { openRouteHarness, type RouteHarness } from '../testing/routeHarness.js';
import { resourceProjection } from './projection.js';
import { resourceReadRoutes } from './routes.js';
import type { ResourceViewer, ViewerResolver } from '../../http/viewer.js';
import type { AnswerContract } from '../../http/testing/answerContract.js';

let harness: RouteHarness;
let app: FastifyInstance;
let contract: AnswerContract;

const people: Record<string, { role: RoleSlug; aem?: boolean }> = {
  ada: { role: 'faculty' },
  bob: { role: 'faculty' },
  aemFaculty: { role: 'faculty', aem: true },
  ops: { role: 'academicOpsAdmin' },
};
const viewer: ViewerResolver = (request) => {
  const id = request.headers['x-test-user'];
  const person = typeof id === 'string' ? people[id] : undefined;
  if (typeof id !== 'string' || !person) return Promise.resolve(null);
  const found: ResourceViewer = {
    userId: id === 'aemFaculty' ? 'ada' : id,
    workingAcademicPeriodId: null,
    ability: defineAbilityFor({
      userId: id === 'aemFaculty' ? 'ada' : id,
      roles: [person.role],
      workgroupPermissions: [],
      featureFlags: { ...DEMO_FEATURE_FLAGS, aemEnabled: person.aem ?? false },
      mode: 'test',
      progressStepId: null,
      masquerading: false,
    }),
  };
  return Promise.resolve(found);
};

const assignment = (id: string, UserId: string, points: number): RecordedEvent =>
  recorded(
    'AdministrativeAssignmentCreated',
    {
      id,
      UserId,
      AcademicPeriodId: 'p-1',
      AdministrativeAssignmentTypeId: 'chair',
      AcademicTermId: null,
      points,
      takesWholeTerm: false,
      notes: null,
    },
    { streamId: `administrativeAssignment-${id}`, revision: 0n },
  );

beforeAll(async () => {
  const events = [
    assignment('a1', 'ada', 3),
    assignment('a2', 'bob', 2),
    assignment('a3', 'ada', 1),
    recorded(
      'AdministrativeAssignmentTypeCreated',
      { id: 'chair', name: 'Department chair', slug: 'chair', isActive: true },
      { streamId: 'administrativeAssignmentType-chair', revision: 0n },
    ),
  ];
  // Every kind the list names, as in production: it sorts by the instructor's name.
  const kinds = [
    users,
    administrativeAssignmentTypes,
    academicTerms,
    academicPeriods,
    administrativeAssignments,
  ];
  harness = await openRouteHarness({
    // Each read model's tables under its own version (users is at version 2, the others at 1).
    projections: kinds.map(resourceProjection),
    events,
    viewer,
    routes: [resourceReadRoutes],
  });
  ({ app, contract } = harness);
});

afterAll(() => harness.close());

const get = (url: string, who?: string) =>
  app.inject({ method: 'GET', url, headers: who ? { 'x-test-user': who } : {} });

it('a faculty member reads only their own administrative assignments, whatever the query', async () => {
  const mine = await get('/api/administrativeAssignments/mine', 'ada');
  expect(mine.statusCode).toBe(200);
  const ids = mine
    .json<{ rows: { id: string }[] }>()
    .rows.map((r) => r.id)
    .sort();
  expect(ids).toEqual(['a1', 'a3']);
  expect(mine.json<{ rows: { typeName: string }[] }>().rows[0]?.typeName).toBe('Department chair');
  expect(mine.json<{ rows: { typeName: string }[] }>().rows[0]?.typeName).toBe('Department chair');
  const sneaky = await get(
    `/api/administrativeAssignments/mine?filter=${encodeURIComponent(JSON.stringify({ UserId: 'bob' }))}`,
    'ada',
  );
  expect(sneaky.json<{ count: number }>().count).toBe(0);
  // The full list is staff's.
  expect((await get('/api/administrativeAssignments', 'ada')).statusCode).toBe(403);
  expect((await get('/api/administrativeAssignments', 'ops')).json<{ count: number }>().count).toBe(
    3,
  );
});

it('refuses staff, signed-out visitors, and faculty once effort management is on', async () => {
  expect((await get('/api/administrativeAssignments/mine', 'ops')).statusCode).toBe(403);
  expect((await get('/api/administrativeAssignments/mine')).statusCode).toBe(401);
  expect((await get('/api/administrativeAssignments/mine', 'aemFaculty')).statusCode).toBe(403);
});

describe('the read API contract', () => {
  it('answers what readApi declares: each row the record with its names', async () => {
    const mine = await get('/api/administrativeAssignments/mine', 'ada');
    expect(
      MyAdministrativeAssignmentAnswer.array().safeParse(mine.json<{ rows: unknown[] }>().rows)
        .error,
    ).toBeUndefined();
    expect(contract.breaches).toEqual([]);
    expect([...contract.checked].sort()).toEqual([
      'GET /api/administrativeAssignments',
      'GET /api/administrativeAssignments/mine',
    ]);
  });
});
