import { loginHref, safeOrigin } from './loginTarget.js';

test('a path on this site is kept with its query and hash', () => {
  expect(safeOrigin('/courses?x=1#top')).toBe('/courses?x=1#top');
  expect(safeOrigin('/effort/timeline/position/12')).toBe('/effort/timeline/position/12');
});

test.each([
  'https://evil.example/',
  '//evil.example/path',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  '/\t/evil.example',
  'courses',
  '',
])('%j is refused: no open redirect', (origin) => {
  expect(safeOrigin(origin)).toBeNull();
});

test('the login page is never a destination', () => {
  expect(safeOrigin('/login?origin=/x')).toBeNull();
});

test('Log In goes to the SSO service or SAML by the flag, carrying a safe origin only', () => {
  expect(loginHref(true, '/courses')).toBe('/api/auth0/login?origin=%2Fcourses');
  expect(loginHref(false, '/courses?a=b')).toBe('/api/auth/saml?origin=%2Fcourses%3Fa%3Db');
  expect(loginHref(true, '//evil.example')).toBe('/api/auth0/login');
  expect(loginHref(false, null)).toBe('/api/auth/saml');
});
