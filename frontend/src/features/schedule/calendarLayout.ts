import { DATE_LOCALE } from '../../lib/constants.js';
import { WEEKDAYS, type Weekday } from '../../lib/domain/sectionTypes.js';
import type { Occurrence } from './api/scheduleApi.js';

export const SNAP_MINUTES = 5;
const DAY = 1440;

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function timeOf(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function mondayOf(iso: string): string {
  const weekday = (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(iso, -weekday);
}

export function weekdayOf(iso: string): Weekday {
  return WEEKDAYS[(new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7] as Weekday;
}

function dayIndex(weekStart: string, iso: string): number {
  return Math.round(
    (Date.parse(`${iso}T00:00:00Z`) - Date.parse(`${weekStart}T00:00:00Z`)) / 86_400_000,
  );
}

export interface PlacedBlock {
  occurrence: Occurrence;
  /** 0 = Monday … 6 = Sunday, after the offset. */
  day: number;
  /** Minutes since midnight as displayed (offset applied), clipped to the day. */
  start: number;
  end: number;
  lane: number;
  lanes: number;
}

/**
 * Where each occurrence sits in a Monday-first week: the offset shifts it (possibly into the next
 * or previous day); overlapping blocks of a day share its width in lanes, so a double booking
 * shows side by side.
 */
export function placeBlocks(
  occurrences: readonly Occurrence[],
  weekStart: string,
  offset: number,
): PlacedBlock[] {
  const placed: Omit<PlacedBlock, 'lane' | 'lanes'>[] = [];
  for (const occurrence of occurrences) {
    const base = dayIndex(weekStart, occurrence.date) * DAY;
    const start = base + minutesOf(occurrence.startTime) + offset;
    const end = base + minutesOf(occurrence.endTime) + offset;
    const day = Math.floor(start / DAY);
    if (day < 0 || day > 6) continue;
    placed.push({
      occurrence,
      day,
      start: start - day * DAY,
      end: Math.min(end - day * DAY, DAY),
    });
  }
  placed.sort((a, b) => a.day - b.day || a.start - b.start || b.end - a.end);
  const result: PlacedBlock[] = [];
  // Clusters of blocks that overlap one another get lanes side by side.
  let cluster: PlacedBlock[] = [];
  let clusterEnd = -1;
  let clusterDay = -1;
  const flush = () => {
    const lanes = Math.max(1, ...cluster.map((b) => b.lane + 1));
    for (const b of cluster) result.push({ ...b, lanes });
    cluster = [];
  };
  for (const p of placed) {
    if (p.day !== clusterDay || p.start >= clusterEnd) {
      flush();
      clusterDay = p.day;
      clusterEnd = p.end;
    }
    const taken = new Set(cluster.filter((b) => b.end > p.start).map((b) => b.lane));
    let lane = 0;
    while (taken.has(lane)) lane += 1;
    cluster.push({ ...p, lane, lanes: 1 });
    clusterEnd = Math.max(clusterEnd, p.end);
  }
  flush();
  return result;
}

export interface MoveTarget {
  days: Weekday[];
  startTime: string;
  endTime: string;
}

/**
 * The meeting after its occurrence was dropped `dayDelta` days and `minuteDelta` minutes away:
 * the time snaps to 5 minutes and keeps the length; the occurrence's weekday is replaced by the
 * new one (a drag moves the whole recurring meeting). Null when nothing changes or the meeting
 * would leave its day.
 */
export function dropTarget(
  occurrence: Occurrence,
  dayDelta: number,
  minuteDelta: number,
): MoveTarget | null {
  const snapped = Math.round(minuteDelta / SNAP_MINUTES) * SNAP_MINUTES;
  const start = minutesOf(occurrence.startTime) + snapped;
  const length = minutesOf(occurrence.endTime) - minutesOf(occurrence.startTime);
  if (start < 0 || start + length > DAY) return null;
  const from = weekdayOf(occurrence.date);
  const to = weekdayOf(addDays(occurrence.date, dayDelta));
  if (snapped === 0 && from === to) return null;
  const days = WEEKDAYS.filter(
    (d) => d === to || (d !== from && occurrence.meeting.days.includes(d)),
  );
  return { days, startTime: timeOf(start), endTime: timeOf(start + length) };
}

/** A date as a person reads it in a heading: "Monday, Sep 7" (the date's own day, not a zone's). */
export function dayHeading(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(DATE_LOCALE, {
    weekday: 'long',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
