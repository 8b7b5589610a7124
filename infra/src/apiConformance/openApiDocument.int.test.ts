import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { allResources } from '@allot/shared-events';
import { generateSigningKey } from '../../../command-service/src/identity/testing/samlTestIdp.js';
import { OTHER_AREA } from '../embedded/apiAreas.js';
import { startConformanceApp, type ConformanceApp } from './conformanceApp.js';

interface Operation {
  tags?: string[];
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Document {
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
}

/**
 * Write routes (POST, PUT, PATCH) that truly take no body: the address names all they act on.
 * Each says why. Any other write route must show its body in the document (apiWrites.ts takes
 * it from the schema the server validates it with), or the first test fails.
 */
const NO_BODY: ReadonlyArray<{ route: string; reason: string }> = [
  ...allResources
    .filter((resource) => resource.commandNames.deactivate)
    .map((resource) => ({
      route: `POST /api/${resource.path}/{id}/deactivate`,
      reason: 'deactivating a record takes nothing but its id, which the address names',
    })),
  {
    route: 'POST /api/calendarFeed/mine',
    reason: 'a new calendar address takes nothing: the session says whose',
  },
  {
    route: 'POST /api/reportExports/{id}/stop',
    reason: 'stopping an export takes nothing but its id, which the address names',
  },
  {
    route: 'POST /api/importSpecs/{id}/runs',
    reason: 'a saved import runs from its own source: the address names all it needs',
  },
  {
    route: 'POST /api/imports/runs/{id}/undo',
    reason: 'undoing an import takes nothing but its id, which the address names',
  },
  {
    route: 'POST /api/email/jobs/{id}/stop',
    reason: 'stopping a sending takes nothing but its job, which the address names',
  },
  {
    route: 'POST /api/cloning/{id}/stop',
    reason: 'stopping a clone takes nothing but its job, which the address names',
  },
  {
    route: 'POST /api/email/sends/{id}/retry',
    reason: 'a retry sends the failed messages of the e-mail the address names',
  },
  {
    route: 'POST /api/imports/runs/{id}/stop',
    reason: 'stopping an import takes nothing but its id, which the address names',
  },
  {
    route: 'POST /api/effort/imports/{id}/stop',
    reason: 'stopping an effort import takes nothing but its id, which the address names',
  },
  {
    route: 'POST /api/effort/imports/{id}/undo',
    reason: 'undoing an effort import takes nothing but its id, which the address names',
  },
  {
    route: 'POST /api/effort/reclassify',
    reason: 'classifying every current line again by today’s rules takes nothing more',
  },
  {
    route: 'POST /api/dataServices/{id}/runs',
    reason: 'a run takes nothing but the data service, which the address names',
  },
];

const WITH_BODY = new Set(['post', 'put', 'patch']);

let app: ConformanceApp;
let doc: Document;

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method,
      op,
    })),
  );

beforeAll(async () => {
  // SAML configured, so that its sign-in routes (form posts) are registered and described too.
  const idp = await generateSigningKey('openapi-idp');
  app = await startConformanceApp({
    env: {
      ALLOT_DEMO_DATA: 'off',
      ALLOT_DEMO_IDP: 'off',
      SAML_ENTRY_POINT: 'https://idp.example.edu/sso',
      SAML_IDP_CERT: idp.cert,
    },
  });
  const res = await app.allot.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json<Document>();
}, 300_000);

afterAll(async () => {
  await app.close();
});

describe('the OpenAPI document of the whole application', () => {
  it('shows the body of every write route, but those that truly take none', () => {
    const allowed = new Map(NO_BODY.map((entry) => [entry.route, entry.reason]));
    const writes = operations().filter(({ method }) => WITH_BODY.has(method));
    const missing = writes
      .filter(({ key, op }) => !op.requestBody && !allowed.has(key))
      .map(({ key }) => key);
    expect(missing).toEqual([]);
    // The list stays true: each entry names a route of the document, still without a body.
    const described = new Map(writes.map(({ key, op }) => [key, Boolean(op.requestBody)]));
    const stale = [...allowed.keys()].filter((route) => described.get(route) !== false);
    expect(stale).toEqual([]);
  });

  it('shows what every write route answers', () => {
    const undescribed = operations()
      .filter(({ method }) => method !== 'get')
      .filter(({ op }) => {
        const success = Object.entries(op.responses).filter(([status]) => /^[23]/.test(status));
        // A 204 says all there is: nothing.
        return !success.some(
          ([status, response]) =>
            status === '204' || status.startsWith('3') || response.content !== undefined,
        );
      })
      .map(({ key }) => key);
    expect(undescribed).toEqual([]);
  });

  it('puts every operation in a named area, each described', () => {
    const unplaced = operations()
      .filter(({ op }) => !op.tags?.[0] || op.tags[0] === OTHER_AREA)
      .map(({ key }) => key);
    expect(unplaced).toEqual([]);
    expect(doc.tags.filter((tag) => !tag.description)).toEqual([]);
  });

  it('describes the bodies from the schemas the routes validate with', () => {
    const body = (key: string) => {
      const [method = '', path = ''] = key.split(' ');
      const content = doc.paths[path]?.[method.toLowerCase()]?.requestBody?.content ?? {};
      return Object.fromEntries(
        Object.entries(content).map(([type, c]) => [type, Object.keys(c.schema?.properties ?? {})]),
      );
    };
    expect(body('POST /api/apiKeys')).toEqual({ 'application/json': ['name', 'userId'] });
    expect(body('POST /api/users/masquerade')).toEqual({ 'application/json': ['id'] });
    expect(body('POST /api/users/merge')).toEqual({
      'application/json': ['masterId', 'duplicateId'],
    });
    expect(body('PUT /api/users/{id}/working')).toEqual({
      'application/json': ['id', 'WorkingAcademicPeriodId'],
    });
    expect(body('POST /api/sectionAssignments/approve')).toEqual({
      'application/json': ['assignments'],
    });
    expect(body('POST /api/settings/upload/logo')).toEqual({ 'multipart/form-data': ['file'] });
    expect(body('POST /api/auth/saml/callback')).toEqual({
      'application/x-www-form-urlencoded': ['SAMLResponse', 'RelayState'],
    });
    // An API key's answer holds the key, once; created: 201.
    const created = doc.paths['/api/apiKeys']?.post?.responses['201'];
    expect(created?.content?.['application/json']?.schema).toMatchObject({
      properties: { key: { type: 'string' }, apiKeyId: {}, id: {}, position: {} },
    });
  });

  it('is the reference page’s too: every area of the document is a section of the page', async () => {
    const res = await app.allot.app.inject({ method: 'GET', url: '/api/reference' });
    expect(res.statusCode).toBe(200);
    for (const tag of doc.tags) {
      expect(res.body).toContain(`>${tag.name.replace('&', '&#38;')}</h2>`);
    }
  });
});
