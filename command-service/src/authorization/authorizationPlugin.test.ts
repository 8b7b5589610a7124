import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { createSessionCodec, csrfTokenFor, SESSION_COOKIE_NAME } from '@allot/shared-events';
import { errorHandlerPlugin } from '../errors/errorHandlerPlugin.js';
import { testAbilityFor } from '../testing/testApp.js';
import { authorizationPlugin } from './authorizationPlugin.js';

const codec = createSessionCodec({
  secrets: ['a-session-secret-long-enough-for-tests!!'],
  ttlMs: 60_000,
});
const CSRF_SECRET = 'a-csrf-secret-long-enough-for-tests!!!!!';
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = Fastify();
  await app.register(errorHandlerPlugin);
  await app.register(authorizationPlugin, {
    sessionCodec: codec,
    csrfSecret: CSRF_SECRET,
    abilityFor: testAbilityFor({ admin: [{ action: 'manage', subject: 'Configuration' }] }),
  });
  const echo = (request: {
    session: unknown;
    ability: { can(a: string, s: string): boolean };
  }) => ({
    session: request.session,
    canManage: request.ability.can('manage', 'Configuration'),
  });
  app.get('/probe', (request, reply) => reply.send(echo(request)));
  app.post('/probe', (request, reply) => reply.send(echo(request)));
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
});

function session(userId: string, workingUserId = userId) {
  const cookie = codec.encode({ userId, workingUserId });
  const decoded = codec.decode(cookie);
  if (!decoded) throw new Error('codec refused its own cookie');
  return { cookie: `${SESSION_COOKIE_NAME}=${cookie}`, csrf: csrfTokenFor(decoded, CSRF_SECRET) };
}

async function probe(method: 'GET' | 'POST', headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/probe`, { method, headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('authorizationPlugin', () => {
  it('gives a request without a session no session and no rules', async () => {
    expect(await probe('GET')).toEqual({ status: 200, body: { session: null, canManage: false } });
    expect(await probe('POST')).toEqual({ status: 200, body: { session: null, canManage: false } });
  });

  it('builds the ability of the working user from the session', async () => {
    const { cookie } = session('admin');
    const { status, body } = await probe('GET', { cookie });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      canManage: true,
      session: { userId: 'admin', workingUserId: 'admin' },
    });
  });

  it('applies the masqueraded user’s abilities, not the authenticated one’s', async () => {
    const { cookie } = session('admin', 'faculty-7');
    expect((await probe('GET', { cookie })).body).toMatchObject({ canManage: false });
  });

  it('needs no CSRF token on a safe method, and the session’s own token on others', async () => {
    const mine = session('admin');
    const other = session('admin');
    expect((await probe('GET', { cookie: mine.cookie })).status).toBe(200);
    expect((await probe('POST', { cookie: mine.cookie })).status).toBe(403);
    expect((await probe('POST', { cookie: mine.cookie, 'x-csrf-token': other.csrf })).status).toBe(
      403,
    );
    expect((await probe('POST', { cookie: mine.cookie, 'x-csrf-token': mine.csrf })).status).toBe(
      200,
    );
  });

  it('treats a tampered or foreign cookie as no session', async () => {
    const foreign = createSessionCodec({
      secrets: ['someone-else-s-secret-long-enough!!!!!'],
      ttlMs: 60_000,
    });
    const cookie = `${SESSION_COOKIE_NAME}=${foreign.encode({ userId: 'admin', workingUserId: 'admin' })}`;
    expect(await probe('POST', { cookie })).toEqual({
      status: 200,
      body: { session: null, canManage: false },
    });
  });
});
