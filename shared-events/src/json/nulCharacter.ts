/**
 * PostgreSQL text and jsonb cannot hold U+0000: a NUL in an id, a query or a body field would
 * reach the database and fail there (a 500) instead of being refused. No field of Allot may hold
 * one, so both services refuse such a request at the door, whatever its route.
 */
export const NUL_CHARACTER_MESSAGE =
  'The request contains a NUL character, which no field may hold.';

/**
 * The dotted path of the first string (or object key) holding U+0000 in a parsed value (`''` for
 * the value itself), else null. Buffers (uploaded files) are bytes, not text, and are left alone.
 */
export function findNulCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  if (ArrayBuffer.isView(value)) return null;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const itemPath = path ? `${path}.${String(key)}` : String(key);
    if (typeof key === 'string' && key.includes('\u0000')) return itemPath;
    const found = findNulCharacter(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}
