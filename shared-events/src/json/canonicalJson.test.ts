import { expect, test } from '@jest/globals';
import { canonical } from './canonicalJson.js';

test('the same value with its keys in another order has the same canonical JSON', () => {
  expect(canonical({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
    canonical({ a: { c: null, d: [2, { e: 0, f: 1 }] }, b: 1 }),
  );
  expect(canonical([1, 2])).not.toBe(canonical([2, 1]));
  expect(canonical(undefined)).toBe('null');
});
