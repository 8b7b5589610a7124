import Fastify, { type FastifyInstance } from 'fastify';
import knexFactory from 'knex';
import { projectionServicePlugin } from '@allot/projection-service';
import { apiReferenceRoutes, collectApiRoutes } from './apiReference.js';
import { referencePage } from './referencePage.js';

interface Operation {
  tags?: string[];
  summary?: string;
  requestBody?: { content: { 'application/json': { schema: { properties?: object } } } };
  responses: Record<string, { content?: { 'application/json': { schema: unknown } } }>;
}
interface Document {
  openapi: string;
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let app: FastifyInstance;
const knex = knexFactory({ client: 'pg' });

beforeAll(async () => {
  app = Fastify();
  const routes = collectApiRoutes(app);
  await app.register(projectionServicePlugin, { knex });
  // Write routes as the command service declares them: no schema, apiWrites.ts names the body.
  app.post(
    '/api/sections',
    { config: { requires: { action: 'create', subject: 'Section' } } },
    () => ({}),
  );
  app.post(
    '/api/apiKeys',
    { config: { requires: { action: 'create', subject: 'ApiKey' } } },
    () => ({}),
  );
  apiReferenceRoutes(app, routes, '2025.4.0');
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await knex.destroy();
});

async function documentOf(): Promise<Document> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json<Document>();
}

describe('GET /api/openapi.json', () => {
  it('describes every route, the read answers and the command bodies from their schemas', async () => {
    const doc = await documentOf();
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
    // It creates: 201 with the command's result.
    expect(create?.responses['201']?.content?.['application/json'].schema).toMatchObject({
      properties: { id: {}, revision: {}, position: {} },
    });
    expect(create?.summary).toBe('Create a section.');
    // A read that takes a body (a report's query) declares its schema on the route: described.
    const query = doc.paths['/api/reports/{type}/query']?.post;
    expect(query?.requestBody?.content['application/json'].schema).toMatchObject({
      properties: { columns: { type: 'array' }, filters: {} },
    });
    expect(query?.responses['200']?.content?.['application/json'].schema).toMatchObject({
      properties: { rows: { type: 'array' } },
    });
    expect(query?.tags).toEqual(['Reports']);
  });

  it('tags each operation with its area, the areas in their order', async () => {
    const doc = await documentOf();
    expect(doc.paths['/api/sections']?.post?.tags).toEqual(['Sections & assignments']);
    expect(doc.paths['/api/apiKeys']?.post?.tags).toEqual(['API keys']);
    expect(doc.paths['/api/schedule']?.get?.tags).toEqual(['Schedule']);
    // A resource kind no area names is a configuration list; a longer prefix wins.
    expect(doc.paths['/api/ranks']?.get?.tags).toEqual(['Configuration lists']);
    expect(doc.paths['/api/users/current']?.get?.tags).toEqual(['Sign-in & session']);
    expect(doc.paths['/api/users']?.get?.tags).toEqual(['Users']);
    const names = doc.tags.map((tag) => tag.name);
    expect(names.indexOf('Sign-in & session')).toBeLessThan(
      names.indexOf('Sections & assignments'),
    );
    expect(doc.tags.every((tag) => Boolean(tag.description))).toBe(true);
  });
});

describe('GET /api/reference', () => {
  let page: string;
  beforeAll(async () => {
    const res = await app.inject({ method: 'GET', url: '/api/reference' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    page = res.body;
  });

  /** The HTML of the page's section whose heading is `heading`, up to the next section. */
  const sectionOf = (heading: string) => {
    const start = page.indexOf(`>${heading}</h2>`);
    expect(start).toBeGreaterThan(-1);
    const end = page.indexOf('<h2 ', start);
    return page.slice(start, end === -1 ? undefined : end);
  };

  it('groups the operations by area under a table of contents, with nothing loaded from elsewhere', () => {
    expect(page).toMatch(
      /<nav aria-labelledby="contents">[\s\S]*href="#area-sections-assignments"/,
    );
    const sections = sectionOf('Sections &#38; assignments');
    expect(sections).toContain('<code>/api/sections/{id}</code>');
    expect(sections).not.toContain('<code>/api/schedule</code>');
    expect(sectionOf('Schedule')).toContain('<code>/api/schedule</code>');
    expect(sectionOf('API keys')).toContain('<code>/api/apiKeys</code>');
    expect(page).not.toMatch(/<script|<link|src=|@import|url\(/i);
  });

  it('shows each operation’s ability, parameters, body fields and answer fields', () => {
    const start = page.indexOf('id="op-post-api-sections"');
    const create = page.slice(start, page.indexOf('</article>', start));
    expect(create).toContain('Needs: <code>create</code> on <code>Section</code>');
    expect(create).toContain('<h4>Request body</h4>');
    // A body field: its name, its type, whether it is required, its limits.
    expect(create).toMatch(
      /<tr><td class="field depth-0"><code>name<\/code><\/td><td>string<\/td><td>yes<\/td><td>[^<]*\d+–\d+ characters/,
    );
    expect(create).toMatch(/<strong>201<\/strong>[\s\S]*<code>revision<\/code><\/td><td>integer/);
    // The key a new API key answers, described as its schema says.
    const keyStart = page.indexOf('id="op-post-api-apikeys"');
    expect(page.slice(keyStart, page.indexOf('</article>', keyStart))).toContain(
      'shown this once: send it as <code>Authorization: Bearer &#60;key&#62;</code>',
    );
    const listStart = page.indexOf('id="op-get-api-sections"');
    const list = page.slice(listStart, page.indexOf('</article>', listStart));
    expect(list).toContain('<tr><td><code>AcademicPeriodId</code></td><td>query</td>');
    expect(list).toContain('<code>rows[].meetings[].days</code>');
  });

  it('is a page people can find their way in: landmarks, headings, table headers', () => {
    expect(page.match(/<h1[ >]/g)).toHaveLength(1);
    expect(page).toMatch(/<main id="main">/);
    expect(page).toMatch(/<html lang="en">/);
    expect(page).toMatch(/<th scope="col">Field<\/th>/);
    expect(page).toMatch(/@media \(prefers-color-scheme:dark\)/);
  });

  it('escapes whatever the document says', () => {
    const html = referencePage({
      info: { title: 'A <b>API</b>', version: '1"2', description: '<img src=x onerror=alert(1)>' },
      tags: [{ name: '<Area & co>', description: '</h2><script>alert(1)</script>' }],
      paths: {
        '/api/<x>': {
          post: {
            tags: ['<Area & co>'],
            summary: '<script>alert(2)</script>',
            'x-allot-requires': { action: '<a>', subject: '"s"' },
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      '<f>': { type: 'string', description: '<i>d</i>', pattern: '<p>' },
                    },
                  },
                },
              },
            },
            responses: {},
          },
        },
      },
    });
    for (const raw of ['<script', '<img', '<b>', '<i>', '<f>', "'<p>'", '<x>', '<a>', '</h2><']) {
      expect([raw, html.includes(raw)]).toEqual([raw, false]);
    }
    expect(html).toContain('Matches <code>&#60;p&#62;</code>');
    expect(html).toContain('&#60;Area &#38; co&#62;');
    expect(html).toContain('&#60;script&#62;alert(2)&#60;/script&#62;');
    expect(html).toContain('<code>&#60;f&#62;</code>');
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
