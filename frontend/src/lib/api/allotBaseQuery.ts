import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { REQUEST_TIMEOUT_MS } from '../constants.js';
import { laterPosition, positionOfCommandAnswer } from './commandPosition.js';

export const CSRF_HEADER = 'X-CSRF-Token';
export const POSITION_HEADER = 'X-Allot-Position';
const CSRF_PATH = 'auth/csrf';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A failure a person should hear about (spec §8): what kind, for which call. */
export interface RequestProblem {
  kind: 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'SERVER_ERROR';
  endpoint: string;
  message: string;
}

export interface AllotBaseQueryOptions {
  /** '/api/' in the browser; an absolute URL in tests. */
  baseUrl?: string;
  timeoutMs?: number;
  fetchFn?: (input: RequestInfo, init?: RequestInit) => Promise<Response>;
  /** A 401 or 403 answer (spec §6, §8): the cached auth context is stale. */
  onAuthRejected?: (api: BaseQueryApi, status: 401 | 403) => void;
  /** A failed mutation (network, timeout, parse, 5xx): shown to the person as a toast. */
  onMutationProblem?: (problem: RequestProblem) => void;
  log?: Pick<Console, 'warn'>;
}

export type AllotBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> & {
  /** Drops the CSRF token; the next non-GET fetches a fresh one (after sign-in, masquerade, 401). */
  forgetCsrfToken(): void;
  /** The last command position seen, sent as X-Allot-Position (read-your-writes). */
  lastPosition(): string | null;
};

function methodOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase();
}

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

function headersOf(args: string | FetchArgs): Headers {
  const headers = new Headers();
  const given = typeof args === 'string' ? undefined : args.headers;
  if (given instanceof Headers) given.forEach((value, name) => headers.set(name, value));
  else if (Array.isArray(given))
    for (const [name, value] of given) headers.set(name ?? '', value ?? '');
  else if (given) {
    for (const [name, value] of Object.entries(given))
      if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

function messageOf(error: FetchBaseQueryError): string {
  if (typeof error.status === 'number') {
    const data = error.data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string')
      return data.message;
    return `The server answered ${String(error.status)}.`;
  }
  switch (error.status) {
    case 'FETCH_ERROR':
      return 'The server could not be reached. Check the connection and try again.';
    case 'TIMEOUT_ERROR':
      return 'The server took too long to answer. Try again.';
    case 'PARSING_ERROR':
      return 'The server sent an answer that could not be read.';
    default:
      return error.error;
  }
}

function isCsrfRefusal(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 403 && /csrf/i.test(messageOf(error));
}

function problemOf(error: FetchBaseQueryError, endpoint: string): RequestProblem | null {
  const message = messageOf(error);
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR')
    return { kind: error.status, endpoint, message };
  if (error.status === 'PARSING_ERROR') return { kind: 'PARSING_ERROR', endpoint, message };
  if (typeof error.status === 'number' && error.status >= 500)
    return { kind: 'SERVER_ERROR', endpoint, message };
  return null;
}

/**
 * The base query of every call (spec §7, §8): JSON on /api/ with the same-origin cookie, the
 * session's CSRF token on every non-GET, the last command position as X-Allot-Position so reads
 * see one's own writes (docs/decisions.md), and 401/403 telling the auth context it is stale.
 */
export function createAllotBaseQuery(options: AllotBaseQueryOptions = {}): AllotBaseQuery {
  const log = options.log ?? console;
  const raw = fetchBaseQuery({
    baseUrl: options.baseUrl ?? '/api/',
    credentials: 'same-origin',
    timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
  });
  /**
   * Spec §7: calls go to /api/ on the page's host. Resolved against the page's location (not
   * left relative) so the same code runs where `Request` has no document to resolve against.
   */
  function absolute(url: string): string {
    if (options.baseUrl !== undefined || /^[a-z]+:/i.test(url)) return url;
    const page = (globalThis as { location?: { href: string } }).location?.href;
    return page ? new URL(url, new URL('/api/', page)).href : url;
  }

  let csrfToken: Promise<string | null> | null = null;
  let position: string | null = null;

  function fetchCsrfToken(api: BaseQueryApi): Promise<string | null> {
    csrfToken ??= Promise.resolve(raw(absolute(CSRF_PATH), api, {})).then((result) => {
      const data = result.data;
      if (data && typeof data === 'object' && 'csrfToken' in data) {
        return typeof data.csrfToken === 'string' ? data.csrfToken : null;
      }
      // Signed out: the call goes without a token and the server answers 401; ask again later.
      csrfToken = null;
      return null;
    });
    return csrfToken;
  }

  async function send(args: string | FetchArgs, api: BaseQueryApi, extra: object) {
    const method = methodOf(args);
    const headers = headersOf(args);
    if (position !== null) headers.set(POSITION_HEADER, position);
    if (!SAFE_METHODS.has(method)) {
      const token = await fetchCsrfToken(api);
      if (token !== null) headers.set(CSRF_HEADER, token);
    }
    const url = absolute(urlOf(args));
    const request: FetchArgs =
      typeof args === 'string' ? { url, headers } : { ...args, url, headers };
    return raw(request, api, extra);
  }

  async function baseQuery(args: string | FetchArgs, api: BaseQueryApi, extra: object) {
    let result = await send(args, api, extra);
    if (isCsrfRefusal(result.error)) {
      // The session changed under the page (sign-in elsewhere, key rotation): one fresh token.
      csrfToken = null;
      result = await send(args, api, extra);
    }

    if (result.error) {
      const { status } = result.error;
      const url = urlOf(args);
      if (status === 401) {
        log.warn(`allot: unauthenticated (${methodOf(args)} ${url}); the session is gone.`);
        csrfToken = null;
        options.onAuthRejected?.(api, 401);
      } else if (status === 403) {
        log.warn(`allot: unauthorized request ${methodOf(args)} ${url}.`);
        options.onAuthRejected?.(api, 403);
      }
      const problem = api.type === 'mutation' ? problemOf(result.error, api.endpoint) : null;
      if (problem) options.onMutationProblem?.(problem);
      return result;
    }

    if (!SAFE_METHODS.has(methodOf(args))) {
      const answered = positionOfCommandAnswer(result.data);
      if (answered !== null) position = laterPosition(position, answered);
    }
    return result;
  }

  return Object.assign(baseQuery, {
    forgetCsrfToken: () => {
      csrfToken = null;
    },
    lastPosition: () => position,
  });
}
