import Fastify, { type FastifyInstance } from 'fastify';
import knexFactory from 'knex';
import { projectionServicePlugin } from '@allot/projection-service';
import { apiReferenceRoutes, collectApiRoutes } from './apiReference.js';

interface Operation {
  requestBody?: { content: { 'application/json': { schema: { properties?: object } } } };
  responses: Record<string, { content?: { 'application/json': { schema: unknown } } }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let app: FastifyInstance;
const knex = knexFactory({ client: 'pg' });

beforeAll(async () => {
  app = Fastify();
  const routes = collectApiRoutes(app);
  await app.register(projectionServicePlugin, { knex });
  // A write route as the command service declares them: no schema, its command names the body.
  app.post(
    '/api/sections',
    { config: { requires: { action: 'create', subject: 'Section' } } },
    () => ({}),
  );
  apiReferenceRoutes(app, routes, '2025.4.0');
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await knex.destroy();
});

describe('GET /api/openapi.json', () => {
  it('describes every route, the read answers and the command bodies from their schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Document>();
    expect(doc.openapi).toBe('3.1.0');
    const schedule = doc.paths['/api/schedule']?.get;
    expect(schedule?.responses['200']?.content?.['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { occurrences: { type: 'array' } },
    });
    expect(doc.paths['/api/sections/{id}']?.get).toBeDefined();
    // A read route's query, from the schema its handler parses it with.
    const list = doc.paths['/api/sections']?.get as { parameters?: { name: string }[] };
    expect(list.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['take', 'skip', 'q', 'AcademicPeriodId']),
    );
    const create = doc.paths['/api/sections']?.post;
    const body = create?.requestBody?.content['application/json'].schema.properties;
    expect(Object.keys(body ?? {})).toEqual(expect.arrayContaining(['CourseOfferingId', 'name']));
    // The server makes the id: the body does not take one.
    expect(Object.keys(body ?? {})).not.toContain('id');
    expect(create?.responses['200']?.content?.['application/json'].schema).toMatchObject({
      properties: { id: {}, revision: {}, position: {} },
    });
  });
});

describe('GET /api/reference', () => {
  it('lists the operations on a page of its own, with nothing loaded from elsewhere', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/reference' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<code>/api/schedule</code>');
    expect(res.body).toContain('<code>/api/sections/{id}</code>');
    expect(res.body).not.toMatch(/<script|<link|src=/);
  });
});

describe('the reference routes', () => {
  it('refuse a NUL character in the query, as every API route does', async () => {
    for (const url of ['/api/openapi.json', '/api/reference']) {
      const res = await app.inject({ method: 'GET', url: `${url}?q=a%00b` });
      expect(res.statusCode).toBe(400);
    }
  });
});
