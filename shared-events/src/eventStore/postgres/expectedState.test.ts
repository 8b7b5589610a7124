import { decodeActualRevision, encodeExpectedState } from './expectedState.js';

describe('expected-state encoding for the append function', () => {
  it("uses EventStoreDB's sentinels for named states and the revision itself otherwise", () => {
    expect(encodeExpectedState('any')).toBe(-2n);
    expect(encodeExpectedState('no_stream')).toBe(-1n);
    expect(encodeExpectedState('stream_exists')).toBe(-4n);
    expect(encodeExpectedState(0n)).toBe(0n);
    expect(encodeExpectedState(9007199254740993n)).toBe(9007199254740993n);
  });

  it('rejects a negative revision', () => {
    expect(() => encodeExpectedState(-3n)).toThrow(RangeError);
  });

  it("decodes the reported actual revision, -1 meaning 'no_stream'", () => {
    expect(decodeActualRevision('-1')).toBe('no_stream');
    expect(decodeActualRevision('0')).toBe(0n);
    expect(decodeActualRevision('42')).toBe(42n);
    expect(() => decodeActualRevision(undefined)).toThrow(/unreadable/);
    expect(() => decodeActualRevision('x')).toThrow(/unreadable/);
  });
});
