import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './keys.js';

export interface SessionData {
  /** Random id of this sign-in; CSRF tokens are bound to it. */
  sid: string;
  /** The authenticated user. */
  userId: string;
  /** The user whose abilities apply (differs from `userId` while masquerading). */
  workingUserId: string;
  /** The API key of a Bearer request (never in a cookie): recorded with each event it writes. */
  apiKeyId?: string;
  /** Who made that key, when the key recorded it. */
  apiKeyCreatorId?: string;
  /** Milliseconds since the epoch. */
  issuedAt: number;
  expiresAt: number;
}

export type NewSession = Omit<SessionData, 'issuedAt' | 'expiresAt' | 'sid'> & { sid?: string };

export interface SessionCodec {
  encode(data: NewSession, now?: number): string;
  /** The session, or null for anything tampered, expired or malformed; never throws on input. */
  decode(cookieValue: string, now?: number): SessionData | null;
}

export interface SessionCodecOptions {
  /** The first signs; every one verifies, so a new secret can be put first while old cookies live. */
  secrets: readonly string[];
  ttlMs: number;
}

// Layout: version (1) | IV (12) | ciphertext | GCM tag (16), base64url.
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from('allot_session:v1');
/** Browsers drop cookies above 4 KiB; anything longer is not ours. */
const MAX_COOKIE_LENGTH = 4096;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function seal(key: Buffer, plaintext: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(AAD);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]).toString(
    'base64url',
  );
}

function open(key: Buffer, sealed: Buffer): Buffer | null {
  try {
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(AAD);
    decipher.setAuthTag(tag);
    // final() checks the tag (in constant time, inside OpenSSL) and throws when it does not match.
    return Buffer.concat([
      decipher.update(sealed.subarray(1 + IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

function isNonEmptyString(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}

function toSessionData(plaintext: Buffer): SessionData | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plaintext.toString('utf8'));
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object') return null;
  const p = parsed as Record<string, unknown>;
  const { sid, userId, workingUserId, issuedAt, expiresAt } = p;
  if (!isNonEmptyString(sid) || !isNonEmptyString(userId) || !isNonEmptyString(workingUserId))
    return null;
  if (typeof issuedAt !== 'number' || typeof expiresAt !== 'number') return null;
  if (!Number.isFinite(issuedAt) || !Number.isFinite(expiresAt)) return null;
  return { sid, userId, workingUserId, issuedAt, expiresAt };
}

/** Session cookies as AES-256-GCM sealed JSON: unreadable and unforgeable without a secret. */
export function createSessionCodec(options: SessionCodecOptions): SessionCodec {
  if (options.secrets.length === 0)
    throw new Error('createSessionCodec needs at least one secret.');
  if (!(options.ttlMs > 0)) throw new Error('createSessionCodec needs a positive ttlMs.');
  const keys = options.secrets.map((s) => deriveKey(s, 'session-cookie'));
  const signingKey = keys[0] as Buffer;

  return {
    encode(data, now = Date.now()) {
      const session: SessionData = {
        sid: data.sid ?? randomBytes(18).toString('base64url'),
        userId: data.userId,
        workingUserId: data.workingUserId,
        issuedAt: now,
        expiresAt: now + options.ttlMs,
      };
      return seal(signingKey, Buffer.from(JSON.stringify(session), 'utf8'));
    },

    decode(cookieValue, now = Date.now()) {
      if (typeof cookieValue !== 'string' || cookieValue.length > MAX_COOKIE_LENGTH) return null;
      if (!BASE64URL.test(cookieValue)) return null;
      const sealed = Buffer.from(cookieValue, 'base64url');
      // Only the canonical encoding is ours (stray trailing bits would otherwise decode alike).
      if (sealed.toString('base64url') !== cookieValue) return null;
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES + 2 || sealed[0] !== VERSION) return null;
      for (const key of keys) {
        const plaintext = open(key, sealed);
        if (!plaintext) continue;
        const session = toSessionData(plaintext);
        if (!session || now >= session.expiresAt) return null;
        return session;
      }
      return null;
    },
  };
}
