import { describe, expect, it } from '@jest/globals';
import { findNulCharacter } from './nulCharacter.js';

describe('findNulCharacter', () => {
  it('names the first string or key holding U+0000 by its dotted path', () => {
    expect(findNulCharacter('a\u0000b')).toBe('');
    expect(findNulCharacter({ params: { id: 'x' }, query: { q: 'a\u0000' } })).toBe('query.q');
    expect(findNulCharacter({ body: { meetings: [{ id: 'm' }, { description: '\u0000' }] } })).toBe(
      'body.meetings.1.description',
    );
    expect(findNulCharacter({ body: { 'bad\u0000key': 1 } })).toBe('body.bad\u0000key');
  });

  it('walks 100,000 levels of nesting without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(findNulCharacter({ body: deep })).toBe(`body${'.0'.repeat(100_000)}`);
  });

  it('passes everything else, bytes of an upload included', () => {
    expect(findNulCharacter(undefined)).toBeNull();
    expect(findNulCharacter(null)).toBeNull();
    expect(findNulCharacter({ n: 0, b: false, list: ['plain', 'ü', '%00', '\\u0000'] })).toBeNull();
    expect(findNulCharacter({ file: Buffer.from([0, 1, 0]) })).toBeNull();
  });
});
