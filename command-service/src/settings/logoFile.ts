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

function svgContentType(bytes: Uint8Array): LogoContentType | null {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  // An SVG document: optional XML declaration, comments or doctype, then the <svg root.
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;
  if (!root.test(text) || !/<\/svg\s*>\s*$/i.test(text)) return null;
  for (const [pattern, what] of UNSAFE_SVG) {
    if (pattern.test(text)) {
      throw new DomainRuleError(`The SVG logo contains ${what}; upload one without it.`);
    }
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
