import { expect, test } from '@jest/globals';
import { jsonNestsDeeperThan } from './nesting.js';

test('counts the nesting of arrays and objects, not brackets inside strings', () => {
  expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
  expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
  expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 2)).toBe(false);
  expect(jsonNestsDeeperThan('{"a":"\\"[[[[[["}', 1)).toBe(false);
  expect(jsonNestsDeeperThan('['.repeat(5000) + ']'.repeat(5000), 64)).toBe(true);
});
