import { safeOrigin } from './origin.js';

describe('safeOrigin', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeOrigin('/sections?period=2#top')).toBe('/sections?period=2#top');
    expect(safeOrigin('/')).toBe('/');
  });
  it('falls back to / for anything that could leave the site', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      'sections',
      '',
      undefined,
      42,
      '/' + 'a'.repeat(3000),
    ]) {
      expect(safeOrigin(value)).toBe('/');
    }
  });
});
