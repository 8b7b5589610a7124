import { expect, test } from '@jest/globals';
import { isDatabaseUnavailable } from './databaseUnavailable.js';

test('knows the errors of a database that cannot be reached now', () => {
  const pg = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  expect(
    isDatabaseUnavailable(pg('57P03', 'the database is not currently accepting connections')),
  ).toBe(true);
  expect(
    isDatabaseUnavailable(pg('57P01', 'terminating connection due to administrator command')),
  ).toBe(true);
  expect(isDatabaseUnavailable(pg('08006'))).toBe(true);
  expect(isDatabaseUnavailable(pg('ECONNREFUSED'))).toBe(true);
  expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  expect(
    isDatabaseUnavailable(
      new Error('Knex: Timeout acquiring a connection. The pool is probably full.'),
    ),
  ).toBe(true);
  expect(isDatabaseUnavailable(new Error('wrapped', { cause: pg('ECONNRESET') }))).toBe(true);
  expect(isDatabaseUnavailable(new AggregateError([pg('ECONNREFUSED')], ''))).toBe(true);
});

test('leaves every other error alone', () => {
  expect(isDatabaseUnavailable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
  expect(isDatabaseUnavailable(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
  expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  expect(isDatabaseUnavailable(null)).toBe(false);
  expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
});
