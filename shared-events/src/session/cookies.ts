export const SESSION_COOKIE_NAME = 'allot_session';

export interface SessionCookieOptions {
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  path: '/';
}

/** Secure everywhere but on a developer's plain-HTTP machine. */
export function sessionCookieOptions(mode: string): SessionCookieOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    secure: mode !== 'development' && mode !== 'test' && mode !== 'local',
    path: '/',
  };
}

function decodeValue(raw: string): string {
  const unquoted =
    raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  try {
    return decodeURIComponent(unquoted);
  } catch {
    return unquoted;
  }
}

/**
 * A `Cookie` header as name → value (for socket.io handshakes, where no framework parses it).
 * The first of two same-named cookies wins: browsers send the most specific path first.
 */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  // No prototype, so a cookie named `__proto__` or `constructor` is just a key.
  const cookies = Object.create(null) as Record<string, string>;
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in cookies) continue;
    cookies[name] = decodeValue(part.slice(eq + 1).trim());
  }
  return cookies;
}
