import { describe, expect, it } from '@jest/globals';
import { ValidationError } from '../errors/errors.js';
import { parseIfMatch } from './httpCommand.js';

describe('parseIfMatch', () => {
  it('reads a revision in the forms clients send', () => {
    expect(parseIfMatch('3')).toBe(3n);
    expect(parseIfMatch('"12"')).toBe(12n);
    expect(parseIfMatch('W/"0"')).toBe(0n);
    expect(parseIfMatch(['5', '6'])).toBe(5n);
  });

  it('reads -1 as "the stream must not exist yet"', () => {
    expect(parseIfMatch('"-1"')).toBe('no_stream');
  });

  it('means any revision when absent or *', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch('')).toBeUndefined();
    expect(parseIfMatch('*')).toBeUndefined();
  });

  it.each(['abc', '1.5', '-2', '"3', '1234567890123456789012'])(
    'refuses %j with a 400',
    (header) => {
      expect(() => parseIfMatch(header)).toThrow(ValidationError);
    },
  );
});
