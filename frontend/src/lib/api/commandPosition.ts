/** A position token as commands answer it: `<commit>:<prepare>` (docs/decisions.md §4). */
const TOKEN = /^(\d+):(\d+)$/;

/**
 * The `position` of a command answer `{ id, revision, position }` or of a batch of commands
 * `{ approved, refused, position }` (bulk approval), or null for any other body.
 */
export function positionOfCommandAnswer(body: unknown): string | null {
  if (!body || typeof body !== 'object' || !('position' in body)) return null;
  if (!('revision' in body) && !('approved' in body && Array.isArray(body.approved))) return null;
  const { position } = body;
  return typeof position === 'string' && TOKEN.test(position) ? position : null;
}

function parts(token: string): [bigint, bigint] {
  const match = TOKEN.exec(token);
  return match ? [BigInt(match[1] ?? '0'), BigInt(match[2] ?? '0')] : [0n, 0n];
}

/**
 * The later of two tokens. Positions are pairs compared lexicographically, never one number:
 * answers may arrive out of order, and the header must never move backwards.
 */
export function laterPosition(current: string | null, next: string): string {
  if (current === null) return next;
  const [a1, a2] = parts(current);
  const [b1, b2] = parts(next);
  return b1 > a1 || (b1 === a1 && b2 > a2) ? next : current;
}
