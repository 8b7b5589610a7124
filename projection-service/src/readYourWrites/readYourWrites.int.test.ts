// @allot-needs postgres — not collected on a machine without it unless CI=true (see jest.config.js).
import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { positionToToken } from '@allot/shared-events';
import {
  createProjectionRunner,
  type PositionWaiter,
  type ProjectionRunner,
} from '../runner/runner.js';
import { silentProjectionLogger } from '../runner/logger.js';
import { readTable } from '../runner/tableNames.js';
import {
  COUNTED,
  TEST_EVENT_TYPES,
  counterProjection,
} from '../runner/testing/counterProjection.js';
import { projectionTestEnvs, type ProjectionTestEnv } from '../runner/testing/environment.js';
import { createCheckpointWaiter } from './checkpointWaiter.js';
import { readYourWrites } from './readYourWrites.js';

const envs = projectionTestEnvs('postgres');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
afterAll(() => envs.closeAll());

async function setup(): Promise<{ e: ProjectionTestEnv; runner: ProjectionRunner }> {
  const e = await envs.open();
  cleanups.push(() => e.close());
  const runner = createProjectionRunner({
    store: e.store,
    knex: e.knex,
    schema: e.schema,
    projections: [counterProjection()],
    knownEventTypes: TEST_EVENT_TYPES,
    logger: silentProjectionLogger,
    pollIntervalMs: 10,
  });
  cleanups.push(() => runner.stop());
  return { e, runner };
}

/** A read route over the counter projection, behind the read-your-writes preHandler. */
async function app(
  e: ProjectionTestEnv,
  waiter: PositionWaiter,
  maxWaitMs?: number,
): Promise<FastifyInstance> {
  const routes: string[] = [];
  const server = Fastify();
  cleanups.push(() => server.close());
  const preHandler = readYourWrites({
    waiter,
    maxWaitMs,
    projectionsFor: (url) => {
      routes.push(url);
      return url === '/api/counts/:stream' ? ['test_counter'] : [];
    },
  });
  server.get<{ Params: { stream: string } }>(
    '/api/counts/:stream',
    { preHandler },
    async (request) => {
      const table = await readTable(e.knex, 'test_counter', 'stream_counts', e.schema);
      const row = await e
        .knex(table)
        .where({ stream_id: request.params.stream })
        .first<{ events: number } | undefined>();
      return { events: row?.events ?? 0 };
    },
  );
  await server.ready();
  return server;
}

describe('read-your-writes', () => {
  it('holds a GET until the projection has passed the position it carries', async () => {
    const { e, runner } = await setup();
    const server = await app(e, runner);
    await runner.start();
    const first = await e.store.appendToStream('counter-1', { type: COUNTED, data: { by: 1 } });
    expect(await runner.waitFor(first.position, undefined, 10_000)).toBe(true);
    await runner.stop();

    // The projection is stopped when the command's event lands; it resumes 300 ms later.
    const written = await e.store.appendToStream('counter-1', { type: COUNTED, data: { by: 1 } });
    const resumed = createProjectionRunner({
      store: e.store,
      knex: e.knex,
      schema: e.schema,
      projections: [counterProjection()],
      knownEventTypes: TEST_EVENT_TYPES,
      logger: silentProjectionLogger,
      pollIntervalMs: 10,
    });
    cleanups.push(() => resumed.stop());
    const waiting = await app(e, resumed);
    const started = Date.now();
    const answer = waiting.inject({
      method: 'GET',
      url: '/api/counts/counter-1',
      headers: { 'x-allot-position': positionToToken(written.position) },
    });
    setTimeout(() => void resumed.start(), 300);
    const response = await answer;
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ events: 2 });
    expect(response.headers['x-allot-stale']).toBeUndefined();

    // Without the header nothing waits.
    expect((await server.inject({ method: 'GET', url: '/api/counts/counter-1' })).statusCode).toBe(
      200,
    );
  });

  it('answers 400 to a malformed position and never more than 2 s late, marked stale', async () => {
    const { e, runner } = await setup();
    await runner.start();
    const server = await app(e, runner, 10_000);
    for (const bad of ['12', 'abc:1', '1:2:3', '-1:5', '']) {
      const response = await server.inject({
        method: 'GET',
        url: '/api/counts/x',
        headers: { 'x-allot-position': bad },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: expect.stringContaining('X-Allot-Position'),
      });
    }
    const started = Date.now();
    const response = await server.inject({
      method: 'GET',
      url: '/api/counts/x',
      headers: { 'x-allot-position': '999999999:1' },
    });
    const elapsed = Date.now() - started;
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-allot-stale']).toBe('true');
    expect(elapsed).toBeGreaterThanOrEqual(1900);
    expect(elapsed).toBeLessThan(2600);
  });

  it('waits across processes by polling es_checkpoints when the runner runs elsewhere', async () => {
    const { e, runner } = await setup();
    await runner.start();
    const first = await e.store.appendToStream('counter-2', { type: COUNTED, data: { by: 1 } });
    expect(await runner.waitFor(first.position, undefined, 10_000)).toBe(true);
    await runner.stop();
    // This "process" only reads: it knows the schema, not the runner.
    const server = await app(e, createCheckpointWaiter({ knex: e.knex, schema: e.schema }));
    const written = await e.store.appendToStream('counter-2', { type: COUNTED, data: { by: 1 } });
    const other = createProjectionRunner({
      store: e.store,
      knex: e.knex,
      schema: e.schema,
      projections: [counterProjection()],
      knownEventTypes: TEST_EVENT_TYPES,
      logger: silentProjectionLogger,
      pollIntervalMs: 10,
    });
    cleanups.push(() => other.stop());
    setTimeout(() => void other.start(), 200);
    const response = await server.inject({
      method: 'GET',
      url: '/api/counts/counter-2',
      headers: { 'x-allot-position': positionToToken(written.position) },
    });
    expect(response.json()).toEqual({ events: 2 });
    expect(response.headers['x-allot-stale']).toBeUndefined();
  });
});
