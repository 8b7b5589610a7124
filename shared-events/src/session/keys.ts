import { hkdfSync } from 'node:crypto';

/** Shortest secret accepted: HKDF does not stretch, so the secret itself must carry the entropy. */
export const MIN_SECRET_LENGTH = 32;

/** Derived keys by purpose and secret: a process has a few secrets, and every request needs one. */
const derived = new Map<string, Map<string, Buffer>>();

/** A 32-byte key for one purpose, so the session and CSRF keys never coincide for one secret. */
export function deriveKey(secret: string, purpose: string): Buffer {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`Session secrets need at least ${MIN_SECRET_LENGTH} characters.`);
  }
  let bySecret = derived.get(purpose);
  if (!bySecret) {
    bySecret = new Map<string, Buffer>();
    derived.set(purpose, bySecret);
  }
  let key = bySecret.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'allot-session', purpose, 32));
    // Bounded: rotations add secrets one at a time; a process never needs more than a handful.
    if (bySecret.size >= 16) bySecret.clear();
    bySecret.set(secret, key);
  }
  return key;
}
