import Fastify from 'fastify';
import knexFactory from 'knex';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { projectionServicePlugin } from './projectionServicePlugin.js';

// A database that refuses connections (nothing listens on port 1): every read must say so
// plainly, as 503 with Retry-After, never as a 500 carrying the driver's own words.
const knex = knexFactory({
  client: 'pg',
  connection: { host: '127.0.0.1', port: 1, user: 'allot', database: 'allot' },
  pool: { min: 0, max: 1 },
  acquireConnectionTimeout: 2000,
});
const app = Fastify({ logger: false });

beforeAll(async () => {
  await app.register(projectionServicePlugin, {
    knex,
    tables: { table: (_projection, logical) => Promise.resolve(logical) },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await knex.destroy();
});

it('answers 503 with Retry-After and a sentence, open routes included, while the database is down', async () => {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  for (const path of ['/api/settings', '/api/settings/primaryColor', '/api/logo.png']) {
    const answer = await fetch(`http://127.0.0.1:${port}${path}`);
    expect([path, answer.status]).toEqual([path, 503]);
    expect(answer.headers.get('retry-after')).toBe('5');
    const text = await answer.text();
    expect(text).toContain('Allot cannot reach its database right now');
    expect(text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|connect|knex/i);
  }
});
