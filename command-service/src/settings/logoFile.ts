import { DomainRuleError } from '../errors/errors.js';

/** Spec §7: logos are small; bigger files are refused before they reach the event store. */
export const MAX_LOGO_BYTES = 1024 * 1024;

export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

// Scriptable SVG content is refused rather than rewritten: a refusal cannot miss a variant.
const UNSAFE_SVG: ReadonlyArray<[RegExp, string]> = [
  [/<\s*script/i, 'a <script> element'],
  [/<\s*foreignObject/i, 'a <foreignObject> element'],
  [/\son[a-z]+\s*=/i, 'an event handler attribute (on…)'],
  [/javascript\s*:/i, 'a javascript: URL'],
  [/<!ENTITY/i, 'an entity declaration'],
];

/**
 * The named character references that can spell a URL scheme or hide one (HTML's, where an SVG
 * inlined in a page would be read; XML knows only the last five).
 */
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  colon: ':',
  Tab: '\t',
  NewLine: '\n',
  nbsp: '\u00a0',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
  semi: ';',
  equals: '=',
  num: '#',
  percnt: '%',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

// Numeric references need no `;` in HTML; named ones are matched with or without it.
const REFERENCE = /&(?:#(\d+)|#[xX]([0-9a-fA-F]+)|([A-Za-z][A-Za-z0-9]*));?/g;

/** C0 and C1 controls and DEL: what a URL parser drops or stops at, never in a logo's attribute. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);

/**
 * Decodes character references once, as a parser reading the attribute would; `controls` tells
 * whether any of them stood for a control character.
 */
export function decodeReferences(value: string): { text: string; controls: boolean } {
  let controls = false;
  const text = value.replace(
    REFERENCE,
    (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) {
        const named = NAMED_REFERENCES[name];
        if (named === undefined) return whole;
        if (isControl(named.charCodeAt(0))) controls = true;
        return named;
      }
      const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
      // Out of range, a surrogate or NUL: parsers read U+FFFD.
      if (!(code > 0 && code <= 0x10ffff) || (code >= 0xd800 && code <= 0xdfff)) {
        controls = controls || code === 0;
        return '\ufffd';
      }
      if (isControl(code)) controls = true;
      return String.fromCodePoint(code);
    },
  );
  return { text, controls };
}

/** Quoted attribute values (XML requires the quotes), as written. */
const ATTRIBUTE_VALUE = /[\s"'][^\s=<>/"']+\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Without controls, spaces and no-break spaces. */
const withoutBlanks = (text: string) =>
  [...text]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code > 0x20 && !(code >= 0x7f && code <= 0xa0);
    })
    .join('');

/** What is wrong with one attribute value once its character references are read, or null. */
function unsafeAttribute(raw: string): string | null {
  const { text, controls } = decodeReferences(raw);
  if (controls) return 'an encoded control character in an attribute';
  // Read once, nothing is left to read: a remaining `&#` only waits for a second decoder.
  if (text.includes('&#')) return 'a character reference that decodes to another one';
  // A URL parser drops tabs and newlines anywhere and controls and spaces around the URL; the
  // second reading covers `&amp;colon;` the same way.
  for (const read of [text, decodeReferences(text).text]) {
    if (/javascript:/i.test(withoutBlanks(read))) return 'a javascript: URL';
  }
  return null;
}

function svgContentType(bytes: Uint8Array): LogoContentType | null {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  // An SVG document: optional XML declaration, comments or doctype, then the <svg root.
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;
  if (!root.test(text) || !/<\/svg\s*>\s*$/i.test(text)) return null;
  const refuse = (what: string) =>
    new DomainRuleError(`The SVG logo contains ${what}; upload one without it.`);
  for (const [pattern, what] of UNSAFE_SVG) {
    if (pattern.test(text)) throw refuse(what);
  }
  // Character references can spell what the patterns look for (`javascript&#58;`): each
  // attribute value is checked as a parser would read it.
  for (const match of text.matchAll(ATTRIBUTE_VALUE)) {
    const what = unsafeAttribute(match[1] ?? match[2] ?? '');
    if (what) throw refuse(what);
  }
  return 'image/svg+xml';
}

/**
 * The content type of an uploaded logo, from its bytes (never from the client's claim).
 * Throws DomainRuleError (422) for anything but PNG, JPEG or a script-free SVG.
 */
export function sniffLogo(bytes: Uint8Array): LogoContentType {
  if (bytes.length === 0) throw new DomainRuleError('The logo file is empty.');
  if (startsWith(bytes, PNG_MAGIC)) return 'image/png';
  if (startsWith(bytes, JPEG_MAGIC)) return 'image/jpeg';
  const svg = svgContentType(bytes);
  if (svg) return svg;
  throw new DomainRuleError('The logo must be a PNG, JPEG or SVG image.');
}
