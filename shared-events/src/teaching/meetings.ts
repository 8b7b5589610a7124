import { z } from 'zod';
import { RRule } from './recurrence.js';

/** Weekdays as iCalendar spells them (RFC 5545 BYDAY), Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const FREQUENCIES = ['weekly', 'biweekly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** A meeting recurs for at most this many days, so expanding one stays cheap (two years). */
export const MAX_MEETING_SPAN_DAYS = 731;
export const MAX_OCCURRENCES = 500;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM (00:00–23:59)');
const isoDate = z.iso.date();

/** Minutes since midnight of an `HH:MM` time. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86400000);
}

export const Meeting = z
  .object({
    /** Stable within the section, so a move names the meeting it moves. */
    id: z.string().min(1).max(100),
    days: z
      .array(z.enum(WEEKDAYS))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, 'each day may be listed once'),
    startTime: hhmm,
    endTime: hhmm,
    startDate: isoDate,
    /** Last possible date (inclusive); give this or `occurrences`. */
    until: isoDate.nullable().optional(),
    /** How many times it meets, counted before exceptions (as iCalendar COUNT with EXDATE). */
    occurrences: z.number().int().min(1).max(MAX_OCCURRENCES).nullable().optional(),
    frequency: z.enum(FREQUENCIES),
    /** Dates on which it does not meet (holidays, a cancelled class). */
    exceptions: z.array(isoDate).max(MAX_OCCURRENCES).optional(),
    LocationId: z.string().min(1).max(100).nullable().optional(),
    description: z.string().trim().max(500).nullable().optional(),
  })
  .strict()
  .superRefine((m, ctx) => {
    if (minutesOf(m.endTime) <= minutesOf(m.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must be after the start time' });
    }
    const hasUntil = m.until !== undefined && m.until !== null;
    const hasCount = m.occurrences !== undefined && m.occurrences !== null;
    if (hasUntil === hasCount) {
      ctx.addIssue({
        code: 'custom',
        path: ['until'],
        message: 'give either an end date (until) or a number of occurrences',
      });
    }
    if (hasUntil && m.until) {
      const span = daysBetween(m.startDate, m.until);
      if (span < 0) {
        ctx.addIssue({ code: 'custom', path: ['until'], message: 'must not be before the start' });
      } else if (span > MAX_MEETING_SPAN_DAYS) {
        ctx.addIssue({
          code: 'custom',
          path: ['until'],
          message: 'a meeting spans at most two years',
        });
      }
    }
  });
export type Meeting = z.infer<typeof Meeting>;

const RRULE_DAYS = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
} as const;

function utcDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/**
 * The dates (ISO, ascending) a meeting takes place on, exceptions removed. Dates are computed in
 * UTC as floating calendar dates: a meeting's dates never depend on the server's time zone.
 */
export function meetingDates(meeting: Meeting): string[] {
  const rule = new RRule({
    freq: RRule.WEEKLY,
    interval: meeting.frequency === 'biweekly' ? 2 : 1,
    wkst: RRule.MO,
    byweekday: meeting.days.map((d) => RRULE_DAYS[d]),
    dtstart: utcDate(meeting.startDate),
    ...(meeting.until
      ? { until: utcDate(meeting.until) }
      : { count: meeting.occurrences ?? MAX_OCCURRENCES }),
  });
  const skipped = new Set(meeting.exceptions ?? []);
  return rule
    .all((_date, i) => i < MAX_OCCURRENCES * 2)
    .map((d) => d.toISOString().slice(0, 10))
    .filter((d) => !skipped.has(d));
}

/**
 * Dates no meeting date falls outside of, without expanding the rule: from the start date to the
 * end date, or to as many weeks (times the interval) as it has occurrences, since every week of the
 * rule holds at least one. Exceptions only remove dates, so the bounds still hold.
 */
export function meetingBounds(meeting: Meeting): { first: string; last: string } {
  if (meeting.until) return { first: meeting.startDate, last: meeting.until };
  const weeks =
    (meeting.occurrences ?? MAX_OCCURRENCES) * (meeting.frequency === 'biweekly' ? 2 : 1);
  const last = new Date(utcDate(meeting.startDate).getTime() + weeks * 7 * 86_400_000);
  return { first: meeting.startDate, last: last.toISOString().slice(0, 10) };
}

/** The bounds of a set of meetings together; null without meetings (nothing can clash then). */
export function scheduleBounds(
  meetings: readonly Meeting[],
): { first: string; last: string } | null {
  let first: string | null = null;
  let last: string | null = null;
  for (const meeting of meetings) {
    const bounds = meetingBounds(meeting);
    if (first === null || bounds.first < first) first = bounds.first;
    if (last === null || bounds.last > last) last = bounds.last;
  }
  return first !== null && last !== null ? { first, last } : null;
}

/** The weekday of an ISO date. */
export function weekdayOf(isoDay: string): Weekday {
  // getUTCDay: 0 = Sunday.
  const index = (utcDate(isoDay).getUTCDay() + 6) % 7;
  return WEEKDAYS[index] as Weekday;
}

/** The first and last date a meeting takes place on, or null when every date is an exception. */
export function meetingSpan(meeting: Meeting): { first: string; last: string } | null {
  const dates = meetingDates(meeting);
  const first = dates[0];
  const last = dates[dates.length - 1];
  return first && last ? { first, last } : null;
}

/** Minutes one occurrence lasts. */
export function meetingMinutes(meeting: Pick<Meeting, 'startTime' | 'endTime'>): number {
  return minutesOf(meeting.endTime) - minutesOf(meeting.startTime);
}
