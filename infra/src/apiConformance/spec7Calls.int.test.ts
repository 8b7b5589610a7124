// @allot-needs postgres
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommandResult, DEMO_FEATURE_FLAGS, SESSION_COOKIE_NAME } from '@allot/shared-events';
import { demoUserId } from '../seed/demoUsers.js';
import {
  sessionHeaders,
  startConformanceApp,
  waitForProjections,
  type ConformanceApp,
} from './conformanceApp.js';

/**
 * Every call of spec §7 against the demo institution, through the whole application
 * (startAllot): status and answer shape. Writes carry their position back (read-your-writes).
 */
let app: ConformanceApp;
const admin = demoUserId('admin');
const faculty = demoUserId('mgarcia');

beforeAll(async () => {
  app = await startConformanceApp();
  await waitForProjections(app.allot);
}, 300_000);

afterAll(async () => {
  await app.close();
});

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

async function call(
  method: string,
  url: string,
  as: string | null,
  options: { body?: unknown; position?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await app.allot.app.inject({
    method: method as 'GET',
    url: `/api/${url}`,
    headers: {
      ...(as ? sessionHeaders(as) : {}),
      ...(options.position ? { 'x-allot-position': options.position } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  const json = (response.headers['content-type'] ?? '').toString().includes('json');
  return {
    status: response.statusCode,
    body: json ? response.json<unknown>() : response.rawPayload,
    headers: response.headers,
  };
}

/** A command's answer: 2xx and { id, revision, position }. */
function commandResult(answer: Answer, status = 200): CommandResult {
  expect({ status: answer.status, body: answer.body }).toEqual({
    status,
    body: expect.objectContaining({ position: expect.any(String) }),
  });
  return CommandResult.parse(answer.body);
}

type Row = Record<string, unknown>;
const rowsOf = (answer: Answer) => (answer.body as { rows: Row[] }).rows;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('§7 Session, settings, app', () => {
  it('app-info, status, auth, auth/me and auth/logout', async () => {
    const appInfo = await call('GET', 'app-info', null);
    expect(appInfo.status).toBe(200);
    expect(appInfo.body).toEqual({
      strategyExists: expect.any(Boolean),
      error: expect.any(String),
      featureFlags: { auth0Enabled: expect.any(Boolean) },
    });
    expect((await call('GET', 'status', null)).body).toEqual({
      version: expect.any(String),
      mode: 'test',
      featureFlags: DEMO_FEATURE_FLAGS,
    });
    const auth = await call('GET', 'auth', admin);
    expect(auth.status).toBe(200);
    expect(auth.body).toMatchObject({
      authenticatedUserId: admin,
      workingUserId: admin,
      displayName: expect.any(String),
      Roles: [{ slug: 'admin' }],
      FeatureFlags: DEMO_FEATURE_FLAGS,
      workgroupPermissions: expect.any(Array),
      progressStepId: 6,
      mode: 'test',
      version: expect.any(String),
      mySharedTeachingEnabled: expect.any(Boolean),
      myTeachingPreferencesEnabled: expect.any(Boolean),
      myTeachingAssignmentsEnabled: expect.any(Boolean),
      myScheduleEnabled: expect.any(Boolean),
    });
    expect((await call('GET', 'auth', null)).body).toMatchObject({ authenticatedUserId: null });
    const me = await call('GET', 'auth/me', faculty);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: faculty,
      displayName: expect.any(String),
      firstName: expect.any(String),
      lastName: expect.any(String),
      Roles: [{ slug: 'faculty' }],
    });
    expect((await call('GET', 'auth/me', null)).status).toBe(401);
    const logout = await call('GET', 'auth/logout', admin);
    expect(logout.status).toBe(200);
    expect(logout.body).toMatchObject({ loggedOut: true });
    expect(String(logout.headers['set-cookie'])).toContain(`${SESSION_COOKIE_NAME}=;`);
  });

  it('settings, settings/primaryColor (default #0736a4) and settingTypes by machineName', async () => {
    const settings = await call('GET', 'settings', null);
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          machineName: 'institution_name',
          Setting: { value: 'Northbridge University' },
        }),
        expect.objectContaining({ machineName: 'primary_color', Setting: { value: '#0736a4' } }),
      ]),
    );
    const color = await call('GET', 'settings/primaryColor', null);
    expect(color).toMatchObject({
      status: 200,
      body: { machineName: 'primary_color', Setting: { value: '#0736a4' } },
    });
    const types = await call(
      'GET',
      `settingTypes?filter=${q({ machineName: 'institution_name' })}`,
      null,
    );
    expect(types.status).toBe(200);
    expect((types.body as { Setting: { value: string } }[])[0]?.Setting.value).toBe(
      'Northbridge University',
    );
    expect((await call('GET', 'settingTypes?filter=%7B', null)).status).toBe(400);
  });

  it('POST settings/upload/logo (multipart field file) is served at logo.png', async () => {
    const before = await call('GET', 'logo.png', null);
    expect(before.status).toBe(200);
    expect(before.headers['content-type']).toContain('image/svg+xml');
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = 'spec7boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await app.allot.app.inject({
      method: 'POST',
      url: '/api/settings/upload/logo',
      headers: {
        ...sessionHeaders(admin),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(upload.statusCode).toBe(200);
    const { position } = CommandResult.parse(upload.json());
    const logo = await call('GET', 'logo.png', null, { position });
    expect(logo.status).toBe(200);
    expect(logo.headers['content-type']).toContain('image/png');
    expect(Buffer.compare(logo.body as Buffer, png)).toBe(0);
  });

  it('userSettings: mine defaults to dark; POST, PUT, DELETE; a user lists only their own', async () => {
    expect((await call('GET', 'userSettings/mine', faculty)).body).toEqual({
      id: null,
      UserId: faculty,
      value: 'dark',
    });
    const created = commandResult(
      await call('POST', 'userSettings', faculty, { body: { value: 'light' } }),
      201,
    );
    let mine = await call('GET', 'userSettings/mine', faculty, { position: created.position });
    expect(mine.body).toMatchObject({ id: created.id, UserId: faculty, value: 'light' });
    const list = await call('GET', 'userSettings', faculty, { position: created.position });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, rows: [{ id: created.id, UserId: faculty }] });
    const updated = commandResult(
      await call('PUT', `userSettings/${created.id}`, faculty, { body: { value: 'dark' } }),
    );
    mine = await call('GET', 'userSettings/mine', faculty, { position: updated.position });
    expect(mine.body).toMatchObject({ id: created.id, value: 'dark' });
    const deleted = commandResult(await call('DELETE', `userSettings/${created.id}`, faculty));
    mine = await call('GET', 'userSettings/mine', faculty, { position: deleted.position });
    expect(mine.body).toEqual({ id: null, UserId: faculty, value: 'dark' });
  });
});

describe('§7 Realtime', () => {
  it('answers the socket.io handshake at /api/socket.io over real HTTP', async () => {
    const response = await fetch(`${app.allot.url}/api/socket.io/?EIO=4&transport=polling`, {
      headers: sessionHeaders(faculty),
    });
    expect(response.status).toBe(200);
    // Engine.IO's open packet: "0" and the handshake JSON with the connection's sid.
    const packet = await response.text();
    expect(packet.startsWith('0{')).toBe(true);
    expect(JSON.parse(packet.slice(1))).toMatchObject({ sid: expect.any(String) });
  });
});

describe('§7 Masquerade', () => {
  it('POST users/masquerade {id} switches the working user; DELETE ends it', async () => {
    const signedIn = sessionHeaders(admin);
    const started = await call('POST', 'users/masquerade', null, {
      body: { id: faculty },
      headers: signedIn,
    });
    expect(started).toMatchObject({
      status: 200,
      body: { authenticatedUserId: admin, workingUserId: faculty },
    });
    const cookie = /allot_session=[^;]+/.exec(String(started.headers['set-cookie']))?.[0] ?? '';
    expect(cookie).not.toBe('');
    // The session id stays, so the CSRF token stays too.
    const masked = { cookie, 'x-csrf-token': signedIn['x-csrf-token'] ?? '' };
    expect((await call('GET', 'auth', null, { headers: masked })).body).toMatchObject({
      authenticatedUserId: admin,
      workingUserId: faculty,
      Roles: [{ slug: 'faculty' }],
    });
    const ended = await app.allot.app.inject({
      method: 'DELETE',
      url: '/api/users/masquerade',
      headers: masked,
    });
    expect({ status: ended.statusCode, body: ended.json<unknown>() }).toEqual({
      status: 200,
      body: { authenticatedUserId: admin, workingUserId: admin },
    });
  });
});

describe('§7 Users', () => {
  const listQuery = `take=2&skip=1&include=true&filter=${q({ isFaculty: true })}&sort=${q([
    ['lastName', 'DESC'],
  ])}`;

  it('lists with take, skip, include, filter and sort; collection/users answers the same', async () => {
    const all = await call('GET', 'users', admin);
    expect(all.status).toBe(200);
    const lastNames = rowsOf(all).map((r) => String(r.lastName));
    expect(lastNames.length).toBeGreaterThanOrEqual(10);
    expect(lastNames).toEqual([...lastNames].sort((a, b) => a.localeCompare(b)));

    const page = await call('GET', `users?${listQuery}`, admin);
    expect(page.status).toBe(200);
    const { count, rows } = page.body as { count: number; rows: Row[] };
    expect(rows).toHaveLength(2);
    expect(count).toBeGreaterThan(2);
    expect(rows.every((r) => r.isFaculty === true)).toBe(true);
    const names = rows.map((r) => String(r.lastName));
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    const collection = await call('GET', `collection/users?${listQuery}`, admin);
    expect({ status: collection.status, body: collection.body }).toEqual({
      status: 200,
      body: page.body,
    });
  });

  it('selects id and displayName as name for isFaculty true and false; id, lastName, firstName', async () => {
    for (const isFaculty of [true, false]) {
      const answer = await call(
        'GET',
        `users?filter=${q({ isFaculty })}&select=${encodeURIComponent('id,displayName as name')}`,
        admin,
      );
      expect(answer.status).toBe(200);
      expect(rowsOf(answer).length).toBeGreaterThan(0);
      for (const row of rowsOf(answer)) expect(Object.keys(row).sort()).toEqual(['id', 'name']);
    }
    const names = await call('GET', 'users?select=id,lastName,firstName', admin);
    for (const row of rowsOf(names)) {
      expect(Object.keys(row).sort()).toEqual(['firstName', 'id', 'lastName']);
    }
  });

  it('facultyProfile/{userId}, {id}?keysOnly=Roles, current and current/roles', async () => {
    const profile = await call('GET', `users/facultyProfile/${faculty}`, faculty);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ UserId: faculty });
    expect((await call('GET', `users/${admin}?keysOnly=Roles`, admin)).body).toEqual({
      id: admin,
      Roles: [{ slug: 'admin' }],
    });
    expect((await call('GET', 'users/current', faculty)).body).toMatchObject({
      id: faculty,
      Roles: [{ slug: 'faculty' }],
    });
    expect((await call('GET', 'users/current/roles', faculty)).body).toEqual([{ slug: 'faculty' }]);
  });

  it('POST, PUT, DELETE users; PUT users/{id}/working; POST users/merge', async () => {
    const person = (n: number) => ({
      firstName: `Spec${String(n)}`,
      lastName: 'Seven',
      email: `spec7.${String(n)}@example.edu`,
      username: `spec7-${String(n)}`,
    });
    const created = commandResult(await call('POST', 'users', admin, { body: person(1) }), 201);
    const read = await call('GET', `users/${created.id}`, admin, { position: created.position });
    expect(read.body).toMatchObject({ id: created.id, firstName: 'Spec1', lastName: 'Seven' });
    const updated = commandResult(
      await call('PUT', `users/${created.id}`, admin, { body: { lastName: 'Sieben' } }),
    );
    expect(
      (await call('GET', `users/${created.id}`, admin, { position: updated.position })).body,
    ).toMatchObject({ lastName: 'Sieben' });

    const duplicate = commandResult(await call('POST', 'users', admin, { body: person(2) }), 201);
    const merged = commandResult(
      await call('POST', 'users/merge', admin, {
        body: { masterId: created.id, duplicateId: duplicate.id },
      }),
    );
    expect(merged.position).toEqual(expect.any(String));

    const deleted = commandResult(await call('DELETE', `users/${created.id}`, admin));
    expect(
      (await call('GET', `users/${created.id}`, admin, { position: deleted.position })).status,
    ).toBe(404);

    const periods = rowsOf(await call('GET', 'academicPeriods?select=id,name', admin));
    const active = (await call('GET', 'academicPeriods/active/id', admin)).body as { id: string };
    const other = periods.find((p) => p.id !== active.id)?.id as string;
    const working = commandResult(
      await call('PUT', `users/${admin}/working`, admin, {
        body: { id: admin, WorkingAcademicPeriodId: other },
      }),
    );
    expect(
      (await call('GET', 'academicPeriods/active/id', admin, { position: working.position })).body,
    ).toEqual({ id: other });
    // Back to the institution's period, so the rest of the file sees the demo as seeded.
    const back = commandResult(
      await call('PUT', `users/${admin}/working`, admin, {
        body: { id: admin, WorkingAcademicPeriodId: active.id },
      }),
    );
    expect(
      (await call('GET', 'academicPeriods/active/id', admin, { position: back.position })).body,
    ).toEqual(active);
  });
});

describe('§7 Academic periods', () => {
  it('lists sorted by startDate descending, pages, and selects id and name', async () => {
    const all = await call('GET', 'academicPeriods', admin);
    expect(all.status).toBe(200);
    const starts = rowsOf(all).map((r) => String(r.startDate));
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(starts).toEqual([...starts].sort().reverse());
    const page = await call('GET', 'academicPeriods?take=1&skip=1', admin);
    expect(page.body).toMatchObject({ count: starts.length, rows: [{ startDate: starts[1] }] });
    for (const row of rowsOf(await call('GET', 'academicPeriods?select=id,name', admin))) {
      expect(Object.keys(row).sort()).toEqual(['id', 'name']);
    }
  });

  it('{id}, active, active/id, systemActive and publishedForFaculty', async () => {
    const system = await call('GET', 'academicPeriods/systemActive', faculty);
    expect(system.body).toMatchObject({ id: expect.any(String), isSystemActive: true });
    const systemId = (system.body as { id: string }).id;
    expect((await call('GET', `academicPeriods/${systemId}`, admin)).body).toMatchObject({
      id: systemId,
      name: expect.any(String),
      startDate: expect.any(String),
      endDate: expect.any(String),
    });
    expect((await call('GET', 'academicPeriods/active', faculty)).body).toMatchObject({
      id: systemId,
    });
    expect((await call('GET', 'academicPeriods/active/id', faculty)).body).toEqual({
      id: systemId,
    });
    const published = await call('GET', 'academicPeriods/publishedForFaculty', faculty);
    expect(published.status).toBe(200);
    expect(rowsOf(published).length).toBeGreaterThanOrEqual(2);
    expect(rowsOf(published).every((r) => r.publishedForFaculty === true)).toBe(true);
  });

  it('POST, PUT and DELETE academicPeriods', async () => {
    const created = commandResult(
      await call('POST', 'academicPeriods', admin, {
        body: { name: 'Spec 7 Year', startDate: '2040-08-15', endDate: '2041-08-14' },
      }),
      201,
    );
    const updated = commandResult(
      await call('PUT', `academicPeriods/${created.id}`, admin, { body: { name: 'Spec 7' } }),
    );
    expect(
      (await call('GET', `academicPeriods/${created.id}`, admin, { position: updated.position }))
        .body,
    ).toMatchObject({ id: created.id, name: 'Spec 7', startDate: '2040-08-15' });
    const deleted = commandResult(await call('DELETE', `academicPeriods/${created.id}`, admin));
    expect(
      (await call('GET', `academicPeriods/${created.id}`, admin, { position: deleted.position }))
        .status,
    ).toBe(404);
  });
});
