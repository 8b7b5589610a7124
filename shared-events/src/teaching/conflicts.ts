import { meetingBounds, meetingDates, minutesOf, type Meeting } from './meetings.js';

/** Gap (minutes) under which two meetings in a row count as back-to-back (DOMAIN.md: a warning). */
export const BACK_TO_BACK_GAP_MINUTES = 15;
/** How many shared dates a conflict names; the rest are counted. */
const DATES_SHOWN = 5;

/** A section as the conflict rules see it (built from the section stream or a read model). */
export interface ScheduledSection {
  SectionId: string;
  meetings: readonly Meeting[];
  /** Instructors on the section: its assignments that are not withdrawn. */
  instructorIds: readonly string[];
  /** Cross-listed sections may share instructor and room at the same time (both must allow it). */
  allowOverlap: boolean;
  /** Students expected: the enrollment, else the section maximum; null when unknown. */
  seats: number | null;
}

export interface LocationInfo {
  id: string;
  building: string | null;
  capacity: number | null;
  /** How people name the room ("SSH 120"), when known. */
  code?: string | null;
}

export type ConflictKind =
  'instructorDoubleBooked' | 'locationDoubleBooked' | 'overCapacity' | 'backToBack';

export interface Conflict {
  kind: ConflictKind;
  /** A conflict refuses the command unless overridden; a warning is only shown. */
  severity: 'conflict' | 'warning';
  SectionId: string;
  meetingId: string;
  otherSectionId: string | null;
  otherMeetingId: string | null;
  UserId: string | null;
  LocationId: string | null;
  /** The first shared dates (ISO) and how many there are in all. */
  dates: string[];
  dateCount: number;
  message: string;
}

const expanded = new WeakMap<Meeting, ReadonlySet<string>>();

/** The meeting's dates, exceptions applied (memoised: a schedule check compares many pairs). */
function datesOf(meeting: Meeting): ReadonlySet<string> {
  let dates = expanded.get(meeting);
  if (!dates) {
    dates = new Set(meetingDates(meeting));
    expanded.set(meeting, dates);
  }
  return dates;
}

const bounded = new WeakMap<Meeting, { first: string; last: string }>();

/**
 * False when two meetings cannot share a date: their bounds do not meet (another term, another
 * year). Every cross-section rule needs a shared date, so such pairs are not compared further.
 */
function mayShareDates(a: Meeting, b: Meeting): boolean {
  let x = bounded.get(a);
  if (!x) bounded.set(a, (x = meetingBounds(a)));
  let y = bounded.get(b);
  if (!y) bounded.set(b, (y = meetingBounds(b)));
  return x.first <= y.last && y.first <= x.last;
}

/** startA < endB and startB < endA, at minute resolution. */
export function timesOverlap(
  a: Pick<Meeting, 'startTime' | 'endTime'>,
  b: Pick<Meeting, 'startTime' | 'endTime'>,
): boolean {
  return (
    minutesOf(a.startTime) < minutesOf(b.endTime) && minutesOf(b.startTime) < minutesOf(a.endTime)
  );
}

function sharedDates(a: Meeting, b: Meeting): string[] {
  // Cheap tests first: no shared weekday or disjoint date ranges mean no shared date.
  if (!a.days.some((d) => b.days.includes(d))) return [];
  const datesA = datesOf(a);
  const datesB = datesOf(b);
  const [small, large] = datesA.size <= datesB.size ? [datesA, datesB] : [datesB, datesA];
  return [...small].filter((d) => large.has(d)).sort();
}

/**
 * The dates on which two meetings are held at overlapping times: their date ranges intersect,
 * they share a weekday and their times overlap, with recurrence exceptions applied.
 */
export function overlappingDates(a: Meeting, b: Meeting): string[] {
  return timesOverlap(a, b) ? sharedDates(a, b) : [];
}

/** Minutes between the end of the earlier meeting and the start of the later one, or null on overlap. */
function gapMinutes(a: Meeting, b: Meeting): number | null {
  if (timesOverlap(a, b)) return null;
  const [first, second] = minutesOf(a.startTime) <= minutesOf(b.startTime) ? [a, b] : [b, a];
  return minutesOf(second.startTime) - minutesOf(first.endTime);
}

function datesPart(dates: string[]): Pick<Conflict, 'dates' | 'dateCount'> {
  return { dates: dates.slice(0, DATES_SHOWN), dateCount: dates.length };
}

/** '2026-09-08' → 'Tue, Sep 8, 2026' (spec §9: dates in en-US), the same wherever it runs. */
export function dayInWords(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function onDates(dates: readonly string[], count = dates.length): string {
  const first = dayInWords(dates[0] ?? '');
  if (count <= 1) return `on ${first}`;
  const rest = count - 1;
  return `on ${first} and ${rest} more ${rest === 1 ? 'date' : 'dates'}`;
}

function pairConflicts(
  section: ScheduledSection,
  meeting: Meeting,
  other: ScheduledSection,
  otherMeeting: Meeting,
  locations: ReadonlyMap<string, LocationInfo>,
): Conflict[] {
  const found: Conflict[] = [];
  const both = section.allowOverlap && other.allowOverlap && section.SectionId !== other.SectionId;
  const shared = section.instructorIds.filter((id) => other.instructorIds.includes(id));
  const pair = {
    SectionId: section.SectionId,
    meetingId: meeting.id,
    otherSectionId: other.SectionId,
    otherMeetingId: otherMeeting.id,
  };
  const room = meeting.LocationId;
  const sameRoom = Boolean(room) && room === otherMeeting.LocationId;
  // The dates are worked out only where a clash would count: a shared instructor or the room.
  const overlapping =
    !both && (shared.length > 0 || sameRoom) ? overlappingDates(meeting, otherMeeting) : [];
  if (overlapping.length > 0) {
    for (const UserId of shared) {
      found.push({
        kind: 'instructorDoubleBooked',
        severity: 'conflict',
        ...pair,
        UserId,
        LocationId: null,
        ...datesPart(overlapping),
        message: `The instructor already teaches another section at this time ${onDates(overlapping)}.`,
      });
    }
    if (sameRoom) {
      found.push({
        kind: 'locationDoubleBooked',
        severity: 'conflict',
        ...pair,
        UserId: null,
        LocationId: room ?? null,
        ...datesPart(overlapping),
        message: `The room is already booked for another section at this time ${onDates(overlapping)}.`,
      });
    }
  }
  const gap = shared.length > 0 ? gapMinutes(meeting, otherMeeting) : null;
  if (gap !== null && gap <= BACK_TO_BACK_GAP_MINUTES) {
    const here = meeting.LocationId ? locations.get(meeting.LocationId)?.building : null;
    const there = otherMeeting.LocationId ? locations.get(otherMeeting.LocationId)?.building : null;
    const dates = here && there && here !== there ? sharedDates(meeting, otherMeeting) : [];
    if (dates.length > 0) {
      for (const UserId of shared) {
        found.push({
          kind: 'backToBack',
          severity: 'warning',
          ...pair,
          UserId,
          LocationId: meeting.LocationId ?? null,
          ...datesPart(dates),
          message: `The instructor has ${gap} minutes to get from ${there} to ${here} ${onDates(dates)}.`,
        });
      }
    }
  }
  return found;
}

function capacityConflict(
  section: ScheduledSection,
  meeting: Meeting,
  locations: ReadonlyMap<string, LocationInfo>,
): Conflict | null {
  const location = meeting.LocationId ? locations.get(meeting.LocationId) : undefined;
  if (!location || location.capacity === null || section.seats === null) return null;
  if (section.seats <= location.capacity) return null;
  const dates = [...datesOf(meeting)];
  return {
    kind: 'overCapacity',
    severity: 'conflict',
    SectionId: section.SectionId,
    meetingId: meeting.id,
    otherSectionId: null,
    otherMeetingId: null,
    UserId: null,
    LocationId: location.id,
    ...datesPart(dates),
    message: `The room seats ${location.capacity}, fewer than the section's ${section.seats} students.`,
  };
}

/**
 * Everything wrong with one section's schedule against the others (its own meetings included):
 * instructors double-booked, locations booked twice, locations too small, back-to-back meetings
 * in different buildings (a warning). `others` may contain the section itself; it is skipped.
 */
export function sectionConflicts(
  section: ScheduledSection,
  others: readonly ScheduledSection[],
  locations: ReadonlyMap<string, LocationInfo> = new Map(),
): Conflict[] {
  const found: Conflict[] = [];
  section.meetings.forEach((meeting, i) => {
    const capacity = capacityConflict(section, meeting, locations);
    if (capacity) found.push(capacity);
    // Two meetings of the same section at once still double-book its instructors and rooms.
    for (const later of section.meetings.slice(i + 1)) {
      found.push(...pairConflicts(section, meeting, section, later, locations));
    }
    for (const other of others) {
      if (other.SectionId === section.SectionId) continue;
      for (const otherMeeting of other.meetings) {
        if (!mayShareDates(meeting, otherMeeting)) continue;
        found.push(...pairConflicts(section, meeting, other, otherMeeting, locations));
      }
    }
  });
  return found;
}

/** The conflicts that refuse a command unless the caller overrides them. */
export function blocking(conflicts: readonly Conflict[]): Conflict[] {
  return conflicts.filter((c) => c.severity === 'conflict');
}

/** How people name what a conflict involves; any may be missing (the generic words are used). */
export interface ConflictNames {
  /** A section by id: "BIOL 101 001". */
  section?(SectionId: string): string | null;
  /** An instructor by user id: "Maria Garcia". */
  person?(UserId: string): string | null;
  /** A room by location id: "SSH 120". */
  location?(LocationId: string): string | null;
}

/**
 * A conflict as a sentence a chair understands: who or which room, with which section, and the
 * first clashing date ("Maria Garcia already teaches BIOL 101 001 at this time on Tue, Sep 8,
 * 2026 and 14 more dates.").
 */
export function conflictSentence(conflict: Conflict, names: ConflictNames = {}): string {
  const other = conflict.otherSectionId ? (names.section?.(conflict.otherSectionId) ?? null) : null;
  const person = conflict.UserId ? (names.person?.(conflict.UserId) ?? null) : null;
  const room = conflict.LocationId ? (names.location?.(conflict.LocationId) ?? null) : null;
  const when = onDates(conflict.dates, conflict.dateCount);
  switch (conflict.kind) {
    case 'instructorDoubleBooked':
      return `${person ?? 'The instructor'} already teaches ${other ?? 'another section'} at this time ${when}.`;
    case 'locationDoubleBooked':
      return `${room ?? 'The room'} is already booked for ${other ?? 'another section'} at this time ${when}.`;
    case 'overCapacity':
      return room ? conflict.message.replace(/^The room/, room) : conflict.message;
    case 'backToBack':
      return person ? conflict.message.replace(/^The instructor/, person) : conflict.message;
    default: {
      const never: never = conflict.kind;
      return never;
    }
  }
}

/** Why a schedule was refused: the first clash in words, how many more, and the way on. */
export function conflictRefusal(refusing: readonly Conflict[], names: ConflictNames = {}): string {
  const [first] = refusing;
  if (!first) return '';
  const rest = refusing.length - 1;
  const more =
    rest === 0 ? '' : rest === 1 ? ' There is one more clash.' : ` There are ${rest} more clashes.`;
  return `${conflictSentence(first, names)}${more} You may go ahead anyway: the clash is then recorded as an override.`;
}
