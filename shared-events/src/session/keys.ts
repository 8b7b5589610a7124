import { hkdfSync } from 'node:crypto';

/** Shortest secret accepted: HKDF does not stretch, so the secret itself must carry the entropy. */
export const MIN_SECRET_LENGTH = 32;

/** A 32-byte key for one purpose, so the session and CSRF keys never coincide for one secret. */
export function deriveKey(secret: string, purpose: string): Buffer {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`Session secrets need at least ${MIN_SECRET_LENGTH} characters.`);
  }
  return Buffer.from(hkdfSync('sha256', secret, 'allot-session', purpose, 32));
}
