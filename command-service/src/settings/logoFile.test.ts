import { describe, expect, it } from '@jest/globals';
import { DomainRuleError } from '../errors/errors.js';
import { prepareLogo } from './logoFile.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const svg = (inner: string) =>
  bytes(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">${inner}</svg>\n`);
const stored = async (inner: string) =>
  new TextDecoder().decode((await prepareLogo(svg(inner))).bytes);

/** Anything that could run in the SVG, or load it: none may survive. */
const SCRIPTABLE = /<\s*(?:\w+:)?script|\son[a-z]+\s*=|javascript|foreignObject|<\s*use[\s>]/i;

describe('prepareLogo', () => {
  it('keeps PNG and JPEG as they are, recognised by their magic bytes', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    expect(await prepareLogo(png)).toEqual({ contentType: 'image/png', bytes: png });
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0]);
    expect((await prepareLogo(jpeg)).contentType).toBe('image/jpeg');
  });

  it('keeps a plain SVG drawing intact', async () => {
    const drawing = '<rect width="4" height="4" fill="#0736a4"/><text x="1" y="3">A</text>';
    const logo = await prepareLogo(svg(drawing));
    expect(logo.contentType).toBe('image/svg+xml');
    expect(new TextDecoder().decode(logo.bytes)).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg">${drawing}</svg>`,
    );
  });

  it.each([
    ['a script element', '<script>alert(1)</script>'],
    [
      'a script in the XHTML namespace',
      '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>',
    ],
    ['an event handler', '<rect onload="alert(1)"/>'],
    ['a javascript: URL', '<a href="javascript:alert(1)"><rect/></a>'],
    [
      'an xlink javascript: URL',
      '<a xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="javascript&#x3A;alert(1)"><rect/></a>',
    ],
    ['a foreignObject', '<foreignObject><div/></foreignObject>'],
    ['an animated href', '<set attributeName="href" to="javascript:alert(1)"/>'],
    ['an encoded colon', '<a href="javascript&#58;alert(1)"><rect/></a>'],
    ['an encoded tab', '<a href="java&#9;script&#58;alert(1)"><rect/></a>'],
    ['a use of another document', '<use href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/>'],
  ])('stores the drawing without %s', async (_what, inner) => {
    const kept = await stored(`<rect width="1" height="1"/>${inner}`);
    expect(kept).not.toMatch(SCRIPTABLE);
    expect(kept).toContain('<rect width="1" height="1"/>');
  });

  it('refuses text, HTML, empty files and SVG that is no drawing', async () => {
    await expect(prepareLogo(bytes('just some text'))).rejects.toThrow(/PNG, JPEG or SVG/);
    await expect(prepareLogo(bytes('<html><svg></svg></html>'))).rejects.toThrow(
      /PNG, JPEG or SVG/,
    );
    await expect(prepareLogo(new Uint8Array())).rejects.toThrow(/empty/);
    await expect(prepareLogo(bytes('<svg><not closed</svg>'))).rejects.toThrow(DomainRuleError);
  });
});
