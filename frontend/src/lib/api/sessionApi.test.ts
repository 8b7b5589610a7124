/**
 * @jest-environment node
 */
import { jest } from '@jest/globals';
// The real slice and store against a small HTTP server that answers as the Allot API does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStore, type AppStore } from './store.js';
import { sessionApi } from './sessionApi.js';
import { refreshAfterResourceWrite, refreshAfterWrite } from './cacheRefresh.js';
import { resourceApi } from './resourceApi.js';
import { suggestionsApi } from '../../features/teaching/api/suggestionsApi.js';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  position: string | undefined;
}

let server: http.Server;
let seen: Seen[] = [];
let primaryColor = '';
let mineStatus = 200;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const position = req.headers['x-allot-position'];
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
        position: typeof position === 'string' ? position : undefined,
      });
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const command = { id: 's1', revision: 0, position: '7:1' };
      switch (`${req.method ?? ''} ${url.pathname}`) {
        case 'GET /api/auth/csrf':
          return json(200, { csrfToken: 't' });
        case 'GET /api/auth':
          return json(200, { authenticatedUserId: 'u1', workingUserId: 'u1' });
        case 'GET /api/settings':
          return json(200, [
            { id: '1', machineName: 'institution_name', Setting: { value: 'Uni' } },
            { id: '2', machineName: 'primary_color', Setting: { value: primaryColor } },
          ]);
        case 'GET /api/settings/primaryColor':
          return json(200, {
            id: '2',
            machineName: 'primary_color',
            Setting: { value: primaryColor },
          });
        case 'GET /api/userSettings/mine':
          return mineStatus === 200
            ? json(200, { id: null, UserId: 'u1', value: 'dark' })
            : json(mineStatus, { message: 'Please log in.' });
        case 'POST /api/userSettings':
          return json(200, command);
        case 'GET /api/users':
          return json(200, { count: 1, rows: [{ id: 'u2', name: 'Ada Lovelace' }] });
        case 'POST /api/users/masquerade':
        case 'DELETE /api/users/masquerade':
          return json(200, {});
        case 'PUT /api/users/u1/working':
          return json(200, { ...command, id: 'u1', position: '8:0' });
        case 'GET /api/academicPeriods':
          return json(200, { count: 0, rows: [] });
        case 'GET /api/academicPeriods/active/id':
          return json(200, { id: 'p1' });
        case 'GET /api/settingTypes':
          return json(200, [
            { id: '1', machineName: 'institution_name', Setting: { value: 'Uni' } },
          ]);
        case 'GET /api/sections/s1/suggestedAssignees':
          return json(200, { SectionId: 's1', candidates: 0, suggested: [], blocked: [] });
        case 'PUT /api/users/u2':
          return json(200, { ...command, id: 'u2', revision: 4 });
        case 'GET /api/auth/me':
          return mineStatus === 200
            ? json(200, { id: 'u1', displayName: 'Ada Admin', Roles: [{ slug: 'admin' }] })
            : json(mineStatus, { message: 'Please log in.' });
        default:
          return json(404, { message: 'Not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // The base query resolves /api/ against the page's location, as in the browser.
  Object.defineProperty(globalThis, 'location', {
    value: new URL(`http://127.0.0.1:${String(port)}/some/page`),
    configurable: true,
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let store: AppStore;
beforeEach(() => {
  seen = [];
  primaryColor = '';
  mineStatus = 200;
  store = createStore();
});

const count = (method: string, path: string) =>
  seen.filter((s) => s.method === method && s.path === path).length;

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

describe('session endpoints', () => {
  it('reads settings and the primary colour with the default colour for an empty one', async () => {
    const settings = await store.dispatch(sessionApi.endpoints.getSettings.initiate());
    const colour = await store.dispatch(sessionApi.endpoints.getPrimaryColor.initiate());
    expect(settings.data?.find((s) => s.machineName === 'primary_color')?.Setting?.value).toBe(
      '#0736a4',
    );
    expect(colour.data).toBe('#0736a4');
    primaryColor = '#aa0000';
    const again = await store.dispatch(
      sessionApi.endpoints.getPrimaryColor.initiate(undefined, { forceRefetch: true }),
    );
    expect(again.data).toBe('#aa0000');
  });

  it('reads one setting through settingTypes, the active period id, and the signed-in person', async () => {
    const name = await store.dispatch(
      sessionApi.endpoints.getSettingValue.initiate('institution_name'),
    );
    expect(name.data).toBe('Uni');
    expect(
      JSON.parse(seen.find((s) => s.path === '/api/settingTypes')?.query.get('filter') ?? ''),
    ).toEqual({ machineName: 'institution_name' });
    const id = await store.dispatch(sessionApi.endpoints.getActiveAcademicPeriodId.initiate());
    expect(id.data).toBe('p1');
    const me = await store.dispatch(sessionApi.endpoints.getMe.initiate());
    expect(me.data?.displayName).toBe('Ada Admin');
  });

  it('lists periods for pickers selecting id and name, newest first', async () => {
    await store.dispatch(sessionApi.endpoints.getAcademicPeriodChoices.initiate());
    const query = seen.find((s) => s.path === '/api/academicPeriods')?.query;
    expect(query?.get('select')).toBe('id,name');
    expect(JSON.parse(query?.get('sort') ?? '')).toEqual([['startDate', 'DESC']]);
  });

  it('lists users for the masquerade picker selecting id and displayName as name', async () => {
    const answer = await store.dispatch(
      sessionApi.endpoints.getUserChoices.initiate({ isFaculty: true, filter: ' Ada ' }),
    );
    expect(answer.data?.rows).toEqual([{ id: 'u2', name: 'Ada Lovelace' }]);
    const query = seen.find((s) => s.path === '/api/users')?.query;
    expect(query?.get('select')).toBe('id,displayName as name');
    expect(JSON.parse(query?.get('filter') ?? '')).toEqual({
      isActive: true,
      isFaculty: true,
      displayName: { op: 'contains', value: 'Ada' },
    });
    expect(JSON.parse(query?.get('sort') ?? '')).toEqual([
      ['lastName', 'ASC'],
      ['firstName', 'ASC'],
    ]);
  });

  it('starting and ending a masquerade refresh the auth context and every other cache', async () => {
    void store.dispatch(sessionApi.endpoints.getAuth.initiate());
    void store.dispatch(sessionApi.endpoints.getSettings.initiate());
    void store.dispatch(sessionApi.endpoints.getMyUserSettings.initiate());
    await until(
      () => count('GET', '/api/userSettings/mine') === 1 && count('GET', '/api/auth') === 1,
    );
    await store.dispatch(sessionApi.endpoints.startMasquerade.initiate({ id: 'u2' }));
    await until(
      () =>
        count('GET', '/api/auth') === 2 &&
        count('GET', '/api/settings') === 2 &&
        count('GET', '/api/userSettings/mine') === 2,
    );
    expect(seen.find((s) => s.method === 'POST')?.body).toEqual({ id: 'u2' });
    await store.dispatch(sessionApi.endpoints.endMasquerade.initiate());
    await until(() => count('GET', '/api/auth') === 3);
  });

  it('sets the working period with { id, WorkingAcademicPeriodId } and reads after that write', async () => {
    void store.dispatch(sessionApi.endpoints.getAuth.initiate());
    void store.dispatch(sessionApi.endpoints.getAcademicPeriods.initiate());
    await until(() => count('GET', '/api/auth') === 1);
    await store.dispatch(
      sessionApi.endpoints.setWorkingAcademicPeriod.initiate({
        userId: 'u1',
        academicPeriodId: 'p2',
      }),
    );
    expect(seen.find((s) => s.method === 'PUT')?.body).toEqual({
      id: 'u1',
      WorkingAcademicPeriodId: 'p2',
    });
    await until(
      () => count('GET', '/api/auth') === 2 && count('GET', '/api/academicPeriods') === 2,
    );
    // The refetches carry the position the command answered (read-your-writes).
    expect(seen.filter((s) => s.method === 'GET').at(-1)?.position).toBe('8:0');
  });

  it('creating the user settings refreshes GET userSettings/mine', async () => {
    void store.dispatch(sessionApi.endpoints.getMyUserSettings.initiate());
    await until(() => count('GET', '/api/userSettings/mine') === 1);
    await store.dispatch(
      sessionApi.endpoints.createUserSettings.initiate({ UserId: 'u1', value: 'light' }),
    );
    await until(() => count('GET', '/api/userSettings/mine') === 2);
    expect(seen.find((s) => s.method === 'POST')?.body).toEqual({ UserId: 'u1', value: 'light' });
  });

  it('a 401 answer refetches the auth context', async () => {
    void store.dispatch(sessionApi.endpoints.getAuth.initiate());
    await until(() => count('GET', '/api/auth') === 1);
    mineStatus = 401;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.dispatch(sessionApi.endpoints.getMyUserSettings.initiate());
    await until(() => count('GET', '/api/auth') === 2);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('unauthenticated'));
    warn.mockRestore();
  });
});

describe('401 without a loop', () => {
  it('a query refreshed with the auth context does not refetch itself forever on its own 401', async () => {
    mineStatus = 401;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    void store.dispatch(sessionApi.endpoints.getAuth.initiate());
    void store.dispatch(sessionApi.endpoints.getMe.initiate());
    await until(() => count('GET', '/api/auth') >= 2);
    await new Promise((r) => setTimeout(r, 500));
    // At most one refetch (the invalidation raised while it was still in flight), then it rests.
    expect(count('GET', '/api/auth/me')).toBeLessThanOrEqual(2);
    expect(count('GET', '/api/auth')).toBeLessThanOrEqual(3);
    warn.mockRestore();
  });
});

describe('cache refresh after writes (spec §7)', () => {
  it('maps each write to the tags it refreshes', () => {
    expect(refreshAfterWrite('Settings')).toEqual([
      { type: 'Settings', id: 'LIST' },
      'SettingTypes',
      'AppInfo',
    ]);
    expect(refreshAfterWrite('ProgressActions', { id: 'a1' })).toEqual([
      { type: 'ProgressActions', id: 'LIST' },
      { type: 'ProgressActions', id: 'a1' },
      'ProgressSteps',
      'Auth',
    ]);
    expect(
      refreshAfterWrite('AcademicTerms', { id: 't1', related: { AcademicPeriods: 'p1' } }),
    ).toEqual([
      { type: 'AcademicTerms', id: 'LIST' },
      { type: 'AcademicTerms', id: 't1' },
      { type: 'AcademicPeriods', id: 'p1' },
    ]);
    expect(refreshAfterWrite('Workgroups')).toEqual([
      { type: 'Workgroups', id: 'LIST' },
      'Users',
      'Auth',
    ]);
    // A faculty profile change refreshes the user; create or update also suggested assignees.
    expect(refreshAfterWrite('Users', { id: 'u2' })).toEqual([
      { type: 'Users', id: 'LIST' },
      { type: 'Users', id: 'u2' },
      'Auth',
      { type: 'ResourceList', id: 'suggestedAssignees' },
    ]);
  });
});

describe('cache refresh after generic resource writes (spec §7)', () => {
  it('refreshes the session caches and related kinds’ lists', () => {
    expect(refreshAfterResourceWrite('academicTerms')).toEqual([
      'AcademicTerms',
      'AcademicPeriods',
      { type: 'ResourceList', id: 'academicPeriods' },
    ]);
    expect(refreshAfterResourceWrite('workgroups')).toEqual([
      'Workgroups',
      'Users',
      'Auth',
      { type: 'ResourceList', id: 'users' },
    ]);
    expect(refreshAfterResourceWrite('courseOfferings')).toEqual([
      { type: 'ResourceList', id: 'offeringTermModes' },
      { type: 'ResourceList', id: 'courses' },
    ]);
    expect(refreshAfterResourceWrite('users')).toEqual([
      'Users',
      'Auth',
      { type: 'ResourceList', id: 'suggestedAssignees' },
    ]);
    // An instructor effort change refreshes the faculty profile list.
    expect(refreshAfterResourceWrite('effortPositions')).toEqual([
      'Users',
      { type: 'ResourceList', id: 'users' },
    ]);
    expect(refreshAfterResourceWrite('ranks')).toEqual([]);
  });

  it('a faculty profile saved with its user refetches the suggested assignees on screen', async () => {
    const suggestions = store.dispatch(
      suggestionsApi.endpoints.suggestedAssignees.initiate({ sectionId: 's1' }),
    );
    await suggestions;
    expect(count('GET', '/api/sections/s1/suggestedAssignees')).toBe(1);
    const saved = await store.dispatch(
      resourceApi.endpoints.updateResource.initiate({
        path: 'users',
        id: 'u2',
        revision: 3,
        body: { FacultyProfile: { receiveAssignments: false } },
      }),
    );
    expect(saved.data).toMatchObject({ id: 'u2' });
    await until(() => count('GET', '/api/sections/s1/suggestedAssignees') === 2);
  });
});
