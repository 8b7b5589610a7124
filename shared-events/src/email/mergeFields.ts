/**
 * Merge fields of an e-mail to instructors (docs/email.md): `{{firstName}}` and the like, filled
 * for each recipient when the message is previewed or sent. Browser-safe: the page offers the
 * same list and checks a draft the way the server does.
 */
export const MERGE_FIELDS = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'fullName', label: 'Full name' },
  { key: 'periodName', label: 'Academic period' },
  { key: 'assignments', label: 'Their teaching assignments (one per line)' },
  { key: 'workload', label: 'Their workload (points assigned and required)' },
  { key: 'myWorkloadLink', label: 'Link to My Workload' },
  { key: 'preferencesLink', label: 'Link to My Teaching Preferences' },
  { key: 'scheduleLink', label: 'Link to My Schedule' },
] as const;
export type MergeFieldKey = (typeof MERGE_FIELDS)[number]['key'];
export type MergeValues = Readonly<Record<MergeFieldKey, string>>;

const FIELD = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;
const KNOWN = new Set<string>(MERGE_FIELDS.map((f) => f.key));

/** The merge fields a text names that Allot does not know, each once, as written. */
export function unknownMergeFields(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(FIELD)) {
    if (!KNOWN.has(match[1] ?? '')) unknown.add(match[1] ?? '');
  }
  return [...unknown];
}

/** A sentence naming the unknown merge fields of a text, or null when it has none. */
export function mergeFieldProblem(text: string): string | null {
  const unknown = unknownMergeFields(text);
  if (unknown.length === 0) return null;
  const named = unknown.map((k) => `{{${k}}}`).join(', ');
  return unknown.length === 1
    ? `${named} is not a merge field Allot knows.`
    : `${named} are not merge fields Allot knows.`;
}

/** The text with each merge field replaced by the recipient's value (unknown ones left as written). */
export function fillMergeFields(text: string, values: MergeValues): string {
  return text.replace(FIELD, (whole, key: string) =>
    KNOWN.has(key) ? values[key as MergeFieldKey] : whole,
  );
}
