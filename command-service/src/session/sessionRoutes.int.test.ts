import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  DEMO_FEATURE_FLAGS,
  SESSION_COOKIE_NAME,
  academicPeriods,
  administrativeAssignmentTypes,
  administrativeAssignments,
  notes,
  apiKeyStream,
  createSessionCodec,
  csrfTokenFor,
  defineAbilityFor,
  masqueradeStream,
  preferenceStreamId,
  userMergeStream,
  users,
  workingPeriodStream,
  type FeatureFlags,
  type RoleSlug,
} from '@allot/shared-events';
import { commandServicePlugin } from '../app.js';
import { createCommandBus } from '../commandHandling/commandBus.js';
import { openTestStore, type TestStore } from '../testing/testStore.js';
import type { TeachingHoldings } from './sessionDirectory.js';

const codec = createSessionCodec({
  secrets: ['session-routes-test-secret-long-enough!'],
  ttlMs: 3_600_000,
});
const CSRF = 'session-routes-csrf-secret-long-enough!!';
const ROLES: Record<string, RoleSlug[]> = {
  ada: ['admin'],
  fiona: ['faculty'],
  rita: ['reportingUser'],
  mark: ['faculty'],
  dora: ['faculty'],
  otto: ['academicOpsAdmin'],
};
/** What the read models would say each user holds in teaching (the merge test's duplicate). */
const HOLDINGS: Record<string, TeachingHoldings> = {};
const NO_HOLDINGS: TeachingHoldings = {
  sectionIds: [],
  preferencePeriodIds: [],
  administrativeAssignmentIds: [],
  noteIds: [],
};
const PERIODS = new Set(['p-active', 'p-next']);

let db: TestStore;
const apps: FastifyInstance[] = [];

async function start(featureFlags: FeatureFlags) {
  const app = Fastify({ logger: false });
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
        featureFlags,
        mode: 'test',
        progressStepId: null,
        masquerading: session.userId !== session.workingUserId,
      }),
    session: {
      sessionCodec: codec,
      featureFlags,
      directory: {
        isActiveUser: (id) => Promise.resolve(Object.hasOwn(ROLES, id)),
        academicPeriodExists: (id) => Promise.resolve(PERIODS.has(id)),
        workgroupIdsOf: () => Promise.resolve([]),
        userSettingIdsOf: () => Promise.resolve([]),
        teachingOf: (id) => Promise.resolve(HOLDINGS[id] ?? NO_HOLDINGS),
      },
    },
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  apps.push(app);
  return async (
    method: string,
    url: string,
    headers: Record<string, string> = {},
    payload?: unknown,
  ) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
      setCookie: response.headers.get('set-cookie'),
    };
  };
}

type Call = Awaited<ReturnType<typeof start>>;
let call: Call;
let withoutFlags: Call;

beforeAll(async () => {
  db = await openTestStore();
  // The merge checks its two users on their streams (mark and dora get theirs below).
  for (const id of Object.keys(ROLES).filter((u) => u !== 'mark' && u !== 'dora')) {
    await db.store.appendToStream(users.streamId(id), [
      {
        type: users.eventTypes.created,
        data: { id, firstName: id, lastName: id, isActive: true },
      },
    ]);
  }
  call = await start(DEMO_FEATURE_FLAGS);
  withoutFlags = await start({ ...DEMO_FEATURE_FLAGS, apiEnabled: false, userMergeEnabled: false });
});
afterAll(async () => {
  for (const app of apps) await app.close();
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

/** The session a Set-Cookie header carries, with the CSRF token it needs. */
function sessionFrom(setCookie: string | null) {
  const value = /allot_session=([^;]+)/.exec(setCookie ?? '')?.[1] ?? '';
  const session = codec.decode(value);
  if (!session) throw new Error(`no session cookie in ${String(setCookie)}`);
  return {
    session,
    headers: {
      cookie: `${SESSION_COOKIE_NAME}=${value}`,
      'x-csrf-token': csrfTokenFor(session, CSRF),
    },
  };
}

describe('without a session', () => {
  it('answers 401 for every protected call', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/users/masquerade', { id: 'fiona' }],
      ['DELETE', '/api/users/masquerade', undefined],
      ['PUT', '/api/users/ada/working', { WorkingAcademicPeriodId: 'p-next' }],
      ['POST', '/api/users/merge', { masterId: 'ada', duplicateId: 'rita' }],
      ['POST', '/api/apiKeys', { name: 'ci' }],
    ] as const) {
      expect({ url, status: (await call(method, url, {}, body)).status }).toEqual({
        url,
        status: 401,
      });
    }
  });
});

describe('masquerade', () => {
  it('lets admin work as another user, whose abilities apply; events record both users', async () => {
    const started = await call('POST', '/api/users/masquerade', signedIn('ada'), { id: 'fiona' });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ authenticatedUserId: 'ada', workingUserId: 'fiona' });
    const { session, headers } = sessionFrom(started.setCookie);
    expect(session).toMatchObject({ userId: 'ada', workingUserId: 'fiona' });

    // Faculty may not change settings; admin could.
    const name = { value: 'Masquerade University' };
    expect((await call('PUT', '/api/settings/institution_name', headers, name)).status).toBe(403);
    expect(
      (await call('PUT', '/api/settings/institution_name', signedIn('ada'), name)).status,
    ).toBe(200);

    // Refused while masquerading: a second masquerade and a working-period change.
    expect((await call('POST', '/api/users/masquerade', headers, { id: 'rita' })).status).toBe(403);
    expect(
      (
        await call('PUT', '/api/users/fiona/working', headers, {
          WorkingAcademicPeriodId: 'p-next',
        })
      ).status,
    ).toBe(403);

    const ended = await call('DELETE', '/api/users/masquerade', headers);
    expect(ended.body).toEqual({ authenticatedUserId: 'ada', workingUserId: 'ada' });
    expect(sessionFrom(ended.setCookie).session).toMatchObject({
      userId: 'ada',
      workingUserId: 'ada',
      sid: session.sid,
    });

    const events = await db.events(masqueradeStream('ada'));
    expect(
      events.map((e) => [e.type, e.data, e.metadata.actorId, e.metadata.onBehalfOfId]),
    ).toEqual([
      ['MasqueradeStarted', { userId: 'ada', workingUserId: 'fiona' }, 'ada', null],
      ['MasqueradeEnded', { userId: 'ada', workingUserId: 'fiona' }, 'fiona', 'ada'],
    ]);
  });

  it('is refused to anyone but admin (403), for unknown users (404) and bad bodies (400)', async () => {
    expect(
      (await call('POST', '/api/users/masquerade', signedIn('rita'), { id: 'fiona' })).status,
    ).toBe(403);
    expect(
      (await call('POST', '/api/users/masquerade', signedIn('ada'), { id: 'nobody' })).status,
    ).toBe(404);
    expect((await call('POST', '/api/users/masquerade', signedIn('ada'), {})).status).toBe(400);
    expect(
      (await call('POST', '/api/users/masquerade', signedIn('ada'), { id: 'ada' })).status,
    ).toBe(422);
    expect(await db.events(masqueradeStream('rita'))).toEqual([]);
  });
});

describe('PUT /api/users/:id/working', () => {
  it('records the working period for an administrator', async () => {
    const response = await call('PUT', '/api/users/ada/working', signedIn('ada'), {
      id: 'ada',
      WorkingAcademicPeriodId: 'p-next',
    });
    expect(response.status).toBe(200);
    const events = await db.events(workingPeriodStream('ada'));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['WorkingAcademicPeriodChanged', { userId: 'ada', academicPeriodId: 'p-next' }],
    ]);
  });

  it('refuses non-administrators, unknown periods and a body for another user', async () => {
    const body = { WorkingAcademicPeriodId: 'p-next' };
    expect((await call('PUT', '/api/users/fiona/working', signedIn('fiona'), body)).status).toBe(
      403,
    );
    expect(
      (
        await call('PUT', '/api/users/ada/working', signedIn('ada'), {
          WorkingAcademicPeriodId: 'p-gone',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call('PUT', '/api/users/ada/working', signedIn('ada'), { id: 'rita', ...body }))
        .status,
    ).toBe(400);
    expect(await db.events(workingPeriodStream('fiona'))).toEqual([]);
  });
});

describe('POST /api/users/merge', () => {
  it('is refused while userMergeEnabled is off, and answers 400 without both ids', async () => {
    const body = { masterId: 'ada', duplicateId: 'rita' };
    expect((await withoutFlags('POST', '/api/users/merge', signedIn('ada'), body)).status).toBe(
      403,
    );
    expect(
      (await call('POST', '/api/users/merge', signedIn('ada'), { masterId: 'ada' })).status,
    ).toBe(400);
    expect((await call('POST', '/api/users/merge', signedIn('ada'), {})).status).toBe(400);
    expect((await call('POST', '/api/users/merge', signedIn('fiona'), body)).status).toBe(403);
    expect(await db.events(userMergeStream('rita'))).toEqual([]);
  });

  it('records one UsersMerged event naming both users, once per duplicate', async () => {
    const body = { masterId: 'fiona', duplicateId: 'rita' };
    expect((await call('POST', '/api/users/merge', signedIn('ada'), body)).status).toBe(200);
    expect(
      (
        await call('POST', '/api/users/merge', signedIn('ada'), {
          masterId: 'ada',
          duplicateId: 'rita',
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await call('POST', '/api/users/merge', signedIn('ada'), {
          masterId: 'ada',
          duplicateId: 'ada',
        })
      ).status,
    ).toBe(422);
    const events = await db.events(userMergeStream('rita'));
    expect(events.map((e) => [e.type, e.data, e.metadata.actorId])).toEqual([
      ['UsersMerged', { masterId: 'fiona', duplicateId: 'rita' }, 'ada'],
    ]);
    // Merged away, rita is no master; nobody unknown is either.
    for (const masterId of ['rita', 'nobody']) {
      const refused = await call('POST', '/api/users/merge', signedIn('ada'), {
        masterId,
        duplicateId: 'fiona',
      });
      expect([masterId, refused.status]).toEqual([masterId, 404]);
    }
  });
});

describe('POST /api/users/merge: teaching data', () => {
  const by = { actorId: 'ada' };
  const created = (type: string | undefined, data: Record<string, unknown>) => ({
    type: type ?? '',
    data,
    metadata: by,
  });
  const assigned = (SectionId: string, id: string, UserId: string) =>
    created('TeachingAssignmentCreated', {
      SectionId,
      id,
      UserId,
      share: null,
      notes: null,
      status: 'proposed',
      overriddenConflicts: [],
      warnings: [],
    });
  const section = (id: string) =>
    created('SectionCreated', {
      id,
      CourseOfferingId: 'o-1',
      WorkgroupId: 'w-1',
      name: 'Algebra',
      sectionNumber: id,
      enrollment: null,
      defaultPoints: null,
      points: null,
      notes: null,
      TermMode: null,
      allowOverlap: false,
    });
  const preference = (UserId: string, AcademicPeriodId: string, id: string, CourseId: string) =>
    created('TeachingPreferenceAdded', {
      UserId,
      AcademicPeriodId,
      id,
      level: 'preferred',
      weight: 0.5,
      CourseId,
      AssignmentTypeId: null,
      AcademicTermId: null,
      TeachingModeId: null,
      notes: null,
    });

  beforeAll(async () => {
    const { store } = db;
    for (const id of ['mark', 'dora']) {
      await store.appendToStream(users.streamId(id), [
        created(users.eventTypes.created, { id, firstName: id, lastName: id, isActive: true }),
      ]);
    }
    for (const id of ['p-1', 'p-2']) {
      await store.appendToStream(academicPeriods.streamId(id), [
        created(academicPeriods.eventTypes.created, { id, name: id }),
      ]);
    }
    await store.appendToStream(administrativeAssignmentTypes.streamId('chair'), [
      created(administrativeAssignmentTypes.eventTypes.created, { id: 'chair', name: 'Chair' }),
    ]);
    await store.appendToStream(administrativeAssignments.streamId('aa-1'), [
      created(administrativeAssignments.eventTypes.created, {
        id: 'aa-1',
        UserId: 'dora',
        AcademicPeriodId: 'p-1',
        AdministrativeAssignmentTypeId: 'chair',
        AcademicTermId: null,
        points: 3,
        takesWholeTerm: false,
        notes: null,
      }),
    ]);
    await store.appendToStream(notes.streamId('n-1'), [
      created(notes.eventTypes.created, {
        id: 'n-1',
        notableType: 'facultyProfile',
        notableId: 'dora',
        AcademicPeriodId: null,
        text: 'Prefers mornings.',
      }),
    ]);
    // s-1: only dora, approved; s-2: mark and dora both teach it.
    await store.appendToStream('section-s-1', [
      section('s-1'),
      assigned('s-1', 'a-1', 'dora'),
      created('TeachingAssignmentChanged', {
        SectionId: 's-1',
        id: 'a-1',
        status: 'approved',
        previousStatus: 'proposed',
      }),
    ]);
    await store.appendToStream('section-s-2', [
      section('s-2'),
      assigned('s-2', 'a-2', 'mark'),
      assigned('s-2', 'a-3', 'dora'),
    ]);
    // p-1: only dora has preferences (submitted); p-2: both have theirs.
    await store.appendToStream(preferenceStreamId('dora', 'p-1'), [
      preference('dora', 'p-1', 'pr-1', 'c-1'),
      created('TeachingPreferencesSubmitted', {
        UserId: 'dora',
        AcademicPeriodId: 'p-1',
        count: 1,
        notes: null,
      }),
    ]);
    await store.appendToStream(preferenceStreamId('dora', 'p-2'), [
      preference('dora', 'p-2', 'pr-2', 'c-2'),
    ]);
    await store.appendToStream(preferenceStreamId('mark', 'p-2'), [
      preference('mark', 'p-2', 'pr-3', 'c-3'),
    ]);
    HOLDINGS.dora = {
      sectionIds: ['s-1', 's-2'],
      preferencePeriodIds: ['p-1', 'p-2'],
      administrativeAssignmentIds: ['aa-1'],
      noteIds: ['n-1'],
    };
  });

  const last = async (stream: string) => (await db.events(stream)).map((e) => [e.type, e.data]);

  it("moves the duplicate's assignments, preferences and admin assignments to the master", async () => {
    const body = { masterId: 'mark', duplicateId: 'dora' };
    expect((await call('POST', '/api/users/merge', signedIn('ada'), body)).status).toBe(200);

    // Kept as it was (approved), now mark's.
    expect((await last('section-s-1')).at(-1)).toEqual([
      'TeachingAssignmentReassigned',
      { SectionId: 's-1', id: 'a-1', UserId: 'mark', previousUserId: 'dora' },
    ]);
    // mark already teaches s-2: dora's is withdrawn, then moved, so nothing names dora.
    expect((await last('section-s-2')).slice(-2)).toEqual([
      [
        'TeachingAssignmentChanged',
        expect.objectContaining({ id: 'a-3', status: 'withdrawn', previousStatus: 'proposed' }),
      ],
      [
        'TeachingAssignmentReassigned',
        { SectionId: 's-2', id: 'a-3', UserId: 'mark', previousUserId: 'dora' },
      ],
    ]);

    // p-1: mark had none, so he receives dora's, submitted as they were.
    const [received] = await db.events(preferenceStreamId('mark', 'p-1'));
    expect(received?.type).toBe('TeachingPreferencesMergedIn');
    expect(received?.data).toMatchObject({
      UserId: 'mark',
      fromUserId: 'dora',
      status: 'submitted',
      submittedAt: expect.any(String),
      preferences: [expect.objectContaining({ CourseId: 'c-1', weight: 0.5 })],
    });
    expect((await last(preferenceStreamId('dora', 'p-1'))).at(-1)).toEqual([
      'TeachingPreferencesMergedOut',
      { UserId: 'dora', AcademicPeriodId: 'p-1', intoUserId: 'mark', outcome: 'moved', count: 1 },
    ]);
    // p-2: mark's own preferences win; dora's are let go, the decision recorded.
    expect((await last(preferenceStreamId('mark', 'p-2'))).map(([type]) => type)).toEqual([
      'TeachingPreferenceAdded',
    ]);
    expect((await last(preferenceStreamId('dora', 'p-2'))).at(-1)).toEqual([
      'TeachingPreferencesMergedOut',
      {
        UserId: 'dora',
        AcademicPeriodId: 'p-2',
        intoUserId: 'mark',
        outcome: 'masterKept',
        count: 1,
      },
    ]);

    expect((await last(administrativeAssignments.streamId('aa-1'))).at(-1)).toEqual([
      administrativeAssignments.eventTypes.updated,
      { id: 'aa-1', UserId: 'mark' },
    ]);
    // A note about dora is about the same person: it now names mark.
    expect((await last(notes.streamId('n-1'))).at(-1)).toEqual([
      notes.eventTypes.updated,
      { id: 'n-1', notableId: 'mark' },
    ]);
  });
  it('runs the follow-up commands only for whoever may merge users (403 otherwise)', async () => {
    const bus = createCommandBus({ store: db.store });
    const faculty = {
      actorId: 'fiona',
      ability: defineAbilityFor({
        userId: 'fiona',
        roles: ['faculty'],
        workgroupPermissions: [],
        featureFlags: DEMO_FEATURE_FLAGS,
        mode: 'test',
        progressStepId: null,
        masquerading: false,
      }),
    };
    const refused = async (name: string, payload: Record<string, unknown>) =>
      bus.execute(name, payload, faculty).then(
        () => 'done',
        (error: unknown) => (error as { statusCode?: number }).statusCode,
      );
    expect(
      await refused('ReassignMergedInstructor', {
        id: 's-1',
        fromUserId: 'mark',
        toUserId: 'fiona',
      }),
    ).toBe(403);
    expect(
      await refused('ReleaseMergedPreferences', {
        UserId: 'mark',
        AcademicPeriodId: 'p-2',
        intoUserId: 'fiona',
        outcome: 'masterKept',
      }),
    ).toBe(403);
    // Bad input is a 400, never a 500.
    expect(
      await refused('ReassignMergedInstructor', { id: 's-1', fromUserId: 'x', toUserId: 'x' }),
    ).toBe(400);
  });
});

describe('API keys', () => {
  it('shows a key once, stores only its hash, authenticates with Bearer until revoked', async () => {
    const created = await call('POST', '/api/apiKeys', signedIn('ada'), { name: 'nightly export' });
    expect(created.status).toBe(201);
    const key = String(created.body.key);
    const apiKeyId = String(created.body.apiKeyId);
    expect(key).toMatch(/^allot_[0-9a-f-]{36}_[A-Za-z0-9_-]{43}$/);
    expect(created.body).toMatchObject({ userId: 'ada', name: 'nightly export' });

    const stored = JSON.stringify((await db.store.readAll()).map((e) => [e.data, e.metadata]));
    expect(stored).not.toContain(key.slice(-43));
    expect((await db.events(apiKeyStream(apiKeyId)))[0]?.data).toMatchObject({ userId: 'ada' });

    // The key acts as its user (admin may change settings) without cookie or CSRF token.
    const bearer = { authorization: `Bearer ${key}` };
    const changed = await call('PUT', '/api/settings/institution_name', bearer, {
      value: 'Via key',
    });
    expect(changed.status).toBe(200);
    const last = (await db.events('settings')).at(-1);
    expect(last?.metadata.actorId).toBe('ada');
    // The write names the key and who made it.
    expect(last?.metadata).toMatchObject({ apiKeyId, apiKeyCreatorId: 'ada' });
    // An API key cannot masquerade.
    expect((await call('POST', '/api/users/masquerade', bearer, { id: 'fiona' })).status).toBe(403);
    // Off: the same key authenticates nobody.
    expect((await withoutFlags('POST', '/api/apiKeys', bearer, { name: 'x' })).status).toBe(401);

    expect((await call('DELETE', `/api/apiKeys/${apiKeyId}`, signedIn('ada'))).status).toBe(200);
    expect((await call('POST', '/api/apiKeys', bearer, { name: 'again' })).status).toBe(401);
    expect(
      (
        await call(
          'POST',
          '/api/apiKeys',
          { authorization: 'Bearer allot_nonsense' },
          { name: 'x' },
        )
      ).status,
    ).toBe(401);
  });

  it('acts only as a live, active user, never with powers its maker does not hold', async () => {
    const person = (id: string, extra: Record<string, unknown>) =>
      db.store.appendToStream(users.streamId(id), [
        {
          type: users.eventTypes.created,
          data: { id, firstName: id, lastName: 'Test', isActive: true, ...extra },
        },
      ]);
    await person('boss', { Roles: [{ slug: 'admin' }] });
    await person('teacher', { Roles: [{ slug: 'faculty' }], isFaculty: true });
    await person('left', { Roles: [{ slug: 'faculty' }], isActive: false });
    const key = (as: string, userId: string) =>
      call('POST', '/api/apiKeys', signedIn(as), { name: `for ${userId}`, userId });
    const before = (await db.store.readAll()).length;
    // Academic operations cannot become admin through a key acting as one.
    const escalation = await key('otto', 'boss');
    expect(escalation.status).toBe(403);
    expect(escalation.body.message).toBe(
      'You may not make a key that acts as boss Test: they hold powers you do not.',
    );
    expect((await key('otto', 'nobody')).status).toBe(422);
    expect((await key('otto', 'left')).status).toBe(422);
    expect((await db.store.readAll()).length).toBe(before);
    expect((await key('otto', 'teacher')).status).toBe(201);
    // An administrator may.
    expect((await key('ada', 'boss')).status).toBe(201);
  });

  it('is refused while apiEnabled is off and to users without the ability', async () => {
    expect(
      (await withoutFlags('POST', '/api/apiKeys', signedIn('ada'), { name: 'ci' })).status,
    ).toBe(403);
    expect((await call('POST', '/api/apiKeys', signedIn('fiona'), { name: 'ci' })).status).toBe(
      403,
    );
  });
});
