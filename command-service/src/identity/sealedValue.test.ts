import { createSealer } from './sealedValue.js';

const SECRET = 'identity-test-secret-of-32-characters-at-least';

describe('sealed values', () => {
  const sealer = createSealer(SECRET, 'oidc-transaction');
  it('round-trip until they expire', () => {
    const sealed = sealer.seal({ state: 's' }, 1000, 5000);
    expect(sealer.open(sealed, 5999)).toEqual({ state: 's' });
    expect(sealer.open(sealed, 6000)).toBeNull();
  });
  it('refuse tampering, another purpose and another secret', () => {
    const sealed = sealer.seal({ state: 's' }, 1000);
    const bytes = Buffer.from(sealed, 'base64url');
    bytes[14] = (bytes[14] ?? 0) ^ 1;
    expect(sealer.open(bytes.toString('base64url'))).toBeNull();
    expect(createSealer(SECRET, 'other').open(sealed)).toBeNull();
    expect(createSealer(SECRET.replace('a', 'b'), 'oidc-transaction').open(sealed)).toBeNull();
    expect(sealer.open(undefined)).toBeNull();
    expect(sealer.open('not sealed!')).toBeNull();
  });
});
