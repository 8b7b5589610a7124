import type { FieldChange } from './changeDisplay.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Field-level differences between two versions of a record. Plain objects (a faculty profile,
 * financial data) are compared one level down, so the panel says `FacultyProfile.RankId` rather
 * than the whole object; lists, scalars and the objects named in `whole` compare whole.
 */
export function diffRecords(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  whole: ReadonlySet<string> = new Set(),
): FieldChange[] {
  const changes: FieldChange[] = [];
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  keys.delete('id');
  for (const field of keys) {
    const from = before?.[field];
    const to = after?.[field];
    if (same(from ?? null, to ?? null)) continue;
    if (!whole.has(field) && (isPlainObject(from) || isPlainObject(to))) {
      const inner = diffRecords(
        isPlainObject(from) ? from : null,
        isPlainObject(to) ? to : null,
      ).map((c) => ({ ...c, field: `${field}.${c.field}` }));
      if (inner.length > 0) {
        changes.push(...inner);
        continue;
      }
    }
    changes.push({ field, from: from ?? null, to: to ?? null });
  }
  return changes;
}
