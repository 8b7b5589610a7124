import { z } from 'zod';

/*
 * A section's meeting pattern as users send it and events store it: only zod, so the browser
 * entry can export the bodies that carry meetings (meetings.ts expands them with rrule).
 */

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
