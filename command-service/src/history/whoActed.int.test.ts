import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  HistoryAnswer,
  DEMO_FEATURE_FLAGS,
  SESSION_COOKIE_NAME,
  createSessionCodec,
  csrfTokenFor,
  defineAbilityFor,
  users,
  type RoleSlug,
} from '@allot/shared-events';
import { commandServicePlugin } from '../app.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import { answerOf } from '../testing/answerContract.js';

/**
 * Who acted, as histories say it: the masquerades a user started or was the subject of (issue
 * 13, item 13) and the API key a change came through (item 15).
 */
const codec = createSessionCodec({
  secrets: ['who-acted-test-secret-long-enough!!!'],
  ttlMs: 3_600_000,
});
const CSRF = 'who-acted-csrf-secret-long-enough!!!!!';
const ROLES: Record<string, RoleSlug[]> = {
  ada: ['admin'],
  maria: ['academicOpsAdmin'],
  fiona: ['faculty'],
};
const NAMES: Record<string, [string, string]> = {
  ada: ['Ada', 'Admin'],
  maria: ['Maria', 'Garcia'],
  fiona: ['Fiona', 'Faculty'],
};
/** What the masquerades read model would say: who ever masqueraded as whom. */
const MASQUERADERS: Record<string, string[]> = { maria: ['ada'] };

let db: TestStore;
let app: FastifyInstance;
let base = '';

beforeAll(async () => {
  db = await openTestStore();
  for (const [id, [firstName, lastName]] of Object.entries(NAMES)) {
    await db.store.appendToStream(users.streamId(id), [
      {
        type: users.eventTypes.created,
        data: { id, firstName, lastName, displayName: `${firstName} ${lastName}`, isActive: true },
      },
    ]);
  }
  app = Fastify({ logger: false });
  await app.register(commandServicePlugin, {
    store: db.store,
    sessionCodec: codec,
    csrfSecret: CSRF,
    mode: 'test',
    abilityFor: (session) =>
      defineAbilityFor({
        userId: session.workingUserId,
        roles: ROLES[session.workingUserId] ?? [],
        workgroupPermissions: [],
        featureFlags: DEMO_FEATURE_FLAGS,
        mode: 'test',
        progressStepId: null,
        masquerading: session.userId !== session.workingUserId,
      }),
    session: {
      sessionCodec: codec,
      featureFlags: DEMO_FEATURE_FLAGS,
      directory: {
        isActiveUser: (id) => Promise.resolve(Object.hasOwn(ROLES, id)),
        academicPeriodExists: () => Promise.resolve(false),
        workgroupIdsOf: () => Promise.resolve([]),
        userSettingIdsOf: () => Promise.resolve([]),
        teachingOf: () =>
          Promise.resolve({
            sectionIds: [],
            preferencePeriodIds: [],
            administrativeAssignmentIds: [],
            noteIds: [],
          }),
      },
    },
    masqueraders: (userId) => Promise.resolve(MASQUERADERS[userId] ?? []),
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await db.close();
});

function signedIn(userId: string, workingUserId = userId) {
  const cookie = codec.encode({ userId, workingUserId });
  const session = codec.decode(cookie);
  if (!session) throw new Error('codec refused its own cookie');
  return {
    cookie: `${SESSION_COOKIE_NAME}=${cookie}`,
    'x-csrf-token': csrfTokenFor(session, CSRF),
  };
}

/** Answers read loosely: each test names what it expects. */
type Answer = Record<string, unknown> & { rows: Row[] };

async function call(method: string, url: string, headers: Record<string, string>, body?: object) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: body ? { 'content-type': 'application/json', ...headers } : headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const answer: Answer = text ? JSON.parse(text) : null;
  return { status: response.status, body: answer };
}

interface Row {
  type: string;
  summary: string | null;
  by: { displayName: string } | null;
  onBehalfOf: { displayName: string } | null;
  through: { id: string; name: string; createdBy: { displayName: string } | null } | null;
}

describe('masquerades in both users’ histories', () => {
  beforeAll(async () => {
    expect(
      (await call('POST', '/api/users/masquerade', signedIn('ada'), { id: 'maria' })).status,
    ).toBe(200);
    expect((await call('DELETE', '/api/users/masquerade', signedIn('ada', 'maria'))).status).toBe(
      200,
    );
  });

  const masquerades = async (userId: string) => {
    const answer = await call('GET', `/api/history/users/${userId}`, signedIn('ada'));
    expect(answer.status).toBe(200);
    // The read contract (shared-events' HistoryAnswer): a user's history with its masquerades.
    answerOf(HistoryAnswer, answer.body);
    return answer.body.rows.filter((r) => r.type.startsWith('Masquerade'));
  };

  it('lists the start and the end in the history of the user acted as, naming both', async () => {
    const rows = await masquerades('maria');
    expect(rows.map((r) => r.summary)).toEqual([
      'Ada Admin started acting as Maria Garcia',
      'Ada Admin stopped acting as Maria Garcia',
    ]);
    expect(rows[0]?.by?.displayName).toBe('Ada Admin');
  });

  it('lists them in the admin’s history too', async () => {
    const rows = await masquerades('ada');
    expect(rows.map((r) => r.summary)).toEqual([
      'Ada Admin started acting as Maria Garcia',
      'Ada Admin stopped acting as Maria Garcia',
    ]);
  });

  it('refuses a user’s history to whoever may not read users (403) and without a session (401)', async () => {
    expect((await call('GET', '/api/history/users/maria', signedIn('fiona'))).status).toBe(403);
    expect((await call('GET', '/api/history/users/maria', {})).status).toBe(401);
  });
});

describe('writes through an API key', () => {
  let apiKeyId = '';
  let locationId = '';

  beforeAll(async () => {
    const created = await call('POST', '/api/apiKeys', signedIn('ada'), {
      name: 'Nightly import',
      userId: 'maria',
    });
    expect(created.status).toBe(201);
    apiKeyId = String(created.body.apiKeyId);
    const bearer = { authorization: `Bearer ${String(created.body.key)}` };
    const location = await call('POST', '/api/locations', bearer, {
      code: 'SCI 101',
      capacity: 30,
    });
    expect(location.status).toBe(201);
    locationId = String(location.body.id);
    // The same user signed in, without a key: their change names no key.
    expect(
      (await call('PUT', `/api/locations/${locationId}`, signedIn('maria'), { capacity: 35 }))
        .status,
    ).toBe(200);
  });

  it('records the key in the event metadata, and only there where one was used', async () => {
    const events = await db.events(`location-${locationId}`);
    expect(events[0]?.metadata).toMatchObject({ actorId: 'maria', apiKeyId });
    expect(events[1]?.metadata.apiKeyId).toBeUndefined();
  });

  it('names the key, and who created it, beside the user it acts for', async () => {
    const answer = await call('GET', `/api/history/locations/${locationId}`, signedIn('ada'));
    expect(answer.status).toBe(200);
    const { rows } = answer.body;
    expect(rows[0]).toMatchObject({
      by: { displayName: 'Maria Garcia' },
      onBehalfOf: null,
      through: { id: apiKeyId, name: 'Nightly import', createdBy: { displayName: 'Ada Admin' } },
    });
    expect(rows[1]).toMatchObject({ by: { displayName: 'Maria Garcia' }, through: null });
  });

  it('refuses the record’s history to a role that may not read it (403)', async () => {
    expect(
      (await call('GET', `/api/history/locations/${locationId}`, signedIn('fiona'))).status,
    ).toBe(403);
  });
});
