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
  // A stack, not recursion: a deeply nested body must not overflow the call stack (a 500).
  const stack: [unknown, string][] = [[value, path]];
  while (stack.length > 0) {
    const [current, at] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return at;
      continue;
    }
    if (typeof current !== 'object' || current === null || ArrayBuffer.isView(current)) continue;
    const entries = Array.isArray(current)
      ? [...current.entries()]
      : Object.entries(current as Record<string, unknown>);
    const named = entries.map(([key, item]): [unknown, string, unknown] => [
      item,
      at ? `${at}.${String(key)}` : String(key),
      key,
    ]);
    const badKey = named.find(([, , key]) => typeof key === 'string' && key.includes('\u0000'));
    if (badKey) return badKey[1];
    // Pushed last first, so the first field is looked at first (the path named is the first).
    for (const [item, itemPath] of named.reverse()) stack.push([item, itemPath]);
  }
  return null;
}
