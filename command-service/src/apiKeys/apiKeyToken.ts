import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** `allot_<id>_<secret>`: the id finds the key's stream, the secret proves possession. */
const TOKEN =
  /^allot_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface NewApiKeyToken {
  apiKeyId: string;
  /** Shown once to its owner, never stored. */
  token: string;
  secretSha256: string;
}

/** The secret has 256 random bits, so a plain SHA-256 (no slow hash) cannot be brute-forced. */
export function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

export function newApiKeyToken(): NewApiKeyToken {
  const apiKeyId = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  return { apiKeyId, token: `allot_${apiKeyId}_${secret}`, secretSha256: sha256Hex(secret) };
}

export function parseApiKeyToken(token: string): { apiKeyId: string; secret: string } | null {
  const match = TOKEN.exec(token);
  return match?.[1] && match[2] ? { apiKeyId: match[1], secret: match[2] } : null;
}

export function secretMatches(secret: string, secretSha256: string): boolean {
  const expected = Buffer.from(secretSha256, 'hex');
  const actual = Buffer.from(sha256Hex(secret), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
