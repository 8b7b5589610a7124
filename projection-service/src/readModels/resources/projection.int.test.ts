import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseListQuery, progressSteps, users, type RecordedEvent } from '@allot/shared-events';
import { nativeDatabaseUrl } from '@allot/shared-events/testing';
import { projectionHarness, recorded } from '../testing/readModelDb.js';
import { projectionTestEnvs, type ProjectionTestEnv } from '../../runner/testing/environment.js';
import { recordsTable, resourceProjection } from './projection.js';
import { getRecord, listRecords } from './query.js';

const envs = projectionTestEnvs(nativeDatabaseUrl() ? 'postgres' : 'pglite');
let env: ProjectionTestEnv;
const projection = resourceProjection(progressSteps);
let harness: ReturnType<typeof projectionHarness>;
let table: string;

beforeAll(async () => {
  env = await envs.open();
  await env.knex.raw('CREATE SCHEMA ??', [env.schema]);
  harness = projectionHarness(env.knex, env.schema, projection);
  table = harness.ctx.table(recordsTable(progressSteps));
  await harness.migrate();
});

afterAll(async () => {
  await env.close();
  await envs.closeAll();
});

/** An event of stream `progressStep-<id>` at a given stream revision. */
function event(type: string, data: Record<string, unknown>, revision: bigint): RecordedEvent {
  return recorded(type, data, { streamId: `progressStep-${String(data.id)}`, revision });
}

const step = (id: string, stepId: number, extra = {}) => ({
  id,
  AcademicPeriodId: 'p1',
  stepId,
  name: `Step ${stepId}`,
  isActive: false,
  ...extra,
});

function query(raw: Record<string, string>) {
  const parsed = parseListQuery(raw, progressSteps.list);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.issues));
  return parsed.data;
}

describe('the generic resource projection', () => {
  it('changes nothing when events are delivered twice, and keeps deleted records deleted', async () => {
    const created = event('ProgressStepCreated', step('a', 1, { meta: { note: 'Setup 50%' } }), 0n);
    const updated = event('ProgressStepUpdated', { id: 'a', name: 'Setup' }, 1n);
    const createdB = event('ProgressStepCreated', step('b', 6), 0n);
    const deleted = event('ProgressStepDeleted', { id: 'b' }, 1n);
    const notifications = await harness.apply([created, updated, createdB, deleted]);
    expect(notifications).toEqual([
      { event: 'activeStepsChanged', rooms: ['all'], actorId: 'user-admin' },
      // Open lists of the kind follow: the kind and the ids, never a value.
      {
        event: 'recordsChanged',
        rooms: ['all'],
        payload: { path: 'progressSteps', ids: ['a', 'b'] },
        actorId: 'user-admin',
      },
    ]);
    await harness.apply([created, updated, createdB, deleted]);
    expect(await getRecord(env.knex, table, 'a')).toMatchObject({ name: 'Setup', revision: 1 });
    expect(await getRecord(env.knex, table, 'b')).toBeNull();
    // An older update arriving late never overwrites a newer state.
    await harness.apply([event('ProgressStepUpdated', { id: 'a', name: 'Stale' }, 1n)]);
    expect(await getRecord(env.knex, table, 'a')).toMatchObject({ name: 'Setup' });
  });

  it('filters numbers, lists and meta contains without treating % as a wildcard', async () => {
    await harness.apply([
      event('ProgressStepCreated', step('c', 2), 0n),
      event('ProgressStepCreated', step('d', 10, { isActive: true }), 0n),
    ]);
    const ids = async (raw: Record<string, string>) =>
      (await listRecords(env.knex, table, progressSteps, query(raw))).rows.map((r) => r.id);
    // Numeric, not text, order: 2 < 10.
    expect(await ids({ filter: JSON.stringify({ stepId: { op: 'gte', value: 2 } }) })).toEqual([
      'c',
      'd',
    ]);
    expect(await ids({ filter: JSON.stringify({ stepId: [1, 10] }) })).toEqual(['a', 'd']);
    expect(await ids({ filter: JSON.stringify({ isActive: 'true' }) })).toEqual(['d']);
    expect(
      await ids({ filter: JSON.stringify({ 'meta.note': { op: 'contains', value: '50%' } }) }),
    ).toEqual(['a']);
    expect(
      await ids({ filter: JSON.stringify({ 'meta.note': { op: 'contains', value: '5%0' } }) }),
    ).toEqual([]);
    expect(await ids({ filter: JSON.stringify({ name: { op: 'ne', value: 'Setup' } }) })).toEqual([
      'c',
      'd',
    ]);
    expect(await ids({ sort: JSON.stringify([['stepId', 'DESC']]), take: '2' })).toEqual([
      'd',
      'c',
    ]);
  });
});

describe('record times', () => {
  it('sort any kind by when its records were created or last changed', async () => {
    const at = (occurredAt: string) => ({ metadata: { actorId: 'user-admin', occurredAt } });
    const made = (id: string, stepId: number, occurredAt: string) =>
      recorded('ProgressStepCreated', step(id, stepId), {
        streamId: `progressStep-${id}`,
        revision: 0n,
        ...at(occurredAt),
      });
    await harness.apply([
      made('late', 20, '2026-03-01T00:00:00.000Z'),
      made('early', 21, '2026-01-01T00:00:00.000Z'),
      recorded(
        'ProgressStepUpdated',
        { id: 'early', name: 'Renamed' },
        { streamId: 'progressStep-early', revision: 1n, ...at('2026-06-01T00:00:00.000Z') },
      ),
    ]);
    const ids = async (sort: [string, string]) =>
      (
        await listRecords(
          env.knex,
          table,
          progressSteps,
          query({ filter: JSON.stringify({ stepId: [20, 21] }), sort: JSON.stringify([sort]) }),
        )
      ).rows.map((r) => r.id);
    expect(await ids(['createdAt', 'DESC'])).toEqual(['late', 'early']);
    expect(await ids(['createdAt', 'ASC'])).toEqual(['early', 'late']);
    expect(await ids(['updatedAt', 'DESC'])).toEqual(['early', 'late']);
  });
});

describe('the users read model', () => {
  it('follows working-period changes and merges, and indexes every list field', async () => {
    const usersProjection = resourceProjection(users);
    const h = projectionHarness(env.knex, env.schema, usersProjection);
    await h.migrate();
    const usersTable = h.ctx.table(recordsTable(users));
    const person = (id: string) => ({
      id,
      firstName: id,
      lastName: 'Person',
      email: `${id}@example.edu`,
      username: id,
      isActive: true,
    });
    await h.apply([
      recorded('UserCreated', person('m1'), { streamId: 'user-m1', revision: 0n }),
      recorded('UserCreated', person('d1'), { streamId: 'user-d1', revision: 0n }),
      recorded('WorkingAcademicPeriodChanged', { userId: 'm1', academicPeriodId: 'p9' }),
      recorded('UsersMerged', { masterId: 'm1', duplicateId: 'd1' }),
    ]);
    expect(await getRecord(env.knex, usersTable, 'm1')).toMatchObject({
      WorkingAcademicPeriodId: 'p9',
    });
    expect(await getRecord(env.knex, usersTable, 'd1')).toMatchObject({
      isActive: false,
      mergedIntoId: 'm1',
    });
    const indexes = await env.knex.raw<{ rows: { indexdef: string }[] }>(
      'SELECT indexdef FROM pg_indexes WHERE schemaname = ? AND tablename = ?',
      [env.schema, h.ctx.physicalName(recordsTable(users))],
    );
    const definitions = indexes.rows.map((r) => r.indexdef).join('\n');
    for (const field of Object.keys(users.list.fields)) expect(definitions).toContain(`'${field}'`);
  });

  it('keeps only the points required of financial data that older events stored in full', async () => {
    const h = projectionHarness(env.knex, env.schema, resourceProjection(users));
    await h.migrate();
    const usersTable = h.ctx.table(recordsTable(users));
    const old = { pointsRequired: 12, pointsAssigned: 6, pointsRemaining: 6 };
    await h.apply([
      recorded(
        'UserCreated',
        {
          id: 'f1',
          firstName: 'F',
          lastName: 'One',
          email: 'f1@x.edu',
          username: 'f1',
          FinancialData: old,
        },
        { streamId: 'user-f1', revision: 0n },
      ),
      recorded(
        'UserCreated',
        { id: 'f2', firstName: 'F', lastName: 'Two', email: 'f2@x.edu', username: 'f2' },
        { streamId: 'user-f2', revision: 0n },
      ),
      recorded(
        'UserUpdated',
        { id: 'f2', FinancialData: { ...old, pointsRequired: 9 } },
        { streamId: 'user-f2', revision: 1n },
      ),
    ]);
    expect((await getRecord(env.knex, usersTable, 'f1'))?.FinancialData).toEqual({
      pointsRequired: 12,
    });
    expect((await getRecord(env.knex, usersTable, 'f2'))?.FinancialData).toEqual({
      pointsRequired: 9,
    });
  });
});
