import { sessionClearCookie, sessionSetCookie } from './cookies.js';

describe('session Set-Cookie', () => {
  it('is HttpOnly, SameSite=Lax and expiring; Secure outside development and test', () => {
    expect(sessionSetCookie('production', 'abc', 3600)).toBe(
      'allot_session=abc; Path=/; Max-Age=3600; HttpOnly; Secure; SameSite=Lax',
    );
    expect(sessionSetCookie('test', 'abc', 60)).toBe(
      'allot_session=abc; Path=/; Max-Age=60; HttpOnly; SameSite=Lax',
    );
  });
  it('is cleared with an empty value that expires at once', () => {
    expect(sessionClearCookie('development')).toBe(
      'allot_session=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    );
  });
});
