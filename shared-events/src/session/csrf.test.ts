import { csrfTokenFor, verifyCsrfToken } from './csrf.js';

const SECRET = 'csrf-secret-'.padEnd(40, 'x');
const OTHER = 'other-secret-'.padEnd(40, 'y');
const session = { sid: 'sid-abc' };

describe('CSRF tokens', () => {
  it('verify for the session they were made for', () => {
    const token = csrfTokenFor(session, SECRET);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(csrfTokenFor(session, SECRET)).toBe(token);
    expect(verifyCsrfToken(session, token, SECRET)).toBe(true);
  });

  it('fail for another session, another secret, or an altered token', () => {
    const token = csrfTokenFor(session, SECRET);
    expect(verifyCsrfToken({ sid: 'sid-abd' }, token, SECRET)).toBe(false);
    expect(verifyCsrfToken(session, token, OTHER)).toBe(false);
    const altered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    expect(verifyCsrfToken(session, altered, SECRET)).toBe(false);
    expect(verifyCsrfToken(session, token.slice(1), SECRET)).toBe(false);
  });

  it('fail for a missing or absurd header', () => {
    expect(verifyCsrfToken(session, undefined, SECRET)).toBe(false);
    expect(verifyCsrfToken(session, '', SECRET)).toBe(false);
    expect(verifyCsrfToken(session, 'x'.repeat(10000), SECRET)).toBe(false);
  });

  it('verify against any of the rotated secrets', () => {
    const oldToken = csrfTokenFor(session, OTHER);
    expect(verifyCsrfToken(session, oldToken, [SECRET, OTHER])).toBe(true);
    expect(verifyCsrfToken(session, oldToken, [SECRET])).toBe(false);
  });
});
