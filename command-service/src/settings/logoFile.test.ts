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

  it.each([
    ['a decimal colon', '<a href="javascript&#58;alert(1)"><rect/></a>', 'javascript: URL'],
    ['a padded decimal colon', '<a href="javascript&#0000058alert(1)"><rect/></a>', 'javascript:'],
    ['a hex colon', '<a xlink:href="javascript&#x3A;alert(1)"><rect/></a>', 'javascript: URL'],
    ['an encoded letter', "<a href='&#x6a;avascript:alert(1)'><rect/></a>", 'javascript: URL'],
    ['&colon;', '<a href="javascript&colon;alert(1)"><rect/></a>', 'javascript: URL'],
    ['a colon read twice', '<a href="javascript&amp;colon;alert(1)"><rect/></a>', 'javascript:'],
    ['a literal tab', '<a href="java	script:alert(1)"><rect/></a>', 'javascript: URL'],
    ['a literal newline', '<set attributeName="href" to="java\nscript:alert(1)"/>', 'javascript:'],
    ['&Tab;', '<a href="java&Tab;script&colon;alert(1)"><rect/></a>', 'control character'],
    ['&NewLine;', '<a href="java&NewLine;script:alert(1)"><rect/></a>', 'control character'],
    ['an encoded tab', '<a href="java&#9;script&#58;alert(1)"><rect/></a>', 'control character'],
    ['an encoded NUL', '<a href="java&#x0;script:alert(1)"><rect/></a>', 'control character'],
    [
      'an encoded C1 control',
      '<a href="&#x85;java&#115;cript&#58;alert(1)"><rect/></a>',
      'control',
    ],
    ['a reference left over', '<a href="javascript&amp;#58;alert(1)"><rect/></a>', 'reference'],
  ])('refuses an entity-encoded bypass: %s', (_what, inner, named) => {
    expect(() => sniffLogo(svg(inner))).toThrow(DomainRuleError);
    expect(() => sniffLogo(svg(inner))).toThrow(new RegExp(`SVG logo contains .*${named}`));
  });

  it('accepts ordinary references in attributes and text', () => {
    expect(
      sniffLogo(
        svg(
          '<title>R&amp;D &#8212; Lab</title>' +
            '<a href="https://example.edu/?a=1&amp;b=2&#38;c=&#x33;"><rect fill="#0736a4"/></a>' +
            '<text font-family="&quot;Noto Sans&quot;">A&#160;B</text>',
        ),
      ),
    ).toBe('image/svg+xml');
  });

  it('refuses text, HTML and empty files', () => {
    expect(() => sniffLogo(bytes('just some text'))).toThrow(/PNG, JPEG or SVG/);
    expect(() => sniffLogo(bytes('<html><svg></svg></html>'))).toThrow(/PNG, JPEG or SVG/);
    expect(() => sniffLogo(new Uint8Array())).toThrow(/empty/);
  });
});
