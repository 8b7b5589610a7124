// @allot-needs postgres
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { users } from '@allot/shared-events';
import {
  TestSamlIdp,
  generateSigningKey,
} from '../../../command-service/src/identity/testing/samlTestIdp.js';
import { demoUserId } from '../seed/demoUsers.js';
import {
  sessionHeaders,
  startConformanceApp,
  waitForProjections,
  type ConformanceApp,
} from './conformanceApp.js';
import {
  isFuzzed,
  isSignInFuzzed,
  probeArbitrary,
  signInProbeArbitrary,
  type Probe,
  type SignInContext,
} from './malformedRequests.js';
import { withoutMirroredHeads } from './routeWalker.js';

/** Fixed, so a failure found once is found again. */
const SEED = 20261122;
const PROBES_PER_ROUTE = 60;
const REFUSED = new Set([400, 404, 422]);

let app: ConformanceApp;

beforeAll(async () => {
  app = await startConformanceApp();
  await waitForProjections(app.allot);
}, 300_000);

afterAll(async () => {
  await app.close();
});

function describeProbe(probe: Probe): string {
  const payload =
    typeof probe.payload === 'string' ? probe.payload.slice(0, 200) : `<${probe.contentType}>`;
  return `${probe.method} ${probe.url.slice(0, 120)} ${JSON.stringify(probe.query ?? {})} ${payload}`;
}

describe('malformed requests to every route of issue 3, as admin with a CSRF token', () => {
  it('never answer 5xx, write nothing when refused, and are refused with 400, 404 or 422', async () => {
    const { allot } = app;
    const headers = sessionHeaders(demoUserId('admin'));
    const settings = await allot.app.inject({ method: 'GET', url: '/api/settings' });
    const machineNames = settings.json<{ machineName: string }[]>().map((s) => s.machineName);
    const routes = withoutMirroredHeads(app.routes).filter(isFuzzed);
    expect(routes.length).toBeGreaterThan(40);

    const statuses = new Map<number, number>();
    const faults: string[] = [];
    const writes: string[] = [];
    let accepted = 0;
    const acceptedSamples: string[] = [];
    let total = 0;
    for (const [index, route] of routes.entries()) {
      const probes = fc.sample(probeArbitrary(route, machineNames), {
        seed: SEED + index,
        numRuns: PROBES_PER_ROUTE,
      });
      for (const probe of probes) {
        const before = await allot.store.committedHeadPosition();
        const response = await allot.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          headers: {
            ...headers,
            ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
          },
          ...(probe.query ? { query: probe.query } : {}),
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        });
        const after = await allot.store.committedHeadPosition();
        const status = response.statusCode;
        total += 1;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 500) faults.push(`${status} ${describeProbe(probe)}: ${response.body}`);
        const wrote =
          `${before?.commit}:${before?.prepare}` !== `${after?.commit}:${after?.prepare}`;
        if (status < 300) {
          accepted += 1;
          if (acceptedSamples.length < 10) acceptedSamples.push(describeProbe(probe));
        } else if (wrote) writes.push(`${status} but wrote: ${describeProbe(probe)}`);
      }
    }

    const refused = [...statuses].filter(([s]) => REFUSED.has(s)).reduce((n, [, c]) => n + c, 0);
    const summary = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    expect(faults).toEqual([]);
    expect(writes).toEqual([]);
    expect(total).toBe(routes.length * PROBES_PER_ROUTE);
    // Most probes must reach validation (not stop at auth or be accepted by accident).
    expect({ summary, accepted, acceptedSamples, share: refused / total >= 0.9 }).toEqual({
      summary,
      accepted,
      acceptedSamples,
      share: true,
    });
  }, 900_000);
});

const SAML_ENTRY_POINT = 'https://idp.example.edu/sso';
const SIGN_IN_PROBES_PER_ROUTE = 60;
const ADMIN_EMAIL = 'admin@demo.allot.test';
const FACULTY_EMAIL = 'faculty@demo.allot.test';

/**
 * One app per sign-in strategy (OIDC through the embedded demo provider, SAML with a test IdP's
 * certificate), without demo data: only the users a forged sign-in would find, whose login it
 * would record, so "nothing written" would show it.
 */
async function startSignInApp(env: Record<string, string>): Promise<ConformanceApp> {
  const signInApp = await startConformanceApp({ env: { ALLOT_DEMO_DATA: 'off', ...env } });
  for (const [username, email, roles] of [
    ['admin', ADMIN_EMAIL, ['admin']],
    ['faculty', FACULTY_EMAIL, ['faculty']],
  ] as const) {
    await signInApp.allot.bus.execute(users.commandNames.create, {
      id: randomUUID(),
      firstName: username,
      lastName: 'Test',
      email,
      username,
      Roles: roles.map((slug) => ({ slug })),
    });
  }
  await waitForProjections(signInApp.allot);
  return signInApp;
}

function setCookies(header: string | string[] | undefined): string[] {
  return (Array.isArray(header) ? header : header ? [header] : []).map(
    (c) => c.split(';')[0] ?? '',
  );
}

/** A sign-in start elsewhere than the public URL is first sent there (publicHost.ts). */
function atPublicUrl(target: ConformanceApp): { host: string } {
  return { host: new URL(target.allot.url).host };
}

describe('malformed sign-in requests (OIDC and SAML starts and callbacks), signed out', () => {
  let oidcApp: ConformanceApp;
  let samlApp: ConformanceApp;
  let idp: TestSamlIdp;
  const context: SignInContext = {};

  beforeAll(async () => {
    const key = await generateSigningKey('fuzz-idp');
    const forger = await generateSigningKey('fuzz-forger');
    oidcApp = await startSignInApp({ ALLOT_DEMO_IDP: 'on' });
    samlApp = await startSignInApp({
      ALLOT_DEMO_IDP: 'off',
      SAML_ENTRY_POINT,
      SAML_IDP_CERT: key.cert,
    });

    // A real OIDC attempt: its sealed transaction cookie and the state it sent.
    const login = await oidcApp.allot.app.inject({
      method: 'GET',
      url: '/api/auth0/login',
      headers: atPublicUrl(oidcApp),
    });
    expect(login.statusCode).toBe(302);
    context.oidcTransactionCookie = setCookies(login.headers['set-cookie']).find((c) =>
      c.startsWith('allot_oidc_tx='),
    );
    context.oidcState =
      new URL(String(login.headers.location)).searchParams.get('state') ?? undefined;
    expect(context.oidcTransactionCookie && context.oidcState).toBeTruthy();

    // SAML answers to real AuthnRequests that must be refused all the same.
    idp = new TestSamlIdp({
      entityId: 'https://idp.example.edu/metadata',
      ssoUrl: SAML_ENTRY_POINT,
      key,
      spEntityId: `${samlApp.allot.url}/api/auth/saml/metadata`,
      acsUrl: `${samlApp.allot.url}/api/auth/saml/callback`,
    });
    const authnRequest = async () => {
      const start = await samlApp.allot.app.inject({
        method: 'GET',
        url: '/api/auth/saml',
        headers: atPublicUrl(samlApp),
      });
      return String(start.headers.location);
    };
    const signedForFaculty = await idp.respond(await authnRequest(), { email: FACULTY_EMAIL });
    const now = Date.now();
    context.samlResponses = [
      // Signed by a key the app does not trust.
      (await idp.withKey(forger).respond(await authnRequest(), { email: ADMIN_EMAIL }))
        .SAMLResponse,
      // Signed, but long expired.
      (
        await idp.respond(await authnRequest(), {
          email: ADMIN_EMAIL,
          issuedAt: new Date(now - 30 * 60_000),
          notOnOrAfter: new Date(now - 20 * 60_000),
        })
      ).SAMLResponse,
      // Signed for the faculty member, then made the admin's.
      Buffer.from(
        Buffer.from(signedForFaculty.SAMLResponse, 'base64')
          .toString('utf8')
          .replaceAll(FACULTY_EMAIL, ADMIN_EMAIL),
      ).toString('base64'),
      // Signed and valid, for someone who is no user here (then replayed by later probes).
      (await idp.respond(await authnRequest(), { email: 'nobody@example.edu' })).SAMLResponse,
    ];
  }, 300_000);

  afterAll(async () => {
    await oidcApp.close();
    await samlApp.close();
  });

  it('never answer 5xx or write; callbacks refuse with 4xx, starts go to the provider', async () => {
    const targets = [
      { app: oidcApp, provider: `${oidcApp.allot.url}/idp/` },
      { app: samlApp, provider: SAML_ENTRY_POINT },
    ].flatMap(({ app: target, provider }) =>
      withoutMirroredHeads(target.routes)
        .filter(isSignInFuzzed)
        .map((route) => ({ target, provider, route })),
    );
    expect(targets.map(({ route }) => `${route.method} ${route.url}`).sort()).toEqual([
      'GET /api/auth/saml',
      'GET /api/auth/saml/logout',
      'GET /api/auth0/callback',
      'GET /api/auth0/login',
      'POST /api/auth/saml/callback',
      'POST /api/auth/saml/logout',
    ]);

    const faults: string[] = [];
    const writes: string[] = [];
    const unexpected: string[] = [];
    const summary: Record<string, Record<number, number>> = {};
    let probeIndex = 0;
    for (const [index, { target, provider, route }] of targets.entries()) {
      const { allot } = target;
      const routeKey = `${route.method} ${route.url}`;
      const statuses: Record<number, number> = {};
      summary[routeKey] = statuses;
      const isStart =
        route.method === 'GET' &&
        !route.url.endsWith('/callback') &&
        !route.url.endsWith('/logout');
      const probes = fc.sample(signInProbeArbitrary(route, context), {
        seed: SEED + 1000 + index,
        numRuns: SIGN_IN_PROBES_PER_ROUTE,
      });
      for (const probe of probes) {
        probeIndex += 1;
        const before = await allot.store.committedHeadPosition();
        const response = await allot.app.inject({
          method: probe.method as 'GET',
          url: probe.url,
          // One address per probe: the sign-in rate limit (30 a minute) would answer 429 instead.
          remoteAddress: `10.${(probeIndex >> 16) & 255}.${(probeIndex >> 8) & 255}.${probeIndex & 255}`,
          headers: {
            ...atPublicUrl(target),
            ...probe.headers,
            ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
          },
          ...(probe.query ? { query: probe.query } : {}),
          ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
        });
        const after = await allot.store.committedHeadPosition();
        const status = response.statusCode;
        statuses[status] = (statuses[status] ?? 0) + 1;
        const described = describeProbe(probe);
        if (status >= 500) faults.push(`${status} ${described}: ${response.body.slice(0, 300)}`);
        if (`${before?.commit}:${before?.prepare}` !== `${after?.commit}:${after?.prepare}`) {
          writes.push(`${status} but wrote: ${described}`);
        }
        const location = String(response.headers.location ?? '');
        // Single logout ends at the login page (or refuses): nothing it is sent gets further.
        const isLogout = route.url === '/api/auth/saml/logout';
        const expected = isLogout
          ? (status >= 400 && status < 500) ||
            ([302, 303].includes(status) && new URL(location, allot.url).pathname === '/login')
          : isStart
            ? status === 302 && location.startsWith(provider)
            : status >= 400 && status < 500;
        if (!expected) unexpected.push(`${status} ${location} ${described}`);
      }
    }

    expect(faults).toEqual([]);
    expect(writes).toEqual([]);
    expect(unexpected).toEqual([]);
    // Probes reach past the first check: a sealed transaction opens (403 for a provider's error),
    // a SAML response is read and its verification refused (403).
    expect({
      oidc: [400, 403].every((s) => (summary['GET /api/auth0/callback']?.[s] ?? 0) > 0),
      saml: [400, 403].every((s) => (summary['POST /api/auth/saml/callback']?.[s] ?? 0) > 0),
      summary,
    }).toEqual({ oidc: true, saml: true, summary });
  }, 300_000);

  it('the SAML set-up signs in a real answer, so the refusals above are the checks at work', async () => {
    const start = await samlApp.allot.app.inject({
      method: 'GET',
      url: '/api/auth/saml',
      headers: atPublicUrl(samlApp),
    });
    const answer = await idp.respond(String(start.headers.location), { email: FACULTY_EMAIL });
    const callback = await samlApp.allot.app.inject({
      method: 'POST',
      url: '/api/auth/saml/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(answer).toString(),
    });
    expect(callback.statusCode).toBe(303);
    expect(setCookies(callback.headers['set-cookie']).join(';')).toContain('allot_session=');
  });
});
