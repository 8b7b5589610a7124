import type { ExpectedState } from '../port.js';

/**
 * Expected states travel to the append function as one bigint, with EventStoreDB's own sentinels
 * for the named states so the SQL side needs no second parameter.
 */
export const EXPECT_ANY = -2n;
export const EXPECT_NO_STREAM = -1n;
export const EXPECT_STREAM_EXISTS = -4n;

export function encodeExpectedState(state: ExpectedState): bigint {
  switch (state) {
    case 'any':
      return EXPECT_ANY;
    case 'no_stream':
      return EXPECT_NO_STREAM;
    case 'stream_exists':
      return EXPECT_STREAM_EXISTS;
    default:
      if (state < 0n)
        throw new RangeError(`Expected revision must be >= 0, got ${state.toString()}`);
      return state;
  }
}

/** The function reports the actual revision as text; -1 means the stream has no events. */
export function decodeActualRevision(text: string | undefined): bigint | 'no_stream' {
  if (text === undefined || !/^-?\d+$/.test(text)) {
    throw new Error(`Append function reported an unreadable revision: ${String(text)}`);
  }
  const revision = BigInt(text);
  return revision < 0n ? 'no_stream' : revision;
}
