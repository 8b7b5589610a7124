import { DATE_LOCALE } from '../constants.js';
import type { HistoryAttribution } from '../api/resourceApi.js';

/** 'AcademicTermTypeDeactivated' → 'Deactivated' (the kind is already on screen). */
export function actionOf(type: string, eventPrefix: string): string {
  const rest = type.startsWith(eventPrefix) ? type.slice(eventPrefix.length) : type;
  return rest.replace(/([a-z0-9])([A-Z])/g, '$1 $2') || type;
}

/**
 * 'Ada Admin', 'Ada Admin on behalf of Fay Faculty' while masquerading, 'Maria Garcia through API
 * key “Nightly import” (created by Ada Admin)' for a Bearer request; 'System' for jobs.
 */
export function whoOf(
  entry: Pick<HistoryAttribution, 'by' | 'onBehalfOf'> & {
    through?: HistoryAttribution['through'];
  },
): string {
  const by = entry.by?.displayName ?? 'System';
  const who = entry.onBehalfOf ? `${by} on behalf of ${entry.onBehalfOf.displayName}` : by;
  const key = entry.through;
  if (!key) return who;
  const creator = key.createdBy ? ` (created by ${key.createdBy.displayName})` : '';
  return `${who} through API key “${key.name}”${creator}`;
}

export function whenOf(at: string, locale: string = DATE_LOCALE): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
