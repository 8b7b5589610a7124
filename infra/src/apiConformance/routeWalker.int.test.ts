// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FEATURE_FLAG_NAMES, defineAbilityFor, type AppAbility } from '@allot/shared-events';
import {
  eventCount,
  startConformanceApp,
  waitForProjections,
  type ConformanceApp,
  type WalkedRoute,
} from './conformanceApp.js';
import {
  UNKNOWN_ID,
  concreteUrl,
  signedInRoles,
  withoutMirroredHeads,
  type SignedInRole,
} from './routeWalker.js';

/**
 * Routes that declare no (action, subject) requirement on purpose. Each reason says who may
 * call it and where that is checked. A new route must either declare `config.requires` where
 * it is defined or be added here with its reason: otherwise the first test fails.
 */
const PUBLIC_ROUTES: ReadonlyArray<{ route: string; reason: string }> = [
  { route: 'GET /', reason: 'the single-page app; the browser gates its pages' },
  { route: 'GET /index.html', reason: 'the single-page app' },
  { route: 'GET /*', reason: 'the single-page app’s deep links and assets' },
  { route: 'GET /api/health', reason: 'liveness probe' },
  { route: 'GET /api/status', reason: 'version, mode and flags, polled before sign-in (spec §7)' },
  { route: 'GET /api/app-info', reason: 'the login page asks which sign-in strategy exists' },
  { route: 'GET /api/auth', reason: 'signed out it answers authenticatedUserId null (issue 3)' },
  { route: 'GET /api/auth/logout', reason: 'ends whatever session the caller has' },
  { route: 'GET /api/auth0/login', reason: 'starts an OIDC sign-in' },
  { route: 'GET /api/auth0/callback', reason: 'OIDC redirect back; state and nonce checked' },
  { route: 'GET /api/auth/saml', reason: 'starts a SAML sign-in' },
  { route: 'POST /api/auth/saml/callback', reason: 'SAML assertion consumer; signature checked' },
  {
    route: 'GET /api/auth/saml/metadata',
    reason: 'Allot’s SAML metadata, loaded by the campus IdP',
  },
  { route: 'GET /api/auth/saml/logout', reason: 'SAML single logout; the IdP’s signature checked' },
  {
    route: 'POST /api/auth/saml/logout',
    reason: 'SAML single logout; the IdP’s signature checked',
  },
  { route: 'GET /api/settings', reason: 'institution name and colour shown on the login page' },
  { route: 'GET /api/settings/primaryColor', reason: 'the theme colour before sign-in' },
  { route: 'GET /api/settingTypes', reason: 'settings by machineName, read like /api/settings' },
  { route: 'GET /api/logo.png', reason: 'the institution’s logo on the login page' },
  { route: 'GET /api/openapi.json', reason: 'the API’s description, for people with API keys' },
  { route: 'GET /api/reference', reason: 'the same description as a page to read' },
  {
    route: 'GET /api/calendarFeed/:file',
    reason:
      'a calendar app reads its person’s feed with the secret address; any other answers 404 (the person’s abilities checked in the handler)',
  },
];
/** The embedded demo identity provider (demo modes only): its own sign-in pages. */
const PUBLIC_PREFIXES = ['/idp'];

const SESSION_ONLY_ROUTES: ReadonlyArray<{ route: string; reason: string }> = [
  { route: 'GET /api/auth/me', reason: 'the signed-in user’s own record' },
  { route: 'GET /api/auth/csrf', reason: 'the session’s own CSRF token' },
  { route: 'DELETE /api/users/masquerade', reason: 'any session may end its own masquerade' },
  {
    route: 'DELETE /api/auth/sessions',
    reason: 'any person may sign out their own sessions everywhere',
  },
  { route: 'GET /api/users/current', reason: 'the caller’s own user record' },
  { route: 'GET /api/users/current/roles', reason: 'the caller’s own roles' },
  {
    route: 'GET /api/users/facultyProfile/:userId',
    reason: 'one’s own profile; another’s needs read User, checked in the handler',
  },
  { route: 'GET /api/academicPeriods/active', reason: 'the shell shows the working period' },
  { route: 'GET /api/academicPeriods/active/id', reason: 'the working period’s id' },
  { route: 'GET /api/academicPeriods/systemActive', reason: 'the institution’s active period' },
  {
    route: 'GET /api/academicPeriods/publishedForFaculty',
    reason: 'faculty pick among the periods published to them',
  },
  { route: 'GET /api/userSettings/mine', reason: 'the caller’s own theme (default dark)' },
  ...['GET /api/userSettings', 'GET /api/userSettings/:id'].map((route) => ({
    route,
    reason: 'owned kind: one’s own records, all of them with read Configuration (readScope)',
  })),
  ...['POST /api/userSettings', 'PUT /api/userSettings/:id', 'DELETE /api/userSettings/:id'].map(
    (route) => ({
      route,
      reason: 'owned kind: the owner writes their own; others need the subject (command)',
    }),
  ),
  ...['PUT /api/users/:id', 'POST /api/users/:id/deactivate'].map((route) => ({
    route,
    reason:
      'FinancialData has its own edit subject: the command checks update on FinancialData for ' +
      'it and update on User for every other changed field (a deactivation changes isActive)',
  })),
  {
    route: 'GET /api/taxonomies/enabled',
    reason: 'which taxonomy fields to show; every signed-in user needs it',
  },
  { route: 'GET /api/notifications/mine', reason: 'the caller’s own notifications' },
  {
    route: 'GET /api/notifications/preferences',
    reason: 'the caller’s own notification settings',
  },
  {
    route: 'PUT /api/notifications/preferences',
    reason: 'the caller sets their own; refused while masquerading (command)',
  },
  {
    route: 'POST /api/notifications/read',
    reason: 'the caller marks their own read; refused while masquerading (command)',
  },
  {
    route: 'GET /api/history/:path/:id',
    reason: 'read on the kind named by :path, or ownership; checked in the handler',
  },
];

/**
 * Subjects spec §6 grants to every role ("Dashboard: read for all"): no signed-in demo role can
 * be refused them, so their routes are checked for letting every role through; the anonymous
 * caller's 401 is checked for every declared route by the session test.
 */
const EVERY_ROLE_SUBJECTS = new Set(['Dashboard']);

const key = (route: WalkedRoute) => `${route.method} ${route.url}`;
const allowed = new Set([...PUBLIC_ROUTES, ...SESSION_ONLY_ROUTES].map((r) => r.route));
const isAllowListed = (route: WalkedRoute) =>
  allowed.has(key(route)) ||
  PUBLIC_PREFIXES.some((p) => route.url === p || route.url.startsWith(`${p}/`));

/** The identity plugin's routes (sign-in starts, callbacks, sign-out, the login page's info). */
const SIGN_IN_ROUTES = new Set(
  PUBLIC_ROUTES.map((r) => r.route)
    .filter((r) => /^\w+ \/api\/(auth0\/|auth\/saml|auth\/logout|app-info)/.test(r))
    .concat('GET /api/auth/csrf', 'DELETE /api/auth/sessions'),
);
/** Logout and sign out everywhere end the caller's session: probed without one, they end none. */
const SESSION_ENDING = new Set(['GET /api/auth/logout', 'DELETE /api/auth/sessions']);

/** A body no route accepts (strict schemas refuse the key, loose ones miss required fields). */
const PROBE_BODY = { walkerProbe: true };

let app: ConformanceApp;
let roles: SignedInRole[];
let walked: WalkedRoute[];

beforeAll(async () => {
  app = await startConformanceApp();
  await waitForProjections(app.allot);
  roles = await signedInRoles(app.allot);
  walked = withoutMirroredHeads(app.routes);
}, 300_000);

afterAll(async () => {
  await app.close();
});

function can(ability: AppAbility, requirement: { action: string; subject: string }): boolean {
  return ability.can(requirement.action as never, requirement.subject as never);
}

async function send(route: WalkedRoute, headers: Record<string, string>) {
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD' && route.method !== 'DELETE';
  const response = await app.allot.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers,
    ...(hasBody ? { payload: PROBE_BODY } : {}),
  });
  return response.statusCode;
}

describe('the route walker', () => {
  it('finds every route either declaring its (action, subject) or allow-listed with a reason', () => {
    expect(walked.length).toBeGreaterThan(50);
    const undeclared = walked.filter((r) => !r.requires && !isAllowListed(r)).map(key);
    expect(undeclared).toEqual([]);
  });

  it('refuses (403) every signed-in role lacking a route’s ability and lets every other role through', async () => {
    const before = await eventCount(app.allot.store);
    const declared = walked.filter((r) => r.requires);
    const flagsOn = Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, true]));
    const rolesWithFlagsOn = roles.map((r) =>
      defineAbilityFor({ ...r.context, featureFlags: { ...r.context.featureFlags, ...flagsOn } }),
    );
    const wrong: string[] = [];
    for (const route of declared) {
      const requirement = route.requires;
      if (!requirement) continue;
      const lacking = roles.filter((r) => !can(r.ability, requirement));
      const permitted = roles.filter((r) => can(r.ability, requirement));
      const everyRole = EVERY_ROLE_SUBJECTS.has(requirement.subject);
      // A subject behind a flag the demo leaves off (effort management's, aemEnabled) is refused
      // to every role here, as checked below; some role must have it once the flags are on.
      const behindFlag =
        permitted.length === 0 && rolesWithFlagsOn.some((a) => can(a, requirement));
      if ((lacking.length === 0 && !everyRole) || (permitted.length === 0 && !behindFlag)) {
        wrong.push(`${key(route)}: no demo role ${lacking.length === 0 ? 'lacks' : 'has'} it`);
      }
      for (const role of roles) {
        const status = await send(route, role.headers);
        const may = permitted.includes(role);
        if (!may && status !== 403) wrong.push(`${key(route)} as ${role.role}: ${status}, not 403`);
        if (may && (status === 401 || status === 403 || status >= 500)) {
          wrong.push(`${key(route)} as ${role.role} (permitted): ${status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(declared.length).toBeGreaterThan(50);
    // The probes carried bodies no route accepts and unknown ids: nothing was written.
    expect(await eventCount(app.allot.store)).toBe(before);
  }, 600_000);

  it('refuses (400) a NUL character in any path parameter, query or body field of every API route, writing nothing', async () => {
    // PostgreSQL cannot hold U+0000: without the services' guard these reached the database and
    // answered 500 (an id, a search or a section's name alike).
    const admin = roles.find((r) => r.role === 'admin');
    if (!admin) throw new Error('no admin among the demo roles');
    const before = await eventCount(app.allot.store);
    const nul = 'a\u0000b';
    const wrong: string[] = [];
    const apiRoutes = walked.filter((r) => r.url.startsWith('/api/'));
    for (const route of apiRoutes) {
      const params = [...route.url.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1] ?? '');
      const withParam = (name: string) =>
        route.url.replace(/:([A-Za-z_]\w*)/g, (_all, p: string) =>
          p === name ? encodeURIComponent(nul) : UNKNOWN_ID,
        );
      const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
      const probes: { what: string; url: string; payload?: object }[] = [
        ...params.map((name) => ({ what: `:${name}`, url: withParam(name) })),
        { what: 'query', url: `${concreteUrl(route.url)}?q=${encodeURIComponent(nul)}` },
        ...(hasBody
          ? [{ what: 'body', url: concreteUrl(route.url), payload: { name: nul, notes: [nul] } }]
          : []),
      ];
      // Who may not call the route is refused either way: the command service checks the
      // ability first (403), the read service the request first (400). Sign-in routes store
      // nothing they are sent and a start goes to the provider whatever it holds (fuzz test):
      // they must only never fail.
      const expected = SIGN_IN_ROUTES.has(key(route))
        ? 'no fault'
        : route.requires && !can(admin.ability, route.requires)
          ? [400, 403]
          : [400];
      for (const probe of probes) {
        const response = await app.allot.app.inject({
          method: route.method as 'GET',
          url: probe.url,
          headers: SESSION_ENDING.has(key(route)) ? {} : admin.headers,
          ...(probe.payload ? { payload: probe.payload } : {}),
        });
        const fine =
          expected === 'no fault'
            ? response.statusCode < 500
            : expected.includes(response.statusCode);
        if (!fine) {
          wrong.push(
            `${key(route)} ${probe.what}: ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(apiRoutes.length).toBeGreaterThan(100);
    expect(await eventCount(app.allot.store)).toBe(before);
  }, 300_000);

  it('refuses a caller without a session on every protected and session-only route, writing nothing', async () => {
    const before = await eventCount(app.allot.store);
    const sessionOnly = new Set(SESSION_ONLY_ROUTES.map((r) => r.route));
    const guarded = walked.filter((r) => r.requires || sessionOnly.has(key(r)));
    const answered: string[] = [];
    for (const route of guarded) {
      const status = await send(route, {});
      // A route declaring a requirement answers 401 before it looks at the body (DESIGN §7);
      // a session-only route may first refuse the probe body (400) — never more.
      const refused = route.requires
        ? [401]
        : route.method === 'GET'
          ? [401, 403]
          : [400, 401, 403];
      if (!refused.includes(status)) answered.push(`${key(route)}: ${status}`);
    }
    expect(answered).toEqual([]);
    expect(await eventCount(app.allot.store)).toBe(before);
  }, 120_000);
});
