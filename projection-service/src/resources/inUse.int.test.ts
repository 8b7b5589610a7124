import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  inUseMessage,
  isKnownEventType,
  allResources,
  campuses,
  locations,
  ranks,
  referencesTo,
  users,
  workgroups,
  type ResourceDefinition,
} from '@allot/shared-events';
import { nativeDatabaseUrl } from '@allot/shared-events/testing';
import { createProjectionRunner, type ProjectionRunner } from '../runner/runner.js';
import { silentProjectionLogger } from '../runner/logger.js';
import { createTableResolver } from '../runner/tableNames.js';
import { projectionTestEnvs, type ProjectionTestEnv } from '../runner/testing/environment.js';
import { resourceProjections } from './resourceProjection.js';
import { createInUseLookup, referenceJsonPath } from './inUse.js';

const envs = projectionTestEnvs(nativeDatabaseUrl() ? 'postgres' : 'pglite');
let env: ProjectionTestEnv;
let runner: ProjectionRunner;

async function emit(
  resource: ResourceDefinition,
  kind: 'created' | 'deleted',
  data: { id: string } & Record<string, unknown>,
) {
  await env.store.appendToStream(resource.streamId(data.id), [
    { type: resource.eventTypes[kind], data, metadata: { actorId: 'admin' } },
  ]);
}

const user = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  firstName: 'F',
  lastName: id,
  displayName: `F ${id}`,
  honorific: null,
  email: `${id}@example.edu`,
  username: id,
  Roles: [],
  EmployeeId: null,
  isActive: true,
  isFaculty: true,
  hostSystemId: null,
  WorkingAcademicPeriodId: null,
  FacultyProfile: null,
  FinancialData: null,
  lastLoginAt: null,
  ...extra,
});

beforeAll(async () => {
  env = await envs.open();
  await emit(ranks, 'created', {
    id: 'r1',
    name: 'Full Professor',
    slug: 'full',
    description: null,
    isActive: true,
  });
  await emit(ranks, 'created', {
    id: 'r2',
    name: 'Lecturer',
    slug: 'lecturer',
    description: null,
    isActive: true,
  });
  await emit(campuses, 'created', { id: 'c1', name: 'North', slug: 'north', isActive: true });
  await emit(users, 'created', user('u1', { FacultyProfile: { RankId: 'r1', CampusIds: ['c1'] } }));
  await emit(users, 'created', user('u2', { FacultyProfile: { RankId: 'r1' } }));
  await emit(users, 'created', user('u3', { FacultyProfile: { RankId: 'r1' } }));
  await emit(users, 'deleted', { id: 'u3' });
  await emit(workgroups, 'created', {
    id: 'w1',
    name: 'Maths',
    members: [{ id: 'w1.u1', UserId: 'u1', permission: 3 }],
  });
  runner = createProjectionRunner({
    store: env.store,
    knex: env.knex,
    schema: env.schema,
    projections: resourceProjections,
    knownEventTypes: isKnownEventType,
    logger: silentProjectionLogger,
    pollIntervalMs: 10,
  });
  await runner.start();
  const head = await env.store.headPosition();
  if (!head || !(await runner.waitFor(head, undefined, 20_000))) throw new Error('not caught up');
});

afterAll(async () => {
  await runner.stop();
  await env.close();
  await envs.closeAll();
});

describe('createInUseLookup (read models)', () => {
  const lookup = () =>
    createInUseLookup({ knex: env.knex, tables: createTableResolver(env.knex, env.schema, 0) });

  it('counts the live records naming a record: one id, a list of ids, a list of members', async () => {
    const inUse = lookup();
    // u3 names r1 too but is deleted.
    expect(await inUse(ranks, 'r1')).toEqual([{ resource: 'users', count: 2 }]);
    expect(await inUse(campuses, 'c1')).toEqual([{ resource: 'users', count: 1 }]);
    expect(await inUse(users, 'u1')).toEqual([{ resource: 'workgroups', count: 1 }]);
  });

  it('answers [] for records nobody names and kinds nobody references', async () => {
    const inUse = lookup();
    expect(await inUse(ranks, 'r2')).toEqual([]);
    expect(await inUse(users, 'u2')).toEqual([]);
    expect(await inUse(locations, 'anything')).toEqual([]);
  });

  it('says where in a sentence offering deactivation', () => {
    const uses = referencesTo(ranks, allResources);
    expect(inUseMessage(ranks, [{ resource: 'users', count: 2 }], uses)).toBe(
      'This rank is used by 2 users. Deactivate it instead.',
    );
    expect(
      inUseMessage(
        users,
        [
          { resource: 'workgroups', count: 1 },
          { resource: 'userSettings', count: 1 },
        ],
        referencesTo(users, allResources),
      ),
    ).toMatch(/^This user is used by 1 workgroup and 1 /);
  });

  it('refuses a reference path that is not a dotted field name', () => {
    expect(referenceJsonPath('members.UserId')).toBe('$.members.UserId ? (@ == $id)');
    expect(() => referenceJsonPath('a") || true')).toThrow();
  });
});
