/**
 * Where to send the user after sign-in: only a same-site absolute path, so a crafted link
 * cannot make our sign-in redirect to another site (no open redirect).
 */
export function safeOrigin(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return '/';
  // `//host` and `/\host` are protocol-relative for browsers; control characters can smuggle either.
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === '\\') return '/';
  }
  try {
    const resolved = new URL(value, 'http://allot.invalid');
    if (resolved.origin !== 'http://allot.invalid') return '/';
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return '/';
  }
}
