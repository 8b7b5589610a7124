import type { ReportColumn } from '@allot/shared-events';

/**
 * A report's values as a file holds them. The query answers text for dates ('2026-09-01') and
 * date-times (ISO instants), numbers, booleans and choice values; a file shows choices by their
 * labels, booleans as Yes/No in CSV, and date-times as the wall-clock time of the export's zone.
 */

/** A date-time's wall-clock parts in a zone; null for what is not an instant. */
export type WallClock = (value: unknown) => {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} | null;

export function wallClockIn(timeZone: string): WallClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (value) => {
    const instant = value instanceof Date ? value : new Date(textOf(value));
    if (Number.isNaN(instant.getTime())) return null;
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(instant)) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    return {
      year: parts.year ?? 0,
      month: parts.month ?? 1,
      day: parts.day ?? 1,
      hour: parts.hour ?? 0,
      minute: parts.minute ?? 0,
      second: parts.second ?? 0,
    };
  };
}

/** A value as text: strings as they are, instants as ISO, anything structured as JSON. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value) ?? '';
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** A date column's value as [year, month, day]; null when it is not a date. */
export function dateParts(value: unknown): [number, number, number] | null {
  const text = value instanceof Date ? value.toISOString() : textOf(value);
  const match = DATE.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function choiceLabel(column: ReportColumn, value: unknown): string {
  const choice = column.choices?.find((c) => c.value === value);
  return choice?.label ?? textOf(value);
}

export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
}

export function asBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 't') return true;
  if (value === 'false' || value === 'f') return false;
  return null;
}

/**
 * Text that a spreadsheet would read as a formula (= + - @, a tab or a carriage return first) is
 * written with a leading apostrophe (OWASP "CSV injection"): a course or note named "=HYPERLINK(…)"
 * stays text when the CSV is opened. Numbers are written as numbers and never touched.
 */
export function inertText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One CSV field. */
export function csvCell(
  column: ReportColumn,
  value: unknown,
  wallClock: WallClock,
): string | number {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'number':
      return asNumber(value) ?? inertText(textOf(value));
    case 'boolean': {
      const b = asBoolean(value);
      return b === null ? inertText(textOf(value)) : b ? 'Yes' : 'No';
    }
    case 'choice':
      return inertText(choiceLabel(column, value));
    case 'date': {
      const d = dateParts(value);
      return d ? `${pad(d[0], 4)}-${pad(d[1])}-${pad(d[2])}` : inertText(textOf(value));
    }
    case 'datetime': {
      const t = wallClock(value);
      return t
        ? `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`
        : inertText(textOf(value));
    }
    case 'text':
      return inertText(textOf(value));
  }
}

/**
 * One XLSX cell: a number, a boolean, a Date (the wall-clock time as if it were UTC: a workbook
 * has no zones, and ExcelJS writes a Date's UTC reading), a string, or null (empty).
 */
export function xlsxCell(
  column: ReportColumn,
  value: unknown,
  wallClock: WallClock,
): string | number | boolean | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'number':
      return asNumber(value) ?? textOf(value);
    case 'boolean':
      return asBoolean(value) ?? textOf(value);
    case 'choice':
      return choiceLabel(column, value);
    case 'date': {
      const d = dateParts(value);
      return d ? new Date(Date.UTC(d[0], d[1] - 1, d[2])) : textOf(value);
    }
    case 'datetime': {
      const t = wallClock(value);
      return t
        ? new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second))
        : textOf(value);
    }
    case 'text':
      return textOf(value);
  }
}

/** How a cell's text reads, for column widths. */
export function displayLength(value: ReturnType<typeof xlsxCell>, column: ReportColumn): number {
  if (value === null) return 0;
  if (value instanceof Date) return column.type === 'date' ? 10 : 16;
  if (typeof value === 'boolean') return 5;
  if (typeof value === 'number') return String(Math.round(value * 100) / 100).length;
  // The longest line of a cell that wraps.
  return Math.max(...value.split('\n').map((line) => line.length));
}
