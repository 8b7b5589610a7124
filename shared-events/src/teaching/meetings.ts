import { RRule } from './recurrence.js';
import {
  MAX_OCCURRENCES,
  minutesOf,
  WEEKDAYS,
  type Meeting,
  type Weekday,
} from './meetingSchema.js';

export * from './meetingSchema.js';

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
