import { DomainRuleError } from '../errors/errors.js';

export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

/** The XML prolog before the root (declaration, comments, doctype): none of it is drawing. */
const PROLOG = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*/i;

/** DOMPurify needs a DOM; made once, on the first SVG upload (PNG and JPEG never need it). */
let purifier: Promise<{ sanitize(svg: string): string }> | null = null;

function svgPurifier() {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import('jsdom'),
      import('dompurify'),
    ]);
    const purify = createDOMPurify(new JSDOM('').window);
    return {
      sanitize: (svg: string) =>
        purify.sanitize(svg, {
          // DOMPurify's SVG profile: drawing only; scripts, handlers, script URLs, foreign
          // content and elements of other namespaces (an XHTML <h:script>) are removed.
          USE_PROFILES: { svg: true, svgFilters: true },
          PARSER_MEDIA_TYPE: 'application/xhtml+xml',
          NAMESPACE: 'http://www.w3.org/2000/svg',
        }),
    };
  })();
  return purifier;
}

/**
 * An SVG logo made safe by a maintained sanitiser (DOMPurify), not a hand-written filter: what
 * is stored and served is the sanitised drawing. Null when the text is not an SVG document.
 */
async function sanitisedSvg(bytes: Uint8Array): Promise<Uint8Array | null> {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const body = text.replace(PROLOG, '').trim();
  if (!/^<svg[\s>]/i.test(body) || !/<\/svg\s*>\s*$/i.test(body)) return null;
  const clean = (await svgPurifier()).sanitize(body);
  if (!/^<svg[\s>]/.test(clean)) {
    throw new DomainRuleError('The SVG logo could not be read as a drawing; upload another.');
  }
  return new TextEncoder().encode(clean);
}

/**
 * An uploaded logo as it is stored: its content type from its bytes (never from the client's
 * claim), and an SVG sanitised. Throws DomainRuleError (422) for anything but PNG, JPEG or SVG.
 */
export async function prepareLogo(
  bytes: Uint8Array,
): Promise<{ contentType: LogoContentType; bytes: Uint8Array }> {
  if (bytes.length === 0) throw new DomainRuleError('The logo file is empty.');
  if (startsWith(bytes, PNG_MAGIC)) return { contentType: 'image/png', bytes };
  if (startsWith(bytes, JPEG_MAGIC)) return { contentType: 'image/jpeg', bytes };
  const svg = await sanitisedSvg(bytes);
  if (svg) return { contentType: 'image/svg+xml', bytes: svg };
  throw new DomainRuleError('The logo must be a PNG, JPEG or SVG image.');
}
