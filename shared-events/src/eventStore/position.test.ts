import { comparePositions, positionToToken, tokenToPosition } from './position.js';

describe('positions', () => {
  it('compare as a pair, commit first', () => {
    expect(comparePositions({ commit: 2n, prepare: 1n }, { commit: 1n, prepare: 99n })).toBe(1);
    expect(comparePositions({ commit: 1n, prepare: 5n }, { commit: 1n, prepare: 7n })).toBe(-1);
    expect(comparePositions({ commit: 3n, prepare: 3n }, { commit: 3n, prepare: 3n })).toBe(0);
  });

  it('round-trip through tokens and reject malformed ones', () => {
    const p = { commit: 18446744073709551615n, prepare: 42n };
    expect(tokenToPosition(positionToToken(p))).toEqual(p);
    for (const bad of ['', '1', '1:', ':2', 'a:b', '1:2:3', '-1:2', '1.5:2']) {
      expect(tokenToPosition(bad)).toBeNull();
    }
  });
});
