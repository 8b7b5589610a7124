import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Short-lived JSON sealed with AES-256-GCM, for what sign-in must carry across the provider round
 * trip (state, nonce, PKCE verifier, origin) without server-side storage.
 */
export interface Sealer {
  seal(value: unknown, ttlMs: number, now?: number): string;
  /** The value, or null when tampered, expired, malformed or sealed for another purpose. */
  open(sealed: string | undefined, now?: number): unknown;
}

export function createSealer(secrets: string | readonly string[], purpose: string): Sealer {
  const list = typeof secrets === 'string' ? [secrets] : secrets;
  if (list.length === 0) throw new Error('createSealer needs a secret.');
  const keys = list.map((s) => Buffer.from(hkdfSync('sha256', s, 'allot-identity', purpose, 32)));
  const aad = Buffer.from(purpose, 'utf8');
  return {
    seal(value, ttlMs, now = Date.now()) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keys[0] as Buffer, iv, {
        authTagLength: TAG_BYTES,
      });
      cipher.setAAD(aad);
      const plaintext = Buffer.from(JSON.stringify({ v: value, exp: now + ttlMs }), 'utf8');
      const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, now = Date.now()) {
      if (typeof sealed !== 'string' || sealed.length > 4096 || !/^[A-Za-z0-9_-]+$/.test(sealed))
        return null;
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES + 2) return null;
      for (const key of keys) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), {
            authTagLength: TAG_BYTES,
          });
          decipher.setAAD(aad);
          decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
          const plain = Buffer.concat([
            decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
            decipher.final(),
          ]);
          const parsed = JSON.parse(plain.toString('utf8')) as { v?: unknown; exp?: unknown };
          if (typeof parsed.exp !== 'number' || now >= parsed.exp) return null;
          return parsed.v ?? null;
        } catch {
          // Not this key (or not ours at all); try the next.
        }
      }
      return null;
    },
  };
}
