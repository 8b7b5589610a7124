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
  /** Extra headers (a sign-in probe's cookie). */
  headers?: Record<string, string>;
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
  // Back to the default logo: nothing is read but the session.
  'DELETE /api/settings/logo',
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
  fc.constant('text with a NUL \u0000 inside'),
);

/** Malformed ids: unknown, too long, blank, control characters, path tricks. */
const badId: fc.Arbitrary<string> = fc.oneof(
  fc.constant(UNKNOWN_ID),
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }),
  // Longer than any id a schema allows, still short enough for the router (maxParamLength 100).
  fc.integer({ min: 60, max: 95 }).map((n) => 'y'.repeat(n)),
  fc.constantFrom(' ', '%00', '..', 'null', 'undefined', '-1', '0', '{}', '[]', '%E2%80%AE'),
  // A real NUL (sent as %00): PostgreSQL cannot hold it, so it must be refused before a query.
  fc.constantFrom('\u0000', 'a\u0000b'),
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

/**
 * Sign-in (spec §1): OIDC under /api/auth0, SAML and the session's own routes under /api/auth.
 * Each strategy's routes exist only where it is configured, so they are fuzzed on apps of their
 * own (fuzz.int.test.ts), not on the conformance app, which has neither.
 */
export const SIGN_IN_PREFIXES = ['/api/auth0', '/api/auth'] as const;

/** Sign-in routes that read nothing but the session cookie (or the Accept header). */
export const NO_INPUT_SIGN_IN_ROUTES = new Set([
  'GET /api/auth',
  'GET /api/auth/me',
  'GET /api/auth/csrf',
  'GET /api/auth/logout',
  'DELETE /api/auth/sessions',
  'GET /api/auth/saml/metadata',
]);

export function isSignInFuzzed(route: WalkedRoute): boolean {
  if (NO_INPUT_SIGN_IN_ROUTES.has(`${route.method} ${route.url}`)) return false;
  return SIGN_IN_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`));
}

/** What a fuzz run knows of a real sign-in attempt, so some probes get past the first check. */
export interface SignInContext {
  /** OIDC: a sealed transaction cookie (`allot_oidc_tx=…`) from GET /api/auth0/login … */
  oidcTransactionCookie?: string;
  /** … and the state its redirect sent to the provider. */
  oidcState?: string;
  /**
   * SAML: answers to real AuthnRequests that must still be refused (signed by another key,
   * expired, altered after signing, replayed), base64 as an IdP posts them.
   */
  samlResponses?: readonly string[];
}

/** Text no sign-in parameter expects: empty, huge, control characters, markup, URLs elsewhere. */
const junk: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  tooLong,
  fc.constantFrom(
    '',
    '%00',
    '\u0000',
    '<script>alert(1)</script>',
    'javascript:alert(1)',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '../../etc/passwd',
    '{"$ne":null}',
  ),
);

const base64Of = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** SAML responses that are not one: not base64, not XML, XML of no SAML, an entity bomb. */
const junkSamlResponse: fc.Arbitrary<string> = fc.oneof(
  junk,
  junk.map(base64Of),
  fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a).toString('base64')),
  fc
    .string({ maxLength: 60 })
    .map((inner) =>
      base64Of(
        '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_x" ' +
          `Version="2.0" IssueInstant="2025-01-01T00:00:00Z">${inner}</samlp:Response>`,
      ),
    ),
  fc.constant(
    base64Of(
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;' +
        '&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><r>&c;&c;&c;&c;</r>',
    ),
  ),
);

const remove = <T extends object>(record: T) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null)) as Record<
    string,
    string
  >;

/** Probes for one sign-in route; throws for a route it does not know (give it probes first). */
export function signInProbeArbitrary(
  route: WalkedRoute,
  context: SignInContext,
): fc.Arbitrary<Probe> {
  const { method, url } = route;
  const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), junk, { maxKeys: 2 });
  const key = `${method} ${url}`;
  if (key === 'GET /api/auth0/login' || key === 'GET /api/auth/saml') {
    // The start reads only `origin` (where to return): any value must end at the provider.
    return fc
      .tuple(fc.option(fc.oneof(junk, fc.array(junk, { maxLength: 3 }))), extra)
      .map(([origin, more]) => ({
        method,
        url,
        query: { ...more, ...(origin === null ? {} : { origin }) },
      }));
  }
  if (key === 'GET /api/auth0/callback') {
    const { oidcTransactionCookie: transaction, oidcState: state } = context;
    const cookie = fc.oneof(
      fc.constant(null),
      junk.map((value) => `allot_oidc_tx=${encodeURIComponent(value)}`),
      ...(transaction
        ? [
            fc.constant(transaction),
            // Sealed, then altered: the seal must not open.
            fc
              .integer({ min: 14, max: Math.max(14, transaction.length - 1) })
              .map(
                (i) =>
                  `${transaction.slice(0, i)}${transaction[i] === 'A' ? 'B' : 'A'}${transaction.slice(i + 1)}`,
              ),
          ]
        : []),
    );
    const query = fc.record(
      {
        code: fc.option(junk),
        state: fc.option(state ? fc.oneof(fc.constant(state), junk) : junk),
        iss: fc.option(junk),
        error: fc.option(junk, { freq: 3 }),
        error_description: fc.option(junk),
      },
      { requiredKeys: [] },
    );
    return fc.tuple(cookie, query, extra).map(([c, q, more]) => ({
      method,
      url,
      query: { ...more, ...remove(q) },
      ...(c === null ? {} : { headers: { cookie: c } }),
    }));
  }
  if (key === 'POST /api/auth/saml/callback') {
    const near = context.samlResponses ?? [];
    const samlResponse =
      near.length > 0 ? fc.oneof(junkSamlResponse, fc.constantFrom(...near)) : junkSamlResponse;
    const form = fc
      .record(
        { SAMLResponse: fc.option(samlResponse, { freq: 6 }), RelayState: fc.option(junk) },
        { requiredKeys: [] },
      )
      .chain((fields) =>
        extra.map((more) => ({
          payload: new URLSearchParams({ ...more, ...remove(fields) }).toString(),
          contentType: 'application/x-www-form-urlencoded',
        })),
      );
    return fc
      .oneof(
        { arbitrary: form, weight: 6 },
        {
          arbitrary: bodyArbitrary(url).map((b) => ({ ...b, contentType: 'application/json' })),
          weight: 1,
        },
        { arbitrary: junk.map((payload) => ({ payload, contentType: 'text/plain' })), weight: 1 },
        {
          arbitrary: junk.map((payload) => ({ payload, contentType: 'application/xml' })),
          weight: 1,
        },
      )
      .map((body) => ({ method, url, ...body }));
  }
  if (key === 'GET /api/auth/saml/logout' || key === 'POST /api/auth/saml/logout') {
    // Single logout: an IdP's LogoutRequest or LogoutResponse (redirect binding: deflated,
    // signed in the query; POST binding: signed XML), or nothing ("sign in as someone else").
    const message = fc.record(
      {
        SAMLRequest: fc.option(junkSamlResponse, { freq: 3 }),
        SAMLResponse: fc.option(junkSamlResponse, { freq: 3 }),
        RelayState: fc.option(junk),
        SigAlg: fc.option(
          fc.oneof(
            junk,
            fc.constantFrom(
              'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
              'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
            ),
          ),
        ),
        Signature: fc.option(junk.map(base64Of)),
      },
      { requiredKeys: [] },
    );
    return fc.tuple(message, extra).map(([fields, more]) =>
      method === 'GET'
        ? { method, url, query: { ...more, ...remove(fields) } }
        : {
            method,
            url,
            payload: new URLSearchParams({ ...more, ...remove(fields) }).toString(),
            contentType: 'application/x-www-form-urlencoded',
          },
    );
  }
  throw new Error(`No sign-in probes for ${key}: say what it reads and give it some.`);
}
