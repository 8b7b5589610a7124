import { SESSION_COOKIE_NAME, parseCookieHeader, sessionCookieOptions } from './cookies.js';

describe('session cookie', () => {
  it('is named allot_session', () => {
    expect(SESSION_COOKIE_NAME).toBe('allot_session');
  });

  it('is secure except on development, test and local machines', () => {
    for (const mode of ['development', 'test', 'local']) {
      expect(sessionCookieOptions(mode)).toEqual({
        httpOnly: true,
        sameSite: 'lax',
        secure: false,
        path: '/',
      });
    }
    for (const mode of ['production', 'staging', 'demo', '']) {
      expect(sessionCookieOptions(mode)).toEqual({
        httpOnly: true,
        sameSite: 'lax',
        secure: true,
        path: '/',
      });
    }
  });
});

describe('parseCookieHeader', () => {
  it('parses name=value pairs with spaces, quotes and percent-encoding', () => {
    expect(
      parseCookieHeader('allot_session=abc-_123; theme = dark ;q="quoted";e=a%20b%3Bc'),
    ).toEqual({
      allot_session: 'abc-_123',
      theme: 'dark',
      q: 'quoted',
      e: 'a b;c',
    });
  });

  it('keeps values with = signs and malformed percent-encoding as they are', () => {
    expect(parseCookieHeader('a=b=c; bad=%E0%A4%A; empty=')).toEqual({
      a: 'b=c',
      bad: '%E0%A4%A',
      empty: '',
    });
  });

  it('takes the first of repeated names and skips parts without a name or =', () => {
    expect(parseCookieHeader('x=1; x=2; =orphan; flag; ;y=3')).toEqual({ x: '1', y: '3' });
  });

  it('answers an empty record for no header', () => {
    expect(parseCookieHeader(undefined)).toEqual({});
    expect(parseCookieHeader('')).toEqual({});
  });

  it('treats __proto__ as an ordinary name', () => {
    const cookies = parseCookieHeader('__proto__=x; constructor=y');
    expect(cookies['__proto__']).toBe('x');
    expect(cookies['constructor']).toBe('y');
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });
});
