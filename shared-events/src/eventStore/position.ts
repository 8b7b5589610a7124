import type { Position } from './port.js';

/** Orders positions as the pair (commit, prepare). */
export function comparePositions(a: Position, b: Position): -1 | 0 | 1 {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Opaque token sent to clients (and back in `X-Allot-Position`). */
export function positionToToken(p: Position): string {
  return `${p.commit.toString()}:${p.prepare.toString()}`;
}

const TOKEN = /^(\d{1,20}):(\d{1,20})$/;

/** Parses a token; returns null for anything malformed so callers can answer 400. */
export function tokenToPosition(token: string): Position | null {
  const m = TOKEN.exec(token.trim());
  if (!m?.[1] || !m[2]) return null;
  return { commit: BigInt(m[1]), prepare: BigInt(m[2]) };
}

export const START_POSITION: Position = { commit: 0n, prepare: 0n };
