import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  ChangeSettingBody,
  CommandResult,
  RecordProgressAction,
  ErrorAnswer,
  findNulCharacter,
  NUL_CHARACTER_MESSAGE,
  SESSION_COOKIE_NAME,
  allResources,
  preferenceCommandSchemas,
  sectionCommandSchemas,
} from '@allot/shared-events';

export const OPENAPI_PATH = '/api/openapi.json';
export const REFERENCE_PATH = '/api/reference';

/** One route of the API as the document describes it. */
export interface ApiRoute {
  method: string;
  url: string;
  requires: { action: string; subject: string } | null;
  /** The 200 answer's schema (the read routes declare theirs: `schema.response[200]`). */
  answer: z.ZodType | null;
  /** The query's schema (`schema.querystring`), for the parameters. */
  query: z.ZodType | null;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

const isSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Records every /api route as it is registered (add it before the services): the document lists
 * what the server answers, not a list kept by hand.
 */
export function collectApiRoutes(app: FastifyInstance): ApiRoute[] {
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    const ok = response[200] ?? response['2xx'];
    const config = route.config as { requires?: ApiRoute['requires'] } | undefined;
    for (const method of [route.method].flat()) {
      if (!METHODS.has(method)) continue;
      routes.push({
        method,
        url: route.url,
        requires: config?.requires ?? null,
        answer: isSchema(ok) ? ok : null,
        query: isSchema(route.schema?.querystring) ? route.schema.querystring : null,
      });
    }
  });
  return routes;
}

type Body = { schema: z.ZodObject; omit: readonly string[] };
const section = sectionCommandSchemas;
const preference = preferenceCommandSchemas;
const assignment = '/api/sections/:id/assignments/:assignmentId';
const myPreferences = '/api/teachingPreferences/mine/:AcademicPeriodId';
const mine = ['UserId', 'AcademicPeriodId'];

/**
 * The body of each write route: its command's schema without what the path, the session or the
 * server gives (ids made on create, the session's user).
 */
function commandBodies(): Map<string, Body> {
  const bodies = new Map<string, Body>([
    ['POST /api/sections', { schema: section.CreateSection, omit: ['id'] }],
    ['PUT /api/sections/:id', { schema: section.UpdateSection, omit: ['id'] }],
    ['PUT /api/sections/:id/meetings', { schema: section.SetMeetings, omit: ['id'] }],
    [
      'POST /api/sections/:id/meetings/:meetingId/move',
      { schema: section.MoveMeeting, omit: ['id', 'meetingId'] },
    ],
    [
      'POST /api/sections/:id/assignments',
      { schema: section.AssignInstructor, omit: ['id', 'assignmentId'] },
    ],
    [`PUT ${assignment}`, { schema: section.ChangeAssignment, omit: ['id', 'assignmentId'] }],
    [
      `POST ${assignment}/withdraw`,
      { schema: section.WithdrawAssignment, omit: ['id', 'assignmentId'] },
    ],
    [
      `POST ${assignment}/approve`,
      { schema: section.ApproveAssignment, omit: ['id', 'assignmentId', 'level'] },
    ],
    [
      `POST ${assignment}/finalize`,
      { schema: section.ApproveAssignment, omit: ['id', 'assignmentId', 'level'] },
    ],
    [`POST ${myPreferences}`, { schema: preference.AddTeachingPreference, omit: [...mine, 'id'] }],
    [`PUT ${myPreferences}/unavailable`, { schema: preference.SetUnavailableTimes, omit: mine }],
    [`POST ${myPreferences}/submit`, { schema: preference.SubmitTeachingPreferences, omit: mine }],
    [
      `PUT ${myPreferences}/:id`,
      { schema: preference.UpdateTeachingPreference, omit: [...mine, 'id'] },
    ],
    [
      'POST /api/preferenceSubmissions/:UserId/:AcademicPeriodId/reopen',
      { schema: preference.ReopenTeachingPreferences, omit: mine },
    ],
    ['PUT /api/settings/:machineName', { schema: ChangeSettingBody, omit: [] }],
    [
      'POST /api/progressSteps/:ProgressStepId/workgroups/:WorkgroupId/:action',
      { schema: RecordProgressAction, omit: ['WorkgroupId', 'ProgressStepId', 'action'] },
    ],
  ]);
  for (const resource of allResources) {
    const base = `/api/${resource.path}`;
    bodies.set(`POST ${base}`, { schema: resource.schema, omit: [] });
    bodies.set(`PUT ${base}/:id`, { schema: resource.schema.partial(), omit: [] });
  }
  return bodies;
}

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    // A part JSON Schema cannot express (a transform, a custom check) is described as "any
    // value" rather than failing the whole document: the command still validates it.
    unrepresentable: 'any',
  }) as JsonSchema;
  return rest;
}

function bodySchema(body: Body): JsonSchema {
  // zod types the mask by the schema's own keys; these are names found in its shape.
  const omitted = Object.fromEntries(
    body.omit.filter((key) => key in body.schema.shape).map((key) => [key, true as const]),
  ) as Record<string, true> & Record<number, never>;
  return jsonSchemaOf(body.schema.omit(omitted), 'input');
}

/** A query schema's fields as OpenAPI query parameters. */
function queryParameters(schema: z.ZodType): Record<string, unknown>[] {
  const json = jsonSchemaOf(schema, 'input') as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
    schema: property,
  }));
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
});

/** The OpenAPI 3.1 document of the routes, their answers and their command bodies. */
export function openApiDocument(routes: readonly ApiRoute[], version: string): JsonSchema {
  const bodies = commandBodies();
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url));
  for (const route of sorted) {
    const key = `${route.method} ${route.url}`;
    const path = route.url.replace(/:([A-Za-z_]\w*)/g, '{$1}');
    const params = [...route.url.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const body = bodies.get(key);
    const query = route.query ? queryParameters(route.query) : [];
    // A command answers its id, revision and position.
    const answer = route.answer ?? (body ? CommandResult : null);
    const operations = (paths[path] ??= {});
    operations[route.method.toLowerCase()] = {
      operationId: key,
      tags: [route.url.split('/')[2] ?? 'api'],
      summary: key,
      ...(route.requires
        ? {
            description: `Needs the ability to ${route.requires.action} ${route.requires.subject}.`,
          }
        : {}),
      ...(params.length + query.length > 0 ? { parameters: [...params, ...query] } : {}),
      ...(body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: bodySchema(body) } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: answer ? 'The answer.' : 'The answer (not described yet).',
          ...(answer
            ? { content: { 'application/json': { schema: jsonSchemaOf(answer, 'output') } } }
            : {}),
        },
        '400': errorResponse('The request is not valid: `fields` says what is wrong.'),
        '401': errorResponse('No session and no valid API key.'),
        '403': errorResponse('The caller may not do this.'),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Allot API',
      version,
      description:
        'Reads answer GETs from the read models; writes are commands answering ' +
        '`{ id, revision, position }`. Send `position` back as `X-Allot-Position` to read your ' +
        'own write. Authenticate with an API key as `Authorization: Bearer <key>`.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }, { session: [] }],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (Administration).' },
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME },
      },
      schemas: { ErrorAnswer: jsonSchemaOf(ErrorAnswer, 'output') },
    },
    paths,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain page listing every operation, server-rendered: no script, no asset from elsewhere. */
export function referencePage(document: JsonSchema): string {
  const paths = document.paths as Record<string, Record<string, { description?: string }>>;
  const rows = Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(
      ([method, op]) =>
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td>` +
        `<td>${escapeHtml(op.description ?? '')}</td></tr>`,
    ),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Allot API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#1a1a1a;background:#fff}
table{border-collapse:collapse}td,th{padding:.25rem .75rem;text-align:left;border-bottom:1px solid #ccc}
a{color:#0645ad}@media (prefers-color-scheme:dark){body{color:#eee;background:#121212}a{color:#8ab4f8}}</style>
</head><body><main>
<h1>Allot API reference</h1>
<p>Authenticate with an API key: <code>Authorization: Bearer &lt;key&gt;</code>. Reads answer JSON;
writes answer <code>{ id, revision, position }</code>. The whole description, with every request
body and answer schema, is the <a href="${OPENAPI_PATH}">OpenAPI 3.1 document</a>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Needs</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
</main></body></html>
`;
}

/** As every API route: a NUL character in the query is refused (400), whatever it asks. */
function refusedNul(request: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  const field = findNulCharacter({ query: request.query });
  if (field === null) return null;
  return reply.code(400).send({
    statusCode: 400,
    error: 'Bad Request',
    message: NUL_CHARACTER_MESSAGE,
    fields: [{ field, message: 'holds a NUL character' }],
  });
}

/** GET /api/openapi.json and GET /api/reference, over the routes `collectApiRoutes` recorded. */
export function apiReferenceRoutes(
  app: FastifyInstance,
  routes: readonly ApiRoute[],
  version: string,
): void {
  let document: JsonSchema | null = null;
  const current = () => (document ??= openApiDocument(routes, version));
  app.get(OPENAPI_PATH, (request, reply) => refusedNul(request, reply) ?? current());
  app.get(
    REFERENCE_PATH,
    (request, reply) =>
      refusedNul(request, reply) ??
      reply.type('text/html; charset=utf-8').send(referencePage(current())),
  );
}
