import { describe, expect, it } from '@jest/globals';
import { DomainRuleError } from '../errors/errors.js';
import { sniffLogo } from './logoFile.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const svg = (inner: string) =>
  bytes(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>\n`);

describe('sniffLogo', () => {
  it('recognises PNG and JPEG by their magic bytes', () => {
    expect(sniffLogo(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffLogo(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
  });

  it('accepts a plain SVG document', () => {
    expect(sniffLogo(svg('<rect width="4" height="4" fill="#0736a4"/>'))).toBe('image/svg+xml');
  });

  it.each([
    ['a script element', '<script>alert(1)</script>'],
    ['an event handler', '<rect onload="alert(1)"/>'],
    ['a javascript: URL', '<a href="javascript:alert(1)"><rect/></a>'],
    ['a foreignObject', '<foreignObject><div/></foreignObject>'],
  ])('refuses an SVG with %s, naming it', (_what, inner) => {
    expect(() => sniffLogo(svg(inner))).toThrow(DomainRuleError);
    expect(() => sniffLogo(svg(inner))).toThrow(/SVG logo contains/);
  });

  it('refuses text, HTML and empty files', () => {
    expect(() => sniffLogo(bytes('just some text'))).toThrow(/PNG, JPEG or SVG/);
    expect(() => sniffLogo(bytes('<html><svg></svg></html>'))).toThrow(/PNG, JPEG or SVG/);
    expect(() => sniffLogo(new Uint8Array())).toThrow(/empty/);
  });
});
