import Fastify, { type FastifyInstance } from 'fastify';
import {
  createSessionCodec,
  csrfTokenFor,
  SESSION_COOKIE_NAME,
  type EventStore,
} from '@allot/shared-events';
import { abilityFromRules, emptyAbility, type AppRule } from '../authorization/ability.js';
import type { AbilityResolver } from '../authorization/authorizationPlugin.js';
import { commandServicePlugin, type CommandServiceOptions } from '../app.js';

export const TEST_SESSION_SECRET = 'test-session-secret-of-at-least-32-characters';
export const TEST_CSRF_SECRET = 'test-csrf-secret-of-at-least-32-characters';

/** Abilities by (working) user id, from given rules; unknown users have none. */
export function testAbilityFor(rulesByUser: Record<string, readonly AppRule[]>): AbilityResolver {
  return (session) => {
    const rules = Object.prototype.hasOwnProperty.call(rulesByUser, session.workingUserId)
      ? rulesByUser[session.workingUserId]
      : undefined;
    return rules ? abilityFromRules(rules) : emptyAbility();
  };
}

export interface TestRequest {
  method: string;
  url: string;
  /** An object is sent as JSON; a string as-is (set its content-type in `headers`). */
  payload?: object | string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers loosely
}

export interface TestApp {
  app: FastifyInstance;
  /**
   * A real HTTP request to the listening app. Not `app.inject`: light-my-request requires the
   * ESM-only `cookie` 2, which jest cannot `require` on Node 20.
   */
  request(request: TestRequest): Promise<TestResponse>;
  /** Cookie and CSRF headers of a fresh session; `workingUserId` differs while masquerading. */
  signedIn(userId: string, workingUserId?: string): Record<string, string>;
  /** Only the cookie: what a cross-site form post would carry. */
  cookieOnly(userId: string): Record<string, string>;
}

export async function buildTestApp(
  store: EventStore,
  rulesByUser: Record<string, readonly AppRule[]> = {},
  /** More of the service's options (jobs, report exports, …). */
  extra: Partial<CommandServiceOptions> = {},
): Promise<TestApp> {
  const sessionCodec = createSessionCodec({
    secrets: [TEST_SESSION_SECRET],
    ttlMs: 60 * 60 * 1000,
  });
  const app = Fastify({ logger: false });
  await app.register(commandServicePlugin, {
    store,
    sessionCodec,
    csrfSecret: TEST_CSRF_SECRET,
    mode: 'test',
    abilityFor: testAbilityFor(rulesByUser),
    ...extra,
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const cookieFor = (userId: string, workingUserId = userId) => {
    const cookie = sessionCodec.encode({ userId, workingUserId });
    const session = sessionCodec.decode(cookie);
    if (!session) throw new Error('the test session codec refused its own cookie');
    return { cookie: `${SESSION_COOKIE_NAME}=${cookie}`, session };
  };
  return {
    app,
    async request({ method, url, payload, headers = {} }) {
      const json = typeof payload === 'object';
      const response = await fetch(`${base}${url}`, {
        method,
        headers: json ? { 'content-type': 'application/json', ...headers } : headers,
        ...(payload === undefined ? {} : { body: json ? JSON.stringify(payload) : payload }),
      });
      const body = await response.text();
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        responseHeaders[name] = value;
      });
      return {
        statusCode: response.status,
        headers: responseHeaders,
        body,
        json: () => JSON.parse(body) as unknown,
      };
    },
    signedIn(userId, workingUserId) {
      const { cookie, session } = cookieFor(userId, workingUserId);
      return { cookie, 'x-csrf-token': csrfTokenFor(session, TEST_CSRF_SECRET) };
    },
    cookieOnly(userId) {
      return { cookie: cookieFor(userId).cookie };
    },
  };
}
