import { WEEKDAYS, type Weekday } from '../teaching/meetingSchema.js';

/**
 * What a cell of an import holds, and how its text becomes a value. Files come from student
 * information and HR systems, so each reader accepts the spellings those systems write ("Y",
 * "TTh", "9:30 AM", 2026-09-01 or an Excel date) and refuses the rest in words.
 */
export type CellType =
  'text' | 'number' | 'integer' | 'boolean' | 'list' | 'date' | 'time' | 'days';

export type CellValue = string | number | boolean | string[] | Weekday[];
export type CellResult = { value: CellValue } | { error: string };

const TRUE = new Set(['y', 'yes', 'true', '1', 'x', 'active']);
const FALSE = new Set(['n', 'no', 'false', '0', 'inactive']);

/** Day names and the letters SIS extracts use (M T W R F S U; Tu Th Sa Su). */
const DAY_WORDS: Record<string, Weekday> = {
  mo: 'MO',
  mon: 'MO',
  monday: 'MO',
  m: 'MO',
  tu: 'TU',
  tue: 'TU',
  tues: 'TU',
  tuesday: 'TU',
  t: 'TU',
  we: 'WE',
  wed: 'WE',
  wednesday: 'WE',
  w: 'WE',
  th: 'TH',
  thu: 'TH',
  thur: 'TH',
  thurs: 'TH',
  thursday: 'TH',
  r: 'TH',
  fr: 'FR',
  fri: 'FR',
  friday: 'FR',
  f: 'FR',
  sa: 'SA',
  sat: 'SA',
  saturday: 'SA',
  s: 'SA',
  su: 'SU',
  sun: 'SU',
  sunday: 'SU',
  u: 'SU',
};

/** "MWF", "TTh", "TuTh", "MO,WE", "Mon Wed": the weekdays, Monday first, each once. */
export function parseDays(text: string): Weekday[] | null {
  const words = text
    .trim()
    .toLowerCase()
    .split(/[\s,;/]+/)
    .filter(Boolean);
  const days: Weekday[] = [];
  for (const word of words) {
    const whole = DAY_WORDS[word];
    if (whole) {
      days.push(whole);
      continue;
    }
    // Run-together letters: the longest known spelling at each point ("tth" = Tu Th).
    let rest = word;
    while (rest.length > 0) {
      const match = [3, 2, 1]
        .map((n) => rest.slice(0, n))
        .find((part) => DAY_WORDS[part] !== undefined);
      if (!match) return null;
      days.push(DAY_WORDS[match] as Weekday);
      rest = rest.slice(match.length);
    }
  }
  if (days.length === 0) return null;
  return WEEKDAYS.filter((d) => days.includes(d));
}

/** "09:30", "9:30", "9:30 AM", "1:05 pm", "1330": HH:MM on a 24-hour clock. */
export function parseTime(text: string): string | null {
  const found = /^(\d{1,2})(?::?(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(text.trim());
  if (!found) return null;
  let hours = Number(found[1]);
  const minutes = Number(found[2] ?? '0');
  const half = found[3]?.toLowerCase().replace(/\./g, '');
  if (half) {
    if (hours < 1 || hours > 12) return null;
    hours = (hours % 12) + (half === 'pm' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** "2026-09-01", "9/1/2026" (month first, as US SIS extracts write it): an ISO date. */
export function parseDate(text: string): string | null {
  const value = text.trim();
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:T.*)?$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) [year, month, day] = [Number(us[3]), Number(us[1]), Number(us[2])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

/** A cell's text as a value of its type, or what is wrong with it in words. */
export function parseCell(type: CellType, text: string): CellResult {
  const value = text.trim();
  switch (type) {
    case 'text':
      return { value };
    case 'number':
    case 'integer': {
      const n = Number(value.replace(/,/g, ''));
      if (value === '' || !Number.isFinite(n)) return { error: `"${value}" is not a number.` };
      if (type === 'integer' && !Number.isInteger(n)) {
        return { error: `"${value}" is not a whole number.` };
      }
      return { value: n };
    }
    case 'boolean': {
      const word = value.toLowerCase();
      if (TRUE.has(word)) return { value: true };
      if (FALSE.has(word)) return { value: false };
      return { error: `"${value}" is not yes or no.` };
    }
    case 'list':
      return {
        value: value
          .split(';')
          .map((v) => v.trim())
          .filter(Boolean),
      };
    case 'date': {
      const date = parseDate(value);
      return date ? { value: date } : { error: `"${value}" is not a date (YYYY-MM-DD).` };
    }
    case 'time': {
      const time = parseTime(value);
      return time ? { value: time } : { error: `"${value}" is not a time (HH:MM).` };
    }
    case 'days': {
      const days = parseDays(value);
      return days
        ? { value: days }
        : { error: `"${value}" does not name weekdays (e.g. MWF, TTh).` };
    }
    default: {
      const _never: never = type;
      return { error: `Unknown cell type ${String(_never)}.` };
    }
  }
}
