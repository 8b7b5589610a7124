import { DATE_LOCALE } from '../constants.js';
import type { HistoryEntry } from './resourceApi.js';

/** A value as a person reads it in a history line. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** 'AcademicTermTypeDeactivated' → 'Deactivated' (the kind is already on screen). */
export function actionOf(type: string, eventPrefix: string): string {
  const rest = type.startsWith(eventPrefix) ? type.slice(eventPrefix.length) : type;
  return rest.replace(/([a-z0-9])([A-Z])/g, '$1 $2') || type;
}

/** 'Ada Admin', or 'Ada Admin on behalf of Fay Faculty' while masquerading; 'System' for jobs. */
export function whoOf(entry: Pick<HistoryEntry, 'by' | 'onBehalfOf'>): string {
  const by = entry.by?.displayName ?? 'System';
  return entry.onBehalfOf ? `${by} on behalf of ${entry.onBehalfOf.displayName}` : by;
}

export function whenOf(at: string, locale: string = DATE_LOCALE): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
