import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './keys.js';
import type { SessionData } from './sessionCodec.js';

/** Header a cookie-authenticated non-GET must carry. */
export const CSRF_HEADER_NAME = 'x-csrf-token';

function tokenBytes(sid: string, secret: string): Buffer {
  return createHmac('sha256', deriveKey(secret, 'csrf-token')).update(sid, 'utf8').digest();
}

/** The CSRF token of a session: an HMAC of its sid, so it needs no storage and dies with it. */
export function csrfTokenFor(session: Pick<SessionData, 'sid'>, secret: string): string {
  return tokenBytes(session.sid, secret).toString('base64url');
}

/** Constant-time check against every secret (first signs, all verify, as for the cookie). */
export function verifyCsrfToken(
  session: Pick<SessionData, 'sid'>,
  token: string | undefined,
  secrets: string | readonly string[],
): boolean {
  if (typeof token !== 'string' || token.length === 0 || token.length > 128) return false;
  const given = Buffer.from(token, 'utf8');
  let ok = false;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = Buffer.from(tokenBytes(session.sid, secret).toString('base64url'), 'utf8');
    // Every secret is checked, so the time taken does not tell which one matched.
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  return ok;
}
