import type { ChangeDisplayAnswer } from '../readApi/history.js';

/** One field's raw difference between two versions of a record. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * What a person reads for one change: the history answer carries it, so every client shows the
 * same words and none has to know ids, machine names or how a kind stores a list.
 */
export type ChangeDisplay = ChangeDisplayAnswer;

/** One field's change: the raw values for programs, the label and display for people. */
export interface LabelledChange {
  field: string;
  from: unknown;
  to: unknown;
  label: string;
  display: ChangeDisplay;
}

export const EMPTY_TEXT = '(empty)';

/** A scalar as words: yes/no for booleans, (empty) for nothing. */
export function scalarText(value: unknown): string {
  if (value === undefined || value === null || value === '') return EMPTY_TEXT;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  // Objects are never shown as JSON; callers describe the ones they know.
  return 'Changed';
}

export function textChange(from: string, to: string): ChangeDisplay {
  return { kind: 'text', from, to };
}

/**
 * The items of the new list that the old one lacked, and the other way round, compared by
 * their words (a member whose permissions changed is removed as they were and added as they are).
 */
export function listChange(from: readonly string[], to: readonly string[]): ChangeDisplay {
  const before = new Set(from);
  const after = new Set(to);
  return {
    kind: 'list',
    added: [...after].filter((item) => !before.has(item)),
    removed: [...before].filter((item) => !after.has(item)),
  };
}

/** A list value as an array (null and absent are the empty list). */
export function itemsOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * 'FacultyProfile.RankId' → 'Rank', 'sectionMaxStudents' → 'Section max students': the words of
 * a field that declares no label, never its machine name.
 */
export function wordsOf(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last
    .replace(/Ids?$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The changes a person would see: a list that went from absent to empty (a record created with
 * no members, no meetings) changed nothing one could read, and is left out.
 */
export function visibleChanges(changes: readonly LabelledChange[]): LabelledChange[] {
  return changes.filter(
    (c) => c.display.kind !== 'list' || c.display.added.length > 0 || c.display.removed.length > 0,
  );
}
