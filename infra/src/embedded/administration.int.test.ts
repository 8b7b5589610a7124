import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FeatureFlagsAnswer,
  SESSION_COOKIE_NAME,
  createSessionCodec,
  csrfTokenFor,
  ranks,
} from '@allot/shared-events';
import { loadConfig } from '../config/loadConfig.js';
import { demoConfigurationId } from '../seed/demoConfiguration.js';
import { demoPlan } from '../seed/demoPlan.js';
import { demoUserId } from '../seed/demoUsers.js';
import { seededDemoDataDir } from '../testing/demoTemplate.js';
import { startAllot, type RunningAllot } from './startAllot.js';

/*
 * Issue 5 through the whole embedded app (demo data, real PGlite, real HTTP): in-use deletes,
 * history, feature flags as settings and taxonomy state.
 */

const SECRET = 'administration-test-session-secret-0123456789';
const codec = createSessionCodec({ secrets: [SECRET], ttlMs: 60 * 60 * 1000 });

let dataDir: string;
let allot: RunningAllot;

/** Cookie and CSRF headers of a demo user's session (`as` masquerading as `working`). */
function signedIn(username: string, working = username): Record<string, string> {
  const cookie = codec.encode({ userId: demoUserId(username), workingUserId: demoUserId(working) });
  const session = codec.decode(cookie);
  if (!session) throw new Error('the codec refused its own cookie');
  return {
    cookie: `${SESSION_COOKIE_NAME}=${cookie}`,
    'x-csrf-token': csrfTokenFor(session, SECRET),
  };
}

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${allot.url}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  // Tests read answers loosely.
  const answer: any = text ? JSON.parse(text) : null; // eslint-disable-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: answer };
}

/** Waits until the read models have passed everything written so far. */
async function settled(): Promise<void> {
  const head = await allot.store.committedHeadPosition();
  if (head && !(await allot.runner.waitFor(head, undefined, 20_000))) {
    throw new Error('projections did not catch up');
  }
}

beforeAll(async () => {
  // The demo institution, seeded once per test run (testing/demoTemplate.ts).
  dataDir = await seededDemoDataDir('allot-administration-');
  const frontendDir = path.join(dataDir, 'frontend-dist');
  await mkdir(frontendDir);
  await writeFile(path.join(frontendDir, 'index.html'), '<!doctype html><title>Allot</title>');
  allot = await startAllot(
    loadConfig({
      ALLOT_MODE: 'test',
      ALLOT_DEMO_DATA: 'on',
      ALLOT_SESSION_SECRET: SECRET,
      PORT: '0',
      HOST: '127.0.0.1',
      ALLOT_DATA_DIR: dataDir,
      ALLOT_FRONTEND_DIR: frontendDir,
      ALLOT_DB_POOL_SIZE: '4',
    }),
  );
  await settled();
}, 300_000);

afterAll(async () => {
  await allot.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('administration and configuration lists (embedded, demo data)', () => {
  it('refuses to delete a rank a faculty profile names (422, usedBy), deletes an unused one', async () => {
    const admin = signedIn('admin');
    const full = demoConfigurationId(ranks, 'full-professor');
    // mgarcia and the full professors among the demo institution's faculty.
    const fullProfessors =
      1 + demoPlan().instructors.filter((i) => i.rank === 'full-professor').length;
    const refused = await call('DELETE', `/api/ranks/${full}`, admin);
    expect(refused).toEqual({
      status: 422,
      body: {
        statusCode: 422,
        error: 'Unprocessable Entity',
        // The demo's rate for tenure-line full professors names it too (docs/costs.md).
        message: `This rank is used by ${String(fullProfessors)} users and 1 rate. Deactivate it instead.`,
        usedBy: [
          { resource: 'users', count: fullProfessors },
          { resource: 'instructorRates', count: 1 },
        ],
      },
    });
    // Someone who may not delete learns nothing about where it is used.
    expect((await call('DELETE', `/api/ranks/${full}`, signedIn('academicOpsAdmin'))).status).toBe(
      403,
    );
    expect((await call('POST', `/api/ranks/${full}/deactivate`, admin)).status).toBe(200);
    const unused = demoConfigurationId(ranks, 'instructor');
    // aokafor is the one instructor: remove the rank from the profile, then the delete succeeds.
    expect((await call('DELETE', `/api/ranks/${unused}`, admin)).status).toBe(422);
    const profile = await call('GET', `/api/users/facultyProfile/${demoUserId('aokafor')}`, admin);
    const { UserId: _userId, ...rest } = profile.body as Record<string, unknown>;
    expect(
      (
        await call('PUT', `/api/users/${demoUserId('aokafor')}`, admin, {
          FacultyProfile: { ...rest, RankId: null },
        })
      ).status,
    ).toBe(200);
    await settled();
    expect((await call('DELETE', `/api/ranks/${unused}`, admin)).status).toBe(200);
  });

  it('answers the history of a record with who acted on whose behalf', async () => {
    const created = await call('POST', '/api/locations', signedIn('admin'), {
      code: 'ART 5',
      capacity: 20,
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    expect(
      (
        await call('PUT', `/api/locations/${id}`, signedIn('admin', 'academicOpsAdmin'), {
          capacity: 22,
        })
      ).status,
    ).toBe(200);
    const history = await call('GET', `/api/history/locations/${id}`, signedIn('academicOpsAdmin'));
    expect(history.status).toBe(200);
    expect((history.body.rows as unknown[]).at(-1)).toMatchObject({
      type: 'LocationUpdated',
      by: { id: demoUserId('admin'), displayName: 'Ada Admin' },
      onBehalfOf: { id: demoUserId('academicOpsAdmin') },
      changes: [{ field: 'capacity', from: 20, to: 22 }],
    });
    expect((await call('GET', `/api/history/locations/${id}`, signedIn('faculty'))).status).toBe(
      403,
    );
  });

  it('lists a masquerade in the history of the user acted as and of the admin', async () => {
    const maria = demoUserId('mgarcia');
    expect(
      (await call('POST', '/api/users/masquerade', signedIn('admin'), { id: maria })).status,
    ).toBe(200);
    expect(
      (await call('DELETE', '/api/users/masquerade', signedIn('admin', 'mgarcia'))).status,
    ).toBe(200);
    // The user acted as finds the admin's stream through the masquerades read model.
    await settled();
    const sentences = async (userId: string) =>
      (
        (await call('GET', `/api/history/users/${userId}`, signedIn('admin'))).body.rows as {
          summary: string | null;
        }[]
      )
        .map((r) => r.summary)
        .filter((s) => s !== null);
    const expected = [
      'Ada Admin started acting as Maria Garcia',
      'Ada Admin stopped acting as Maria Garcia',
    ];
    expect(await sentences(maria)).toEqual(expected);
    expect(await sentences(demoUserId('admin'))).toEqual(expected);
  });

  it('a stored flag overrides the configured default on the very next request', async () => {
    const admin = signedIn('admin');
    const ops = signedIn('academicOpsAdmin');
    const flags = async (): Promise<Record<string, boolean>> =>
      (await call('GET', '/api/auth', ops)).body.FeatureFlags as Record<string, boolean>;
    expect((await flags()).aemEnabled).toBe(false);
    // With aemEnabled off, administrators manage admin assignment types (spec §6).
    // A type the demo does not seed (it has Sabbatical and Leave).
    const body = { name: 'Research Release', slug: 'research-release' };
    expect((await call('POST', '/api/administrativeAssignmentTypes', ops, body)).status).toBe(201);

    expect((await call('PUT', '/api/settings/aemEnabled', admin, { value: 'true' })).status).toBe(
      200,
    );
    expect((await flags()).aemEnabled).toBe(true);
    expect((await call('GET', '/api/status', {})).body.featureFlags.aemEnabled).toBe(true);
    const refused = await call('POST', '/api/administrativeAssignmentTypes', ops, {
      name: 'Visiting Appointment',
      slug: 'visiting-appointment',
    });
    expect(refused.status).toBe(403);
    const states = await call('GET', '/api/settings/featureFlags', admin);
    // The read contract (shared-events' FeatureFlagsAnswer), on a real answer.
    expect(FeatureFlagsAnswer.parse(states.body)).toEqual(states.body);
    expect(states.body.flags).toContainEqual({
      name: 'aemEnabled',
      default: false,
      stored: true,
      effective: true,
    });
    expect((await call('GET', '/api/settings/featureFlags', ops)).status).toBe(403);

    // '' returns the flag to its default; a non-boolean is refused.
    expect((await call('PUT', '/api/settings/aemEnabled', admin, { value: '' })).status).toBe(200);
    expect((await flags()).aemEnabled).toBe(false);
    expect((await call('PUT', '/api/settings/aemEnabled', admin, { value: 'on' })).status).toBe(
      422,
    );
  });

  it('apiEnabled off in System Settings: API keys authenticate nobody on the next request', async () => {
    const admin = signedIn('admin');
    const created = await call('POST', '/api/apiKeys', admin, { name: 'reports' });
    expect(created.status).toBe(201);
    const bearer = { authorization: `Bearer ${String(created.body.key)}` };
    await settled();
    const who = async (): Promise<unknown> =>
      (await call('GET', '/api/auth', bearer)).body.authenticatedUserId as unknown;
    const write = () => call('PUT', '/api/settings/institution_name', bearer, { value: 'Via key' });
    expect(await who()).toBe(demoUserId('admin'));
    expect((await write()).status).toBe(200);

    expect((await call('PUT', '/api/settings/apiEnabled', admin, { value: 'false' })).status).toBe(
      200,
    );
    expect(await who()).toBeNull();
    expect([401, 403]).toContain((await write()).status);

    expect((await call('PUT', '/api/settings/apiEnabled', admin, { value: '' })).status).toBe(200);
    expect(await who()).toBe(demoUserId('admin'));
  });

  it('says which taxonomies are on: the demo has active campuses, no active cohort', async () => {
    const answer = await call('GET', '/api/taxonomies/enabled', signedIn('faculty'));
    expect(answer).toEqual({
      status: 200,
      body: { campuses: true, cohorts: false, majors: true, programs: true, specialties: true },
    });
    expect((await call('GET', '/api/taxonomies/enabled', {})).status).toBe(401);
  });
});
