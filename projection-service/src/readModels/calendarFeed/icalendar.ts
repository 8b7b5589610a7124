import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Meeting } from '@allot/shared-events';

/** One recurring meeting of a section as the feed shows it. */
export interface FeedMeeting {
  /** Stable across changes of the meeting, so calendar apps update the event in place. */
  uid: string;
  /** Grows with every change of the section (its stream revision). */
  sequence: number;
  summary: string;
  location: string | null;
  description: string;
  /** Approved teaching is confirmed; a proposed or pending assignment is tentative. */
  confirmed: boolean;
  meeting: Meeting;
}

export interface CalendarInput {
  name: string;
  /** The institution's IANA time zone; null: not set, and times are floating (as written). */
  timeZone: string | null;
  meetings: readonly FeedMeeting[];
  now: Date;
}

/** The time zone's VTIMEZONE and the TZID it names (an alias such as UTC becomes Etc/UTC). */
function zoneOf(timeZone: string): { tzid: string; block: string } | null {
  const block = tzlib_get_ical_block(timeZone)[0];
  const tzid = block ? /TZID:([^\r\n]+)/.exec(block)?.[1] : undefined;
  return block && tzid ? { tzid, block } : null;
}

const compact = (isoDate: string, time: string) =>
  `${isoDate.replaceAll('-', '')}T${time.replace(':', '')}00`;

/**
 * The meeting's recurrence (RFC 5545 §3.3.10) and its exceptions, written here rather than by the
 * library so that UNTIL follows the rule for zoned starts (UTC, with Z) and the exceptions carry
 * the start's own time and zone, as calendar apps match them.
 */
function recurrence(meeting: Meeting, tzid: string | null): string {
  const parts = [
    'FREQ=WEEKLY',
    `INTERVAL=${meeting.frequency === 'biweekly' ? 2 : 1}`,
    `BYDAY=${meeting.days.join(',')}`,
    'WKST=MO',
  ];
  if (meeting.until) {
    // Inclusive: a meeting on the last day counts, whatever its time.
    const lastMoment = `${meeting.until}T23:59:59`;
    parts.push(
      tzid
        ? `UNTIL=${DateTime.fromISO(lastMoment, { zone: tzid }).toUTC().toFormat("yyyyLLdd'T'HHmmss'Z'")}`
        : `UNTIL=${meeting.until.replaceAll('-', '')}T235959`,
    );
  } else {
    // Counted before exceptions, as Allot counts them (meetingSchema's `occurrences`).
    parts.push(`COUNT=${meeting.occurrences ?? 1}`);
  }
  const lines = [`RRULE:${parts.join(';')}`];
  for (const date of meeting.exceptions ?? []) {
    lines.push(
      tzid
        ? `EXDATE;TZID=${tzid}:${compact(date, meeting.startTime)}`
        : `EXDATE:${compact(date, meeting.startTime)}`,
    );
  }
  return lines.join('\r\n');
}

/**
 * An iCalendar document (RFC 5545) of a person's meetings: one recurring event per meeting, its
 * times the wall-clock times of the institution's zone (with that zone's VTIMEZONE), holidays and
 * cancelled classes as exceptions.
 */
export function calendarText(input: CalendarInput): string {
  const zone = input.timeZone ? zoneOf(input.timeZone) : null;
  const calendar = new ICalCalendar({
    name: input.name,
    prodId: { company: 'Allot', product: 'Teaching calendar', language: 'EN' },
    // Calendar apps ask again about this often; the plan changes by the hour, not the minute.
    ttl: 60 * 60,
  });
  // No calendar-wide zone: with one, the library writes DTSTAMP without its Z.
  if (zone) calendar.timezone({ name: null, generator: () => zone.block });
  for (const item of input.meetings) {
    const { meeting } = item;
    const start = `${meeting.startDate}T${meeting.startTime}:00`;
    const end = `${meeting.startDate}T${meeting.endTime}:00`;
    calendar.createEvent({
      id: item.uid,
      sequence: item.sequence,
      stamp: input.now,
      // A zoned start is read as wall-clock time in that zone; a floating one is written from the
      // Date's UTC fields, so it is given as UTC to keep the time as written.
      ...(zone
        ? { start, end, timezone: zone.tzid }
        : { start: new Date(`${start}Z`), end: new Date(`${end}Z`), floating: true }),
      summary: item.summary,
      location: item.location,
      description: item.description,
      status: item.confirmed ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
      repeating: recurrence(meeting, zone?.tzid ?? null),
    });
  }
  return calendar.toString();
}
