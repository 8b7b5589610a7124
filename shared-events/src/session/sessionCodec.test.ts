import { createSessionCodec } from './sessionCodec.js';

const SECRET_A = 'a'.repeat(16) + 'first-secret-0123456789';
const SECRET_B = 'b'.repeat(16) + 'second-secret-0123456789';
const TTL = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const user = { userId: 'user-1', workingUserId: 'user-1' };

function flipByte(cookie: string, index: number): string {
  const bytes = Buffer.from(cookie, 'base64url');
  bytes[index] = (bytes[index] ?? 0) ^ 0x01;
  return bytes.toString('base64url');
}

describe('session codec', () => {
  const codec = createSessionCodec({ secrets: [SECRET_A], ttlMs: TTL });

  it('round-trips a session with issue and expiry times', () => {
    const cookie = codec.encode({ ...user, workingUserId: 'user-2', sid: 'sid-1' }, NOW);
    expect(cookie).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(codec.decode(cookie, NOW + 1000)).toEqual({
      sid: 'sid-1',
      userId: 'user-1',
      workingUserId: 'user-2',
      issuedAt: NOW,
      expiresAt: NOW + TTL,
    });
  });

  it('generates a fresh random sid and hides the content', () => {
    const a = codec.encode(user, NOW);
    const b = codec.encode(user, NOW);
    expect(a).not.toBe(b);
    const sidA = codec.decode(a, NOW)?.sid;
    expect(sidA).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(sidA).not.toBe(codec.decode(b, NOW)?.sid);
    expect(Buffer.from(a, 'base64url').toString('latin1')).not.toContain('user-1');
  });

  it('rejects the cookie when any single byte is flipped', () => {
    const cookie = codec.encode(user, NOW);
    const length = Buffer.from(cookie, 'base64url').length;
    for (let i = 0; i < length; i += 1) {
      expect(codec.decode(flipByte(cookie, i), NOW)).toBeNull();
    }
  });

  it('rejects truncated, extended and non-canonical encodings', () => {
    const cookie = codec.encode(user, NOW);
    expect(codec.decode(cookie.slice(0, -1), NOW)).toBeNull();
    expect(codec.decode(cookie.slice(1), NOW)).toBeNull();
    expect(codec.decode(`${cookie}A`, NOW)).toBeNull();
    expect(codec.decode(`${cookie}AAAA`, NOW)).toBeNull();
    // Change only the unused low bits of the last character: same bytes, different text.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(cookie.slice(-1));
    const variants = [1, 2, 3].map((d) => cookie.slice(0, -1) + alphabet[last ^ d]);
    for (const v of variants) expect(codec.decode(v, NOW)).toBeNull();
  });

  it('expires after ttlMs, exactly at expiresAt', () => {
    const cookie = codec.encode(user, NOW);
    expect(codec.decode(cookie, NOW + TTL - 1)).not.toBeNull();
    expect(codec.decode(cookie, NOW + TTL)).toBeNull();
    expect(codec.decode(cookie, NOW + 10 * TTL)).toBeNull();
  });

  it('verifies with every secret and signs with the first (rotation)', () => {
    const oldCodec = createSessionCodec({ secrets: [SECRET_A], ttlMs: TTL });
    const rotated = createSessionCodec({ secrets: [SECRET_B, SECRET_A], ttlMs: TTL });
    const onlyNew = createSessionCodec({ secrets: [SECRET_B], ttlMs: TTL });
    const oldCookie = oldCodec.encode(user, NOW);
    expect(rotated.decode(oldCookie, NOW)?.userId).toBe('user-1');
    const newCookie = rotated.encode(user, NOW);
    expect(onlyNew.decode(newCookie, NOW)?.userId).toBe('user-1');
    expect(oldCodec.decode(newCookie, NOW)).toBeNull();
    expect(onlyNew.decode(oldCookie, NOW)).toBeNull();
  });

  it('answers null, never throws, for malformed input', () => {
    const inputs: unknown[] = [
      '',
      'x',
      'not base64!',
      '====',
      'a'.repeat(5000),
      Buffer.alloc(40).toString('base64url'),
      Buffer.from([2, ...new Array<number>(40).fill(0)]).toString('base64url'),
      undefined,
      null,
      42,
    ];
    for (const input of inputs) {
      expect(codec.decode(input as string, NOW)).toBeNull();
    }
  });

  it('refuses weak configuration', () => {
    expect(() => createSessionCodec({ secrets: [], ttlMs: TTL })).toThrow(/secret/);
    expect(() => createSessionCodec({ secrets: ['short'], ttlMs: TTL })).toThrow(/32 characters/);
    expect(() => createSessionCodec({ secrets: [SECRET_A], ttlMs: 0 })).toThrow(/ttlMs/);
  });
});
