import { describe, expect, it } from '@jest/globals';
import { hkdfSync } from 'node:crypto';
import { deriveKey } from './keys.js';

const secret = 'a-session-secret-of-at-least-32-characters';

describe('deriveKey', () => {
  it('derives the HKDF key of each purpose once and answers it again from memory', () => {
    const first = deriveKey(secret, 'csrf-token');
    expect(first).toEqual(
      Buffer.from(hkdfSync('sha256', secret, 'allot-session', 'csrf-token', 32)),
    );
    expect(deriveKey(secret, 'csrf-token')).toBe(first);
    expect(deriveKey(secret, 'session-cookie').equals(first)).toBe(false);
    expect(deriveKey(`${secret}-rotated`, 'csrf-token').equals(first)).toBe(false);
  });

  it('refuses a secret too short to carry the entropy', () => {
    expect(() => deriveKey('short', 'csrf-token')).toThrow(/at least 32 characters/);
  });
});
