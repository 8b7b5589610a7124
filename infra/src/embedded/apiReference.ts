import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  CommandResult,
  ErrorAnswer,
  findNulCharacter,
  NUL_CHARACTER_MESSAGE,
  SESSION_COOKIE_NAME,
  allResources,
  type ResourceDefinition,
} from '@allot/shared-events';
import { apiAreas, areaOf } from './apiAreas.js';
import { writeRoutes, type WriteBody, type WriteRoute } from './apiWrites.js';
import { referencePage } from './referencePage.js';

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
  /** The body's schema, where the route declares it (`schema.body`, a POST that reads). */
  body: z.ZodType | null;
  /** What the route says of itself, as @fastify/swagger reads it: `schema.summary`, `.tags`. */
  summary: string | null;
  tags: string[];
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
    const schema = (route.schema ?? {}) as { summary?: unknown; tags?: unknown[] };
    for (const method of [route.method].flat()) {
      if (!METHODS.has(method)) continue;
      routes.push({
        method,
        url: route.url,
        requires: config?.requires ?? null,
        answer: isSchema(ok) ? ok : null,
        query: isSchema(route.schema?.querystring) ? route.schema.querystring : null,
        body: isSchema(route.schema?.body) ? route.schema.body : null,
        summary: typeof schema.summary === 'string' ? schema.summary : null,
        tags: Array.isArray(schema.tags) ? schema.tags.filter((t) => typeof t === 'string') : [],
      });
    }
  });
  return routes;
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

/** The body's schema: a command's without the fields the path, session or server give. */
function jsonBodySchema(body: Extract<WriteBody, { type: 'json' }>): JsonSchema {
  const { schema, omit = [] } = body;
  const cut = schema instanceof z.ZodObject ? omit.filter((key) => key in schema.shape) : [];
  // zod types the mask by the schema's own keys; these are names found in its shape.
  const mask = Object.fromEntries(cut.map((key) => [key, true as const])) as Record<string, true> &
    Record<number, never>;
  // zod cannot cut a schema with refinements; such a schema has nothing to omit and is used whole.
  const whole = schema instanceof z.ZodObject && cut.length > 0 ? schema.omit(mask) : schema;
  const json = jsonSchemaOf(whole, 'input');
  return body.resource ? withResourceWords(json, body.resource) : json;
}

/** A field's name and its form label say the same (`sectionMaxStudents`, 'Section max students'). */
const sameWords = (field: string, label: string) =>
  field.toLowerCase().replace(/^is|id$/g, '') === label.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A resource kind's fields described as its form labels them, and the kind each one names. */
function withResourceWords(schema: JsonSchema, resource: ResourceDefinition): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return schema;
  const named = new Map((resource.references ?? []).map((r) => [r.field, r.resource]));
  const described = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const ui = resource.ui?.fields[name];
      const kind = named.get(name);
      const label = ui && !sameWords(name, ui.label) ? ui.label : null;
      const words: string[] = [];
      if (label) words.push(ui?.help ? `${label} (${ui.help}).` : `${label}.`);
      else if (ui?.help) words.push(`${ui.help.charAt(0).toUpperCase()}${ui.help.slice(1)}.`);
      if (kind) words.push(`Names a ${kind} by id.`);
      const described =
        words.length > 0 && typeof property.description !== 'string'
          ? { description: words.join(' '), ...property }
          : property;
      return [name, described];
    }),
  );
  return { ...schema, properties: described };
}

const hasRequired = (schema: JsonSchema) =>
  Array.isArray(schema.required) && schema.required.length > 0;

function requestBody(body: WriteBody): JsonSchema {
  switch (body.type) {
    case 'json': {
      const schema = jsonBodySchema(body);
      return {
        // A resource's body must be an object even when no field is required; the section and
        // preference routes take an absent body as {}.
        required: hasRequired(schema) || Boolean(body.resource),
        content: { 'application/json': { schema } },
      };
    }
    case 'form': {
      const schema = jsonSchemaOf(body.schema, 'input');
      return {
        required: hasRequired(schema),
        content: { 'application/x-www-form-urlencoded': { schema } },
      };
    }
    case 'multipart':
      return {
        required: true,
        content: { 'multipart/form-data': { schema: body.schema, encoding: body.encoding } },
      };
  }
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

const READ_ERRORS = {
  '400': errorResponse('The request is not valid: `fields` says what is wrong.'),
  '401': errorResponse('No session and no valid API key.'),
  '403': errorResponse('The caller may not do this.'),
};
const WRITE_ERRORS = {
  ...READ_ERRORS,
  '404': errorResponse('Something the request names does not exist.'),
  '409': errorResponse('The record changed since the revision sent as `If-Match`: reload.'),
  '422': errorResponse('A rule refuses the change: `message` says which, in words for people.'),
};

/** The success answer: a read's declared schema, a write's (a command's result), or not described. */
function successResponse(route: ApiRoute, write: WriteRoute | undefined): JsonSchema {
  if (write?.redirect) return { '302': { description: write.redirect } };
  // A command answers its id, revision and position.
  const answer = route.answer ?? (write ? (write.answer ?? CommandResult) : null);
  const status = String(write?.status ?? 200);
  if (status === '204') return { '204': { description: 'Done; nothing to answer.' } };
  if (!answer) return { [status]: { description: 'The answer (not described yet).' } };
  return {
    [status]: {
      description:
        status === '201'
          ? 'Created.'
          : status === '202'
            ? 'Accepted: the work goes on as a job.'
            : 'The answer.',
      content: { 'application/json': { schema: jsonSchemaOf(answer, 'output') } },
    },
  };
}

function errorResponses(route: ApiRoute, write: WriteRoute | undefined): JsonSchema {
  // A redirecting route (SAML) answers its refusals as pages for people, not as JSON.
  if (write?.redirect) return {};
  return route.method === 'GET' ? READ_ERRORS : WRITE_ERRORS;
}

/** What the list API's reads of each resource kind are: `GET /api/<kind>` and `/:id`. */
function resourceReads(): Map<string, string> {
  return new Map(
    allResources.flatMap((resource) => {
      const one = resource.ui?.singular ?? resource.name;
      const title = resource.ui?.title ?? resource.path;
      return [
        [`GET /api/${resource.path}`, `List the records (${title}): paged, sorted, filtered.`],
        [`GET /api/${resource.path}/:id`, `One record (${one}).`],
      ];
    }),
  );
}

/** The OpenAPI 3.1 document of the routes, their answers and their bodies. */
export function openApiDocument(routes: readonly ApiRoute[], version: string): JsonSchema {
  const writes = writeRoutes();
  const reads = resourceReads();
  const areas = apiAreas();
  const used = new Set<string>();
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
    const write = route.method === 'GET' ? undefined : writes.get(key);
    const query = route.query ? queryParameters(route.query) : [];
    // The body a route declares itself, else the one apiWrites.ts names.
    const body: WriteBody | undefined = route.body
      ? { type: 'json', schema: route.body }
      : write?.body;
    // A route may name its area itself (`schema.tags`); else its URL says.
    const area = route.tags[0] ?? areaOf(route.url, areas);
    used.add(area);
    const summary = route.summary ?? write?.summary ?? reads.get(key);
    const operations = (paths[path] ??= {});
    operations[route.method.toLowerCase()] = {
      operationId: key,
      tags: [area],
      ...(summary ? { summary } : {}),
      ...(route.requires
        ? {
            description: `Needs the ability to ${route.requires.action} ${route.requires.subject}.`,
            'x-allot-requires': route.requires,
          }
        : {}),
      ...(params.length + query.length > 0 ? { parameters: [...params, ...query] } : {}),
      ...(body ? { requestBody: requestBody(body) } : {}),
      responses: { ...successResponse(route, write), ...errorResponses(route, write) },
    };
  }
  // The areas in their order, then any a route named itself.
  const tags = [
    ...areas.filter((area) => used.has(area.name)),
    ...[...used]
      .filter((name) => !areas.some((area) => area.name === name))
      .map((name) => ({
        name,
        description: '',
      })),
  ].map(({ name, description }) => ({ name, ...(description ? { description } : {}) }));
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
    tags,
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
  // Made at the first request, when every route is registered, and kept: the routes are fixed.
  let document: JsonSchema | null = null;
  let page: string | null = null;
  const current = () => (document ??= openApiDocument(routes, version));
  app.get(OPENAPI_PATH, (request, reply) => refusedNul(request, reply) ?? current());
  app.get(
    REFERENCE_PATH,
    (request, reply) =>
      refusedNul(request, reply) ??
      reply
        .type('text/html; charset=utf-8')
        .send((page ??= referencePage(current(), OPENAPI_PATH))),
  );
}
