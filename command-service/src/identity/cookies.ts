import { SESSION_COOKIE_NAME, sessionCookieOptions } from '@allot/shared-events';

export interface CookieAttributes {
  path: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge?: number;
  httpOnly: boolean;
  sameSite: 'lax' | 'strict' | 'none';
  secure: boolean;
}

/** One Set-Cookie value; the values we set are base64url, so they need no encoding. */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  const parts = [`${name}=${value}`, `Path=${attributes.path}`];
  if (attributes.maxAge !== undefined) {
    parts.push(`Max-Age=${Math.max(0, Math.floor(attributes.maxAge))}`);
    if (attributes.maxAge <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (attributes.httpOnly) parts.push('HttpOnly');
  if (attributes.secure) parts.push('Secure');
  parts.push(`SameSite=${attributes.sameSite[0]?.toUpperCase()}${attributes.sameSite.slice(1)}`);
  return parts.join('; ');
}

/** The session cookie as issued at sign-in: it lives as long as the session it carries. */
export function sessionSetCookie(mode: string, value: string, maxAgeSeconds: number): string {
  return serializeCookie(SESSION_COOKIE_NAME, value, {
    ...sessionCookieOptions(mode),
    maxAge: maxAgeSeconds,
  });
}

export function sessionClearCookie(mode: string): string {
  return serializeCookie(SESSION_COOKIE_NAME, '', { ...sessionCookieOptions(mode), maxAge: 0 });
}
