import type { FieldUi, ResourceDefinition } from '../resources/defineResource.js';
import {
  itemsOf,
  listChange,
  scalarText,
  textChange,
  wordsOf,
  type ChangeDisplay,
  type LabelledChange,
  type FieldChange,
} from './changeDisplay.js';
import { UNKNOWN_RECORD, type HistoryNames } from './names.js';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const idOf = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Workgroup member bits as their option labels, in lower case: 'approve, assign'. */
function bitsText(permission: unknown, options: FieldUi['options']): string {
  if (typeof permission !== 'number') return '';
  return (options ?? [])
    .filter((o) => {
      const bit = Number(o.value);
      return bit > 0 && (permission & bit) === bit;
    })
    .map((o) => o.label.toLowerCase())
    .join(', ');
}

/** One item of a list field as words, by the field's widget. */
async function itemText(item: unknown, ui: FieldUi, names: HistoryNames): Promise<string> {
  if (ui.widget === 'members' && isRecord(item)) {
    const id = idOf(item.UserId);
    const name = id ? ((await names.person(id))?.displayName ?? UNKNOWN_RECORD) : UNKNOWN_RECORD;
    const bits = bitsText(item.permission, ui.options);
    return bits ? `${name} (${bits})` : name;
  }
  if (ui.widget === 'termModes' && isRecord(item)) {
    return termModeText(item, names);
  }
  if (ui.reference) {
    const id = idOf(item);
    return id ? ((await names.record(ui.reference, id, ui.labelField)) ?? UNKNOWN_RECORD) : '';
  }
  if (ui.options) {
    // A multi-select of fixed options (Roles: [{ slug }]) reads as its labels.
    const key = isRecord(item) && 'slug' in item ? item.slug : item;
    return ui.options.find((o) => o.value === key)?.label ?? scalarText(key);
  }
  return scalarText(item);
}

/** 'Fall 2026 · In person': a term and a teaching mode by their names. */
export async function termModeText(
  termMode: Record<string, unknown>,
  names: HistoryNames,
): Promise<string> {
  const termId = idOf(termMode.AcademicTermId);
  const modeId = idOf(termMode.TeachingModeId);
  const term = termId ? await names.record('academicTerms', termId) : null;
  const mode = modeId ? await names.record('teachingModes', modeId) : null;
  return `${term ?? UNKNOWN_RECORD} · ${mode ?? UNKNOWN_RECORD}`;
}

async function valueText(value: unknown, ui: FieldUi, names: HistoryNames): Promise<string> {
  if (value === null || value === undefined || value === '') return scalarText(value);
  return itemText(value, ui, names);
}

/** How a field of a declared kind reads, from its `ui` (label, widget, reference, options). */
export async function describeResourceChange(
  definition: ResourceDefinition,
  change: FieldChange,
  names: HistoryNames,
): Promise<LabelledChange> {
  const ui: FieldUi = definition.ui?.fields[change.field] ?? { label: wordsOf(change.field) };
  let display: ChangeDisplay;
  if (Array.isArray(change.from) || Array.isArray(change.to)) {
    const texts = (value: unknown) =>
      Promise.all(itemsOf(value).map((item) => itemText(item, ui, names)));
    display = listChange(await texts(change.from), await texts(change.to));
  } else {
    display = textChange(
      await valueText(change.from, ui, names),
      await valueText(change.to, ui, names),
    );
  }
  return { ...change, label: ui.label, display };
}
