import { DATE_LOCALE } from '../constants.js';

/** Text of a scalar; '' for anything else (objects are never shown as [object Object]). */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A list cell's text: Yes/No for flags, slugs or names joined for lists, '' for nothing. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' && ISO_DATETIME.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()))
      return date.toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    return value
      .map((item: unknown) => {
        if (item && typeof item === 'object') {
          const o = item as Record<string, unknown>;
          return textOf(o.slug ?? o.name ?? o.displayName ?? o.UserId ?? o.id);
        }
        return String(item);
      })
      .join(', ');
  }
  return JSON.stringify(value);
}

/** What names a record in dialogs, alerts and the history title. */
export function recordLabel(row: Record<string, unknown>): string {
  for (const key of ['name', 'displayName', 'title', 'code', 'slug']) {
    const value = row[key];
    if (typeof value === 'string' && value) return value;
  }
  return String(row.id);
}

/**
 * What a list row's buttons name it by, unique per row: its label, and a person's username too,
 * since two people may share a display name.
 */
export function rowLabel(row: Record<string, unknown>): string {
  const label = recordLabel(row);
  const username = row.username;
  return typeof username === 'string' && username && username !== label
    ? `${label} (${username})`
    : label;
}
