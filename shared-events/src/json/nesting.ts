/**
 * How deep a JSON body may nest. Allot's deepest body (a section with meetings and their
 * exceptions) nests five levels; past this a body is an attack on the parser or what walks it.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, found by one pass over the text
 * (brackets inside strings do not count) before anything parses or walks it recursively.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}
