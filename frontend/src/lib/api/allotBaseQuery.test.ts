/**
 * @jest-environment node
 */
// Real HTTP: a small server plays the command service's CSRF, position and error answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { createAllotBaseQuery, type RequestProblem } from './allotBaseQuery.js';

interface Seen {
  method: string;
  url: string;
  csrf: string | undefined;
  position: string | undefined;
}

let server: http.Server;
let baseUrl: string;
let seen: Seen[] = [];
let token = 'token-1';
let nextPosition = '10:5';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '';
    const csrf = req.headers['x-csrf-token'];
    const position = req.headers['x-allot-position'];
    seen.push({
      method: req.method ?? '',
      url,
      csrf: typeof csrf === 'string' ? csrf : undefined,
      position: typeof position === 'string' ? position : undefined,
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url === '/api/auth/csrf') return json(200, { csrfToken: token });
    if (url.startsWith('/api/signedOut/')) return json(401, { message: 'Please log in.' });
    if (url === '/api/unauthenticated') return json(401, { message: 'Please log in.' });
    if (url === '/api/forbidden') return json(403, { message: 'Not allowed.' });
    if (url === '/api/broken') return json(500, { message: 'It broke.' });
    if (url === '/api/notJson') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{not json');
    }
    if (url === '/api/slow') return void setTimeout(() => json(200, {}), 500);
    if (url.startsWith('/api/commands')) {
      if (req.method !== 'GET' && csrf !== token) {
        return json(403, {
          message: 'This request lacks a valid CSRF token. Reload the page and try again.',
        });
      }
      if (req.method === 'GET') return json(200, { rows: [] });
      return json(200, { id: 'x', revision: 1, position: nextPosition });
    }
    json(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  token = 'token-1';
  nextPosition = '10:5';
});

function apiFor(type: 'query' | 'mutation', endpoint = 'someEndpoint'): BaseQueryApi {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispatch: (action: unknown) => action,
    getState: () => ({}),
    extra: undefined,
    endpoint,
    type,
  } as BaseQueryApi;
}

function setup(options: Parameters<typeof createAllotBaseQuery>[0] = {}) {
  const warnings: string[] = [];
  const rejected: number[] = [];
  const problems: RequestProblem[] = [];
  const baseQuery = createAllotBaseQuery({
    baseUrl,
    log: { warn: (message: string) => warnings.push(message) },
    onAuthRejected: (_api, status) => rejected.push(status),
    onMutationProblem: (problem) => problems.push(problem),
    ...options,
  });
  return { baseQuery, warnings, rejected, problems };
}

describe('allotBaseQuery', () => {
  it('fetches the CSRF token once and sends it on every non-GET, never on a GET', async () => {
    const { baseQuery } = setup();
    await baseQuery('commands', apiFor('query'), {});
    await baseQuery({ url: 'commands', method: 'POST', body: { a: 1 } }, apiFor('mutation'), {});
    await baseQuery({ url: 'commands/1', method: 'PUT', body: {} }, apiFor('mutation'), {});
    await baseQuery({ url: 'commands/1', method: 'DELETE' }, apiFor('mutation'), {});
    expect(seen.map((s) => `${s.method} ${s.url} ${s.csrf ?? '-'}`)).toEqual([
      'GET /api/commands -',
      'GET /api/auth/csrf -',
      'POST /api/commands token-1',
      'PUT /api/commands/1 token-1',
      'DELETE /api/commands/1 token-1',
    ]);
  });

  it('fetches a fresh token and retries once when the server refuses the CSRF token', async () => {
    const { baseQuery, rejected } = setup();
    await baseQuery({ url: 'commands', method: 'POST', body: {} }, apiFor('mutation'), {});
    token = 'token-2';
    const result = await baseQuery(
      { url: 'commands', method: 'POST', body: {} },
      apiFor('mutation'),
      {},
    );
    expect(result.error).toBeUndefined();
    expect(seen.map((s) => `${s.method} ${s.url} ${s.csrf ?? '-'}`)).toEqual([
      'GET /api/auth/csrf -',
      'POST /api/commands token-1',
      'POST /api/commands token-1',
      'GET /api/auth/csrf -',
      'POST /api/commands token-2',
    ]);
    expect(rejected).toEqual([]);
  });

  it('retries a CSRF refusal only once, then reports the 403', async () => {
    const rejected: number[] = [];
    token = 'never-matches';
    const csrfServedOnce = createAllotBaseQuery({
      baseUrl,
      log: { warn: () => undefined },
      onAuthRejected: (_api, status) => rejected.push(status),
      fetchFn: (input, init) => {
        // The page holds a token the server no longer accepts, however often it asks.
        const request = new Request(input, init);
        if (request.url.endsWith('/auth/csrf')) {
          return Promise.resolve(Response.json({ csrfToken: 'stale' }));
        }
        return fetch(request);
      },
    });
    const result = await csrfServedOnce(
      { url: 'commands', method: 'POST', body: {} },
      apiFor('mutation'),
      {},
    );
    expect(result.error?.status).toBe(403);
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(2);
    expect(rejected).toEqual([403]);
  });

  it('sends without a token when signed out (the server answers 401) and asks again later', async () => {
    const rejected: number[] = [];
    const signedOut = createAllotBaseQuery({
      baseUrl: baseUrl.replace(/\/api\/$/, '/api/signedOut/'),
      log: { warn: () => undefined },
      onAuthRejected: (_api, status) => rejected.push(status),
    });
    await signedOut({ url: 'x', method: 'POST', body: {} }, apiFor('mutation'), {});
    await signedOut({ url: 'x', method: 'POST', body: {} }, apiFor('mutation'), {});
    expect(seen.filter((s) => s.url.endsWith('/csrf'))).toHaveLength(2);
    expect(seen.filter((s) => s.method === 'POST').every((s) => s.csrf === undefined)).toBe(true);
    expect(rejected).toEqual([401, 401]);
  });

  it('sends the latest command position as X-Allot-Position, never moving backwards', async () => {
    const { baseQuery } = setup();
    await baseQuery('commands', apiFor('query'), {});
    nextPosition = '12:3';
    await baseQuery({ url: 'commands', method: 'POST', body: {} }, apiFor('mutation'), {});
    await baseQuery('commands', apiFor('query'), {});
    nextPosition = '11:99';
    await baseQuery({ url: 'commands', method: 'POST', body: {} }, apiFor('mutation'), {});
    nextPosition = '12:10';
    await baseQuery({ url: 'commands', method: 'POST', body: {} }, apiFor('mutation'), {});
    await baseQuery('commands', apiFor('query'), {});
    expect(
      seen.filter((s) => s.url === '/api/commands').map((s) => `${s.method} ${s.position ?? '-'}`),
    ).toEqual(['GET -', 'POST -', 'GET 12:3', 'POST 12:3', 'POST 12:3', 'GET 12:10']);
    expect(baseQuery.lastPosition()).toBe('12:10');
  });

  it('logs a 401 as unauthenticated and a 403 as unauthorized, invalidating the auth context', async () => {
    const { baseQuery, warnings, rejected, problems } = setup();
    await baseQuery('unauthenticated', apiFor('query'), {});
    await baseQuery('forbidden', apiFor('query'), {});
    expect(rejected).toEqual([401, 403]);
    expect(warnings).toEqual([
      expect.stringContaining('unauthenticated'),
      expect.stringContaining('unauthorized'),
    ]);
    expect(problems).toEqual([]);
  });

  it('a 401 makes the next non-GET fetch a fresh CSRF token', async () => {
    const { baseQuery } = setup();
    await baseQuery({ url: 'commands', method: 'POST', body: {} }, apiFor('mutation'), {});
    await baseQuery('unauthenticated', apiFor('query'), {});
    await baseQuery({ url: 'commands', method: 'POST', body: {} }, apiFor('mutation'), {});
    expect(seen.filter((s) => s.url === '/api/auth/csrf')).toHaveLength(2);
  });

  it('surfaces FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR and 5xx of mutations as problems', async () => {
    const { baseQuery, problems } = setup({ timeoutMs: 100 });
    const unreachable = createAllotBaseQuery({
      baseUrl: 'http://127.0.0.1:1/api/',
      onMutationProblem: (problem) => problems.push(problem),
    });
    // GET, so no CSRF request precedes it: the call itself fails.
    const fetchError = await unreachable(
      { url: 'x', method: 'GET' },
      apiFor('mutation', 'unreachable'),
      {},
    );
    const timeout = await baseQuery(
      { url: 'slow', method: 'GET' },
      apiFor('mutation', 'slowOne'),
      {},
    );
    const parsing = await baseQuery('notJson', apiFor('mutation', 'garbled'), {});
    const server = await baseQuery('broken', apiFor('mutation', 'broken'), {});
    expect([fetchError, timeout, parsing, server].map((r) => r.error?.status)).toEqual([
      'FETCH_ERROR',
      'TIMEOUT_ERROR',
      'PARSING_ERROR',
      500,
    ]);
    expect(problems.map((p) => `${p.kind} ${p.endpoint}`)).toEqual([
      'FETCH_ERROR unreachable',
      'TIMEOUT_ERROR slowOne',
      'PARSING_ERROR garbled',
      'SERVER_ERROR broken',
    ]);
    expect(problems[3]?.message).toBe('It broke.');
  });

  it('leaves failed queries to their pages (no toast)', async () => {
    const { baseQuery, problems } = setup({ timeoutMs: 100 });
    const result = await baseQuery('slow', apiFor('query'), {});
    expect(result.error?.status).toBe('TIMEOUT_ERROR');
    expect(problems).toEqual([]);
  });
});
