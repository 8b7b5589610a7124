/** What a person reads while the database cannot be reached: no detail of ours or PostgreSQL's. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Allot cannot reach its database right now. Please try again in a moment.';

/** Seconds a client should wait before trying again (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// PostgreSQL codes that mean "not now", not "your request is wrong": class 08 (connection
// exception), 57P01–57P03 (shut down, crashed, not accepting connections), 53300 (too many
// connections), 3D000 is not among them (a missing database is a configuration fault).
const UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /Timeout acquiring a connection/i,
  /connection is insecure|Client has encountered a connection error/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /not currently accepting connections/i,
];

/**
 * Whether an error means the database cannot be reached now (down, restarting, refusing or
 * dropping connections, the pool exhausted): answered 503 with Retry-After, never a 500 with
 * PostgreSQL's own words. Walks `cause` (knex and pg wrap what they met).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)) {
        return true;
      }
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) {
      return true;
    }
    const errors = (current as { errors?: unknown }).errors;
    // An AggregateError (a connect to several addresses) holds the network errors inside.
    if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
