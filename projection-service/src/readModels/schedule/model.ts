import {
  meetingDates,
  overlappingDates,
  scheduledSection,
  sectionConflicts,
  type Conflict,
  type LocationInfo,
  type Meeting,
  type ScheduleFlag,
  type ScheduleOccurrence,
  type SectionState,
} from '@allot/shared-events';
import { z } from 'zod';

/** At most six weeks of occurrences in one answer. */
export const MAX_SCHEDULE_DAYS = 42;

const id = z.string().trim().min(1).max(100);
const isoDate = z.iso.date();

function dayNumber(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
}
/** The ISO date `days` after `iso`. */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
/** The Monday of the week `iso` falls in (weeks start on Monday, as meetings do). */
export function mondayOf(iso: string): string {
  const weekday = (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(iso, -weekday);
}

/** from and to together (inclusive, at most 42 days), or neither (the period's default week). */
function checkWindow(
  w: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['to'], message });
  if ((w.from === undefined) !== (w.to === undefined)) {
    issue('Give both from and to, or neither (the period’s default week).');
  } else if (w.from && w.to && w.from > w.to) {
    issue('to is before from.');
  } else if (w.from && w.to && dayNumber(w.to) - dayNumber(w.from) >= MAX_SCHEDULE_DAYS) {
    issue(`At most ${MAX_SCHEDULE_DAYS} days at once.`);
  }
}

/** GET /api/schedule: by location (LocationId) or by instructor (UserId). */
export const ScheduleQuery = z
  .object({
    AcademicPeriodId: id,
    from: isoDate.optional(),
    to: isoDate.optional(),
    by: z.enum(['location', 'instructor']),
    LocationId: id.optional(),
    UserId: id.optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const wanted = q.by === 'location' ? 'LocationId' : 'UserId';
    const other = q.by === 'location' ? 'UserId' : 'LocationId';
    if (!q[wanted])
      ctx.addIssue({ code: 'custom', path: [wanted], message: `by=${q.by} needs ${wanted}.` });
    if (q[other])
      ctx.addIssue({ code: 'custom', path: [other], message: `by=${q.by} takes no ${other}.` });
    checkWindow(q, ctx);
  });
export type ScheduleQuery = z.infer<typeof ScheduleQuery>;

/** GET /api/schedule/mine: the session user's own meetings; no user id is accepted. */
export const MyScheduleQuery = z
  .object({ AcademicPeriodId: id.optional(), from: isoDate.optional(), to: isoDate.optional() })
  .strict()
  .superRefine(checkWindow);

/** A section as the schedule reads it from the sections read model. */
export interface ScheduleSection {
  id: string;
  revision: number;
  WorkgroupId: string;
  courseNumber: string | null;
  courseName: string | null;
  state: Extract<SectionState, { status: 'live' | 'deleted' }>;
}

export interface ScheduleLocation extends LocationInfo {
  code: string | null;
}

/** A recorded override (scheduleOverridesProjection). */
export interface RecordedOverride {
  SectionId: string;
  meetingId: string;
  kind: string;
  otherSectionId: string | null;
  otherMeetingId: string | null;
  UserId: string | null;
  LocationId: string | null;
  message: string;
  at: string;
  by: string | null;
}

/** A flag and an occurrence as GET /api/schedule answers them (shared-events readApi/schedule). */
export type OccurrenceFlag = ScheduleFlag;
export type Occurrence = ScheduleOccurrence;

export interface ScheduleInput {
  from: string;
  to: string;
  /** The sections to show, and which of their meetings (by location: that room's only). */
  shown: readonly ScheduleSection[];
  meetingFilter: (meeting: Meeting) => boolean;
  /** Sections that may clash with the shown ones (sharing an instructor or a room); may repeat them. */
  others: readonly ScheduleSection[];
  locations: ReadonlyMap<string, ScheduleLocation>;
  overrides: readonly RecordedOverride[];
  names: ReadonlyMap<string, string>;
  /** Whether the viewer may read a section of this workgroup (else it is "another section"). */
  mayRead: (WorkgroupId: string) => boolean;
}

/** The same conflict seen from either side matches: the pair is ordered. */
function conflictKey(c: {
  kind: string;
  SectionId: string;
  meetingId: string;
  otherSectionId: string | null;
  otherMeetingId: string | null;
  UserId: string | null;
  LocationId: string | null;
}): string {
  const here = `${c.SectionId}/${c.meetingId}`;
  const there = c.otherSectionId ? `${c.otherSectionId}/${c.otherMeetingId ?? ''}` : '';
  const pair = [here, there].sort().join('|');
  return [c.kind, pair, c.UserId ?? '', c.LocationId ?? ''].join('#');
}

function scheduled(s: ScheduleSection) {
  return scheduledSection(s.state.section, Object.values(s.state.assignments));
}

/**
 * The shown sections' meetings expanded to dated occurrences in [from, to], each flagged with the
 * conflicts (instructor or room double-booked, over capacity) and back-to-back warnings that
 * hold on its date, computed now against the other sections; conflicts some command recorded as
 * overridden say so, and are listed apart too.
 */
export function scheduleOccurrences(input: ScheduleInput): Occurrence[] {
  const { from, to, locations, names } = input;
  const datesCache = new Map<Meeting, string[]>();
  const datesOf = (m: Meeting) => {
    let d = datesCache.get(m);
    if (!d) {
      d = meetingDates(m);
      datesCache.set(m, d);
    }
    return d;
  };
  const byId = new Map<string, ScheduleSection>();
  for (const s of [...input.others, ...input.shown]) byId.set(s.id, s);
  const meetingOf = (sectionId: string | null, meetingId: string | null) =>
    sectionId && meetingId
      ? byId.get(sectionId)?.state.section.meetings.find((m) => m.id === meetingId)
      : undefined;
  const overrides = new Map(input.overrides.map((o) => [conflictKey(o), o]));
  const labelOf = (sectionId: string | null) => {
    const s = sectionId ? byId.get(sectionId) : undefined;
    if (!s || !input.mayRead(s.WorkgroupId)) return null;
    return `${s.courseNumber ?? 'Section'} ${s.state.section.sectionNumber}`;
  };
  const infos = new Map<string, LocationInfo>(
    [...locations.values()].map((l) => [
      l.id,
      { id: l.id, building: l.building, capacity: l.capacity },
    ]),
  );

  // Every flag of a shown meeting, with all the dates it holds on (a Conflict names five).
  const flags = new Map<string, { flag: OccurrenceFlag; severity: string; dates: Set<string> }[]>();
  const add = (sectionId: string, meetingId: string, c: Conflict, dates: readonly string[]) => {
    const recorded = c.severity === 'conflict' ? overrides.get(conflictKey(c)) : undefined;
    const flag: OccurrenceFlag = {
      kind: c.kind,
      message: c.message,
      otherSectionId: c.otherSectionId === sectionId ? c.SectionId : c.otherSectionId,
      otherSection: null,
      UserId: c.UserId,
      LocationId: c.LocationId,
      overridden: recorded
        ? {
            at: recorded.at,
            by: recorded.by,
            byName: recorded.by ? (names.get(recorded.by) ?? null) : null,
          }
        : null,
    };
    flag.otherSection = labelOf(flag.otherSectionId);
    const key = `${sectionId}/${meetingId}`;
    const list = flags.get(key) ?? [];
    list.push({ flag, severity: c.severity, dates: new Set(dates) });
    flags.set(key, list);
  };

  const othersScheduled = input.others.filter((o) => o.state.status === 'live').map(scheduled);
  for (const s of input.shown) {
    const own = scheduled(s);
    for (const c of sectionConflicts(own, othersScheduled, infos)) {
      const meeting = meetingOf(c.SectionId, c.meetingId);
      const other = meetingOf(c.otherSectionId, c.otherMeetingId);
      if (!meeting) continue;
      let dates: string[];
      if (c.kind === 'overCapacity') dates = datesOf(meeting);
      else if (!other) continue;
      else if (c.kind === 'backToBack') {
        const theirs = new Set(datesOf(other));
        dates = datesOf(meeting).filter((d) => theirs.has(d));
      } else dates = overlappingDates(meeting, other);
      add(s.id, c.meetingId, c, dates);
      // Two meetings of one section: the later one shows the clash as well.
      if (c.otherSectionId === s.id && c.otherMeetingId) add(s.id, c.otherMeetingId, c, dates);
    }
  }

  const occurrences: Occurrence[] = [];
  for (const s of input.shown) {
    const { section, assignments } = s.state;
    const instructors = Object.values(assignments)
      .filter((a) => a.status !== 'withdrawn')
      .map((a) => ({ UserId: a.UserId, name: names.get(a.UserId) ?? a.UserId }));
    for (const meeting of section.meetings) {
      if (!input.meetingFilter(meeting)) continue;
      const meetingFlags = flags.get(`${s.id}/${meeting.id}`) ?? [];
      for (const date of datesOf(meeting)) {
        if (date < from) continue;
        if (date > to) break;
        const on = meetingFlags.filter((f) => f.dates.has(date));
        const conflicts = on.filter((f) => f.severity === 'conflict').map((f) => f.flag);
        occurrences.push({
          key: `${s.id}/${meeting.id}/${date}`,
          date,
          startTime: meeting.startTime,
          endTime: meeting.endTime,
          SectionId: s.id,
          sectionRevision: s.revision,
          WorkgroupId: s.WorkgroupId,
          sectionNumber: section.sectionNumber,
          sectionName: section.name,
          courseNumber: s.courseNumber,
          courseName: s.courseName,
          meetingId: meeting.id,
          meeting,
          LocationId: meeting.LocationId ?? null,
          locationCode: meeting.LocationId
            ? (locations.get(meeting.LocationId)?.code ?? null)
            : null,
          instructors,
          conflicts,
          overridden: conflicts.filter((c) => c.overridden !== null),
          warnings: on.filter((f) => f.severity === 'warning').map((f) => f.flag),
        });
      }
    }
  }
  return occurrences.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.startTime.localeCompare(b.startTime) ||
      a.key.localeCompare(b.key),
  );
}

/**
 * The week a period's schedule opens on: this week while the period's meetings are under way,
 * else the week of its first meeting, else the week the period starts, else this week.
 */
export function defaultWeek(
  today: string,
  firstMeeting: string | null,
  lastMeeting: string | null,
  periodStart: string | null,
): { from: string; to: string } {
  const inside = firstMeeting && lastMeeting && today >= firstMeeting && today <= lastMeeting;
  const day = inside ? today : (firstMeeting ?? periodStart ?? today);
  const from = mondayOf(day);
  return { from, to: addDays(from, 6) };
}
