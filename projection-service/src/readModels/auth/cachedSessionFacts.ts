import type { AuthFacts, SessionFacts } from './authFacts.js';

export interface CachedSessionFactsOptions {
  /**
   * How long an answer may be reused when nothing here said the read model changed: the bound on
   * how late another instance's change (a role, a deactivation) is seen. Within this process the
   * runner calls `invalidate` as soon as the read model commits a change.
   */
  maxAgeMs: number;
  /** Sessions remembered at most (the cache starts over past it). */
  maxEntries?: number;
  now?: () => number;
}

/**
 * `sessionFacts` remembered per (user, working user): every request resolves its session, and
 * the answer changes only when the authFacts read model does.
 */
export function cachedSessionFacts<F extends AuthFacts>(
  facts: F,
  options: CachedSessionFactsOptions,
): F & { invalidate(): void } {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { at: number; answer: Promise<SessionFacts> }>();

  return {
    ...facts,
    sessionFacts(userId, workingUserId) {
      const key = `${userId}\u0000${workingUserId}`;
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.maxAgeMs) return hit.answer;
      const answer = facts.sessionFacts(userId, workingUserId);
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { at: now(), answer });
      // A failed read (the database away) is asked again by the next request.
      answer.catch(() => {
        if (entries.get(key)?.answer === answer) entries.delete(key);
      });
      return answer;
    },
    // Reads already under way finish for their callers; the next request reads anew.
    invalidate() {
      entries.clear();
    },
  };
}
