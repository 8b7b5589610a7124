/** The words of a position's fields, as the page labels them. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  positionNumber: 'Position',
  title: 'Title',
  startDate: 'From',
  endDate: 'Until',
  fte: 'FTE',
  costCenter: 'Cost centre',
  isActive: 'Active',
  UserId: 'Instructor',
};

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '(changed)';
};

/**
 * One change of a position in words: "Created: position P100200 from 2026-07-01 at FTE 1",
 * "FTE 0.5, Until 2027-06-30", "Deactivated". Field names are the page's, never the API's.
 */
export function describePositionChange(change: string, fields: Record<string, unknown>): string {
  if (change === 'deleted') return 'Deleted';
  if (change === 'deactivated') return 'Deactivated';
  if (change === 'created') {
    const parts = [
      `Created: position ${shown(fields.positionNumber)}`,
      `from ${shown(fields.startDate)}`,
      ...(fields.endDate ? [`until ${shown(fields.endDate)}`] : []),
      `at FTE ${shown(fields.fte)}`,
      ...(fields.costCenter ? [`on cost centre ${shown(fields.costCenter)}`] : []),
    ];
    return parts.join(' ');
  }
  const said = Object.entries(fields)
    .filter(([key]) => key in FIELD_WORDS && key !== 'UserId')
    .map(([key, value]) => `${FIELD_WORDS[key] ?? key} ${shown(value)}`);
  return said.length > 0 ? `Changed: ${said.join(', ')}` : 'Changed';
}
