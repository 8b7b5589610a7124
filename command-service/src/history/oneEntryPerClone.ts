import type { HistoryCloneAnswer } from '@allot/shared-events';

interface Row<C> {
  clone?: HistoryCloneAnswer | null | undefined;
  revision: number;
  changes: C[];
}

/**
 * A clone's changes to a record as one entry (docs/cloning.md): the rows one clone wrote in a
 * row (a section created, then its meetings set) become the first of them, with every change and
 * the last one's revision. `same` keeps apart rows about different things of the record (a
 * section's assignments are entries of their own).
 */
export function oneEntryPerClone<C, R extends Row<C>>(
  rows: readonly R[],
  same: (a: R, b: R) => boolean = () => true,
): R[] {
  const merged: R[] = [];
  for (const row of rows) {
    const last = merged.at(-1);
    if (last?.clone && row.clone && last.clone.cloneId === row.clone.cloneId && same(last, row)) {
      merged[merged.length - 1] = {
        ...last,
        revision: row.revision,
        changes: [...last.changes, ...row.changes],
      };
    } else {
      merged.push(row);
    }
  }
  return merged;
}
