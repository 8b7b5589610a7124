const PLACEHOLDER_ORIGIN = 'http://allot.invalid';

/**
 * The path to come back to after sign-in, or null. Only a path on this site is accepted: an
 * absolute URL, a scheme-relative `//host` or a backslash trick would make the sign-in an open
 * redirect. The login page itself is never a destination (it would send a signed-in user to /).
 */
export function safeOrigin(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters (tabs, newlines) are dropped by URL parsers and could rebuild `//`.
  for (const char of raw) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  if (url.pathname === '/login') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Spec §2: the single-sign-on service when auth0Enabled, otherwise SAML, carrying the origin. */
export function loginHref(auth0Enabled: boolean, origin: string | null | undefined): string {
  const base = auth0Enabled ? '/api/auth0/login' : '/api/auth/saml';
  const safe = safeOrigin(origin);
  return safe ? `${base}?origin=${encodeURIComponent(safe)}` : base;
}
