import { DATE_LOCALE } from '../constants.js';
import type { HistoryAttribution } from '../api/resourceApi.js';

/** 'AcademicTermTypeDeactivated' → 'Deactivated' (the kind is already on screen). */
export function actionOf(type: string, eventPrefix: string): string {
  const rest = type.startsWith(eventPrefix) ? type.slice(eventPrefix.length) : type;
  return rest.replace(/([a-z0-9])([A-Z])/g, '$1 $2') || type;
}

/**
 * 'Ada Admin', 'Ada Admin on behalf of Fay Faculty' while masquerading, 'Maria Garcia through API
 * key “Nightly import” (created by Ada Admin)' for a Bearer request; 'System' for jobs; 'Import
 * “Fall sections” run by Oscar Operations from sections.xlsx' for what an import wrote.
 */
export function whoOf(
  entry: Pick<HistoryAttribution, 'by' | 'onBehalfOf'> & {
    through?: HistoryAttribution['through'];
    importRun?: HistoryAttribution['importRun'];
    clone?: HistoryAttribution['clone'];
  },
): string {
  const by = entry.by?.displayName ?? 'System';
  const who = entry.onBehalfOf ? `${by} on behalf of ${entry.onBehalfOf.displayName}` : by;
  const key = entry.through;
  const creator = key?.createdBy ? ` (created by ${key.createdBy.displayName})` : '';
  const person = key ? `${who} through API key “${key.name}”${creator}` : who;
  if (entry.clone) return `Cloned from ${entry.clone.from} into ${entry.clone.into} by ${person}`;
  const run = entry.importRun;
  if (!run) return person;
  const named = run.name ? `import “${run.name}”` : 'an import';
  return run.undo
    ? `Undo of ${named} of ${run.fileName}, by ${person}`
    : `${named.charAt(0).toUpperCase()}${named.slice(1)} run by ${person} from ${run.fileName}`;
}

export function whenOf(at: string, locale: string = DATE_LOCALE): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}
