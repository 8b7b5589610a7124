import fc from 'fast-check';
import { allResources, type ResourceDefinition } from '@allot/shared-events';
import type { WalkedRoute } from './conformanceApp.js';
import { UNKNOWN_ID } from './routeWalker.js';

/** One request of the fuzz run, ready for `app.inject`. */
export interface Probe {
  method: string;
  url: string;
  query?: Record<string, string | string[]>;
  payload?: string | Buffer;
  contentType?: string;
}

/** The routes of issue 3 (identity, session, users, periods, settings), by path prefix. */
export const ISSUE_3_PREFIXES = [
  '/api/settings',
  '/api/settingTypes',
  '/api/userSettings',
  '/api/users',
  '/api/collection/users',
  '/api/academicPeriods',
  '/api/academicTerms',
  '/api/academicTermTypes',
  '/api/workgroups',
  '/api/progressSteps',
  '/api/apiKeys',
] as const;

/**
 * Issue-3 routes that read no body, query or parameter, so nothing about them can be malformed:
 * each answers the caller's own data (or the institution's settings) whatever is sent.
 */
export const NO_INPUT_ROUTES = new Set([
  'GET /api/settings',
  'GET /api/settings/primaryColor',
  'GET /api/settings/featureFlags',
  'GET /api/users/current',
  'GET /api/users/current/roles',
  'GET /api/userSettings/mine',
  'GET /api/academicPeriods/active',
  'GET /api/academicPeriods/active/id',
  'GET /api/academicPeriods/systemActive',
  'GET /api/apiKeys',
  // Ends the caller's own masquerade (or re-issues the cookie): no input at all.
  'DELETE /api/users/masquerade',
]);

export function isFuzzed(route: WalkedRoute): boolean {
  const key = `${route.method} ${route.url}`;
  if (NO_INPUT_ROUTES.has(key)) return false;
  return ISSUE_3_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`));
}

function resourceOf(url: string): ResourceDefinition | undefined {
  const segment = /^\/api\/([^/]+)/.exec(url)?.[1];
  if (url.startsWith('/api/collection/users')) return allResources.find((r) => r.path === 'users');
  return allResources.find((r) => r.path === segment);
}

/** Field names the route's body or list knows, so many probes reach field-level validation. */
function knownFields(url: string): string[] {
  const resource = resourceOf(url);
  const fromSchema = resource ? Object.keys(resource.schema.shape) : [];
  return [
    ...fromSchema,
    'id',
    'value',
    'name',
    'userId',
    'masterId',
    'duplicateId',
    'WorkingAcademicPeriodId',
  ];
}

const tooLong = fc.integer({ min: 300, max: 3000 }).map((n) => 'x'.repeat(n));
/** Values that fit no field of these kinds as a whole (wrong type, absurd size or shape). */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 4 }),
  fc.object({ maxDepth: 2 }),
  tooLong,
  fc.string({ maxLength: 4 }),
);

/** Malformed ids: unknown, too long, blank, control characters, path tricks. */
const badId: fc.Arbitrary<string> = fc.oneof(
  fc.constant(UNKNOWN_ID),
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }),
  // Longer than any id a schema allows, still short enough for the router (maxParamLength 100).
  fc.integer({ min: 60, max: 95 }).map((n) => 'y'.repeat(n)),
  fc.constantFrom(' ', '%00', '..', 'null', 'undefined', '-1', '0', '{}', '[]', '%E2%80%AE'),
);

function bodyArbitrary(url: string): fc.Arbitrary<Pick<Probe, 'payload' | 'contentType'>> {
  const fields = knownFields(url);
  const json = (value: unknown) => ({ payload: JSON.stringify(value) ?? 'null' });
  return fc.oneof(
    // Not JSON at all, or cut short.
    fc.string({ maxLength: 40 }).map((s) => ({ payload: `{${s}` })),
    fc.constant({ payload: '' }),
    // JSON, but not an object.
    fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null)).map(json),
    fc.array(fc.anything(), { maxLength: 5 }).map(json),
    // An object whose known fields hold the wrong kind of value.
    fc.dictionary(fc.constantFrom(...fields), wrongValue, { minKeys: 1, maxKeys: 5 }).map(json),
    // Known fields plus one nobody declared (strict schemas refuse it).
    fc
      .tuple(
        fc.dictionary(fc.constantFrom(...fields), fc.anything(), { maxKeys: 3 }),
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !fields.includes(k)),
        fc.anything(),
      )
      .map(([record, extra, value]) => json({ ...record, [extra]: value })),
  );
}

function listFieldsOf(url: string): Record<string, string> {
  return resourceOf(url)?.list.fields ?? { name: 'text' };
}

/** A list query with at least one part that no whitelist or type accepts. */
function queryArbitrary(url: string): fc.Arbitrary<Record<string, string | string[]>> {
  const fields = Object.entries(listFieldsOf(url));
  const typed = fields.filter(([, type]) => type !== 'text');
  const wrongFor = (type: string): fc.Arbitrary<unknown> =>
    type === 'number'
      ? fc.string({ minLength: 1, maxLength: 8 }).filter((s) => Number.isNaN(Number(s)))
      : type === 'boolean'
        ? fc.oneof(fc.integer({ min: 2 }), fc.constantFrom('maybe', 'yes', '2'))
        : fc.constantFrom('not a date', '2025-13-45', '31/12/2025', 'yesterday', '99999-01-01');
  const badFilter = fc.oneof(
    fc.string({ maxLength: 30 }).map((s) => `{${s}`),
    fc.constantFrom(
      '[]',
      '1',
      '"text"',
      'null',
      '{"notAField":1}',
      '{"id":{"op":"bogus","value":1}}',
    ),
    fc.constant('{"id":{"op":"eq"}}'),
    typed.length > 0
      ? fc
          .constantFrom(...typed)
          .chain(([field, type]) =>
            fc
              .tuple(fc.constantFrom('eq', 'lt', 'gte', 'in'), wrongFor(type))
              .map(([op, value]) => JSON.stringify({ [field]: { op, value } })),
          )
      : fc.constant('{"nope":1}'),
    fc.object({ maxDepth: 2 }).map((o) => JSON.stringify({ notAField: o })),
  );
  const badSort = fc.oneof(
    fc.string({ maxLength: 20 }).map((s) => `[${s}`),
    fc.constantFrom('[["nope","ASC"]]', '[["id","UP"]]', '{"id":"ASC"}', '[["id"]]', '"id"'),
  );
  type Entry = [string, string | string[]];
  const entry =
    (key: string) =>
    (value: string | string[]): Entry => [key, value];
  const bad: fc.Arbitrary<Entry> = fc.oneof(
    fc.constantFrom('0', '-1', 'abc', '1.5', '1e400', '100000', '').map(entry('take')),
    fc.constant<string[]>(['1', '2']).map(entry('take')),
    fc
      .constantFrom('-1', 'abc', '1.5', 'Infinity', '1e300', '99999999999999999999')
      .map(entry('skip')),
    fc.constantFrom('yes', '1', 'TRUE', '').map(entry('include')),
    badFilter.map(entry('filter')),
    badSort.map(entry('sort')),
    fc.constantFrom('1bad', 'nope', 'id as 1', '[1]', 'id,,x y').map(entry('select')),
    fc.constantFrom('1,2', ',', 'a b', 'Roles;drop').map(entry('keysOnly')),
  );
  return fc
    .tuple(
      bad,
      fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 8 }), {
        maxKeys: 2,
      }),
    )
    .map(([[key, value], extra]) => ({ ...extra, [key]: value }));
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Multipart bodies a logo upload must refuse: wrong field, no file, bytes of no image kind. */
function logoArbitrary(): fc.Arbitrary<Pick<Probe, 'payload' | 'contentType'>> {
  const boundary = 'allotfuzzboundary';
  const part = (field: string, bytes: Buffer, filename = 'logo.png') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  const bytes = fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a));
  const multipart = `multipart/form-data; boundary=${boundary}`;
  return fc.oneof(
    bytes.map((b) => ({ payload: part('file', b), contentType: multipart })),
    bytes.map((b) => ({
      payload: part('file', Buffer.concat([b, PNG_SIGNATURE])),
      contentType: multipart,
    })),
    fc
      .tuple(
        fc.string({ minLength: 1, maxLength: 10 }).filter((f) => f !== 'file'),
        bytes,
      )
      .map(([field, b]) => ({ payload: part(field, b), contentType: multipart })),
    fc.constant({ payload: `--${boundary}--\r\n`, contentType: multipart }),
    bodyArbitrary('/api/settings').map((b) => ({ ...b, contentType: 'application/json' })),
  );
}

/** Every probe for one route: its parameters, query and body, each malformed somewhere. */
export function probeArbitrary(
  route: WalkedRoute,
  machineNames: readonly string[],
): fc.Arbitrary<Probe> {
  const { method, url } = route;
  // A setting may be named for real (its body is then what is wrong); ids never exist.
  const machineName = fc.oneof(fc.constantFrom(...machineNames), badId);
  const names = [...url.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1] ?? '');
  const params = fc
    .tuple(...names.map((name) => (name === 'machineName' ? machineName : badId)))
    .map((values) => {
      let i = 0;
      return url.replace(/:[A-Za-z_]\w*/g, () => encodeURIComponent(values[i++] ?? ''));
    });
  if (url === '/api/settingTypes') {
    // It reads only `filter` ({"machineName": "…"}): that is where it can be malformed.
    const filter = fc.oneof(
      fc.string({ maxLength: 30 }).map((s) => `{${s}`),
      fc.constantFrom('[]', '1', '"x"', 'null', '{}', '{"machineName":""}', '{"name":"logo"}'),
      wrongValue
        .filter((v) => typeof v !== 'string' || v === '')
        .map((v) => JSON.stringify({ machineName: v }) ?? '{}'),
    );
    return filter.map((value) => ({ method, url, query: { filter: value } }));
  }
  if (method === 'GET') {
    const hasParams = url.includes(':');
    // An :id read is malformed by its unknown or broken id; a list by its query.
    return fc
      .tuple(params, hasParams ? fc.option(queryArbitrary(url)) : queryArbitrary(url))
      .map(([path, query]) => ({ method, url: path, ...(query ? { query } : {}) }));
  }
  if (method === 'DELETE' || url.endsWith('/deactivate')) {
    return params.map((path) => ({ method, url: path }));
  }
  const body = url === '/api/settings/upload/logo' ? logoArbitrary() : bodyArbitrary(url);
  return fc.tuple(params, body).map(([path, b]) => ({
    method,
    url: path,
    contentType: 'application/json',
    ...b,
  }));
}
