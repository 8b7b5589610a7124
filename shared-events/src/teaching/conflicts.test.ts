import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  blocking,
  conflictRefusal,
  conflictSentence,
  overlappingDates,
  sectionConflicts,
  type Conflict,
  type LocationInfo,
  type ScheduledSection,
} from './conflicts.js';
import { Meeting, WEEKDAYS, meetingBounds, meetingDates, weekdayOf } from './meetings.js';

const DAY_MS = 86400000;
const isoPlus = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));

/** The rule of DOMAIN.md stated naively, day by day and minute by minute, as the oracle. */
function meetsOn(m: Meeting, day: string): boolean {
  if (day < m.startDate || (m.until && day > m.until)) return false;
  if (!m.days.includes(weekdayOf(day))) return false;
  if ((m.exceptions ?? []).includes(day)) return false;
  if (m.frequency === 'weekly') return true;
  // Biweekly: weeks (Monday first) counted from the week of the start date.
  const monday = (iso: string) => isoPlus(iso, -WEEKDAYS.indexOf(weekdayOf(iso)));
  const weeks = Math.round(
    (Date.parse(monday(day)) - Date.parse(monday(m.startDate))) / (7 * DAY_MS),
  );
  return weeks % 2 === 0;
}
function naiveOverlap(a: Meeting, b: Meeting): string[] {
  const minutesA = new Set<number>();
  for (let t = toMinutes(a.startTime); t < toMinutes(a.endTime); t++) minutesA.add(t);
  let sharesMinute = false;
  for (let t = toMinutes(b.startTime); t < toMinutes(b.endTime); t++) {
    if (minutesA.has(t)) sharesMinute = true;
  }
  if (!sharesMinute) return [];
  const days: string[] = [];
  for (let i = 0; i < 140; i++) {
    const day = isoPlus('2026-01-01', i);
    if (meetsOn(a, day) && meetsOn(b, day)) days.push(day);
  }
  return days;
}

const meetingArb = (id: string) =>
  fc
    .record({
      startOffset: fc.integer({ min: 0, max: 27 }),
      length: fc.integer({ min: 0, max: 70 }),
      days: fc.subarray([...WEEKDAYS], { minLength: 1 }),
      start: fc.integer({ min: 7 * 12, max: 20 * 12 }).map((n) => n * 5),
      duration: fc.integer({ min: 1, max: 36 }).map((n) => n * 5),
      frequency: fc.constantFrom('weekly' as const, 'biweekly' as const),
      exceptionOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 70 }), { maxLength: 6 }),
    })
    .map(({ startOffset, length, days, start, duration, frequency, exceptionOffsets }) => {
      const startDate = isoPlus('2026-01-01', startOffset);
      return Meeting.parse({
        id,
        days,
        startTime: hhmm(start),
        endTime: hhmm(start + duration),
        startDate,
        until: isoPlus(startDate, length),
        frequency,
        exceptions: exceptionOffsets.map((o) => isoPlus(startDate, o)),
      });
    });

function meeting(extra: Partial<Meeting> & { id: string }): Meeting {
  return Meeting.parse({
    days: ['MO', 'WE'],
    startTime: '09:00',
    endTime: '10:00',
    startDate: '2026-01-05',
    until: '2026-03-01',
    frequency: 'weekly',
    ...extra,
  });
}
function section(
  SectionId: string,
  meetings: Meeting[],
  extra: Partial<ScheduledSection> = {},
): ScheduledSection {
  return { SectionId, meetings, instructorIds: ['ada'], allowOverlap: false, seats: 30, ...extra };
}
const rooms = new Map<string, LocationInfo>([
  ['r1', { id: 'r1', building: 'North', capacity: 40 }],
  ['r2', { id: 'r2', building: 'South', capacity: 20 }],
  ['r3', { id: 'r3', building: 'North', capacity: null }],
]);

describe('overlappingDates (property tests against a day-by-day, minute-by-minute oracle)', () => {
  it('finds exactly the dates on which both meet at overlapping minutes', () => {
    fc.assert(
      fc.property(meetingArb('a'), meetingArb('b'), (a, b) => {
        expect(overlappingDates(a, b)).toEqual(naiveOverlap(a, b));
      }),
      { numRuns: 300 },
    );
  });

  it('is symmetric', () => {
    fc.assert(
      fc.property(meetingArb('a'), meetingArb('b'), (a, b) => {
        expect(overlappingDates(a, b)).toEqual(overlappingDates(b, a));
      }),
      { numRuns: 200 },
    );
  });

  it('finds nothing once every shared date is an exception', () => {
    fc.assert(
      fc.property(meetingArb('a'), meetingArb('b'), (a, b) => {
        const shared = overlappingDates(a, b);
        const excepted = { ...a, exceptions: [...(a.exceptions ?? []), ...shared] };
        expect(overlappingDates(excepted, b)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('meetingBounds (property tests)', () => {
  it('holds every date of the meeting, whether it ends at a date or after a count', () => {
    const byCount = fc
      .tuple(meetingArb('c'), fc.integer({ min: 1, max: 40 }))
      .map(([m, occurrences]) => Meeting.parse({ ...m, until: null, occurrences }));
    fc.assert(
      fc.property(fc.oneof(meetingArb('u'), byCount), (m) => {
        const { first, last } = meetingBounds(m);
        for (const date of meetingDates(m)) {
          expect(date >= first && date <= last).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lets sectionConflicts pass over meetings that cannot share a date, and only those', () => {
    const byCount = (startDate: string) =>
      meeting({ id: 'x', startDate, until: null, occurrences: 4, days: ['MO'] });
    // 2026-01-05 plus four Mondays ends on 2026-01-26: a meeting from February cannot clash.
    expect(
      sectionConflicts(section('s1', [byCount('2026-01-05')]), [
        section('s2', [byCount('2026-02-02')]),
      ]),
    ).toEqual([]);
    expect(
      sectionConflicts(section('s1', [byCount('2026-01-05')]), [
        section('s2', [byCount('2026-01-26')]),
      ]).map((c) => [c.kind, c.dates]),
    ).toEqual([['instructorDoubleBooked', ['2026-01-26']]]);
  });
});

describe('overlappingDates (cases)', () => {
  it('treats touching times as no overlap and one shared minute as overlap', () => {
    const a = meeting({ id: 'a' });
    expect(overlappingDates(a, meeting({ id: 'b', startTime: '10:00', endTime: '11:00' }))).toEqual(
      [],
    );
    expect(
      overlappingDates(a, meeting({ id: 'b', startTime: '09:59', endTime: '11:00' })),
    ).toHaveLength(16);
  });

  it('needs a shared weekday and intersecting date ranges', () => {
    const a = meeting({ id: 'a' });
    expect(overlappingDates(a, meeting({ id: 'b', days: ['TU', 'TH'] }))).toEqual([]);
    expect(
      overlappingDates(a, meeting({ id: 'b', startDate: '2026-03-02', until: '2026-04-01' })),
    ).toEqual([]);
  });

  it('lets biweekly meetings on alternate weeks share a slot', () => {
    const a = meeting({ id: 'a', days: ['MO'], frequency: 'biweekly' });
    const b = meeting({ id: 'b', days: ['MO'], frequency: 'biweekly', startDate: '2026-01-12' });
    expect(overlappingDates(a, b)).toEqual([]);
  });
});

describe('sectionConflicts', () => {
  const mine = (extra: Partial<Meeting> = {}) => meeting({ id: 'm1', LocationId: 'r1', ...extra });

  it('flags an instructor on two overlapping meetings, and no one else', () => {
    const others = [
      section('s2', [meeting({ id: 'x', startTime: '09:30', endTime: '10:30' })]),
      section('s3', [meeting({ id: 'y', startTime: '09:30' })], { instructorIds: ['bob'] }),
    ];
    const found = sectionConflicts(section('s1', [mine()]), others, rooms);
    expect(found).toEqual([
      expect.objectContaining({
        kind: 'instructorDoubleBooked',
        severity: 'conflict',
        SectionId: 's1',
        otherSectionId: 's2',
        UserId: 'ada',
        dateCount: 16,
        dates: ['2026-01-05', '2026-01-07', '2026-01-12', '2026-01-14', '2026-01-19'],
      }),
    ]);
  });

  it('lets cross-listed sections share an instructor and room only when both allow overlap', () => {
    const other = (allowOverlap: boolean) =>
      section('s2', [meeting({ id: 'x', LocationId: 'r1' })], { allowOverlap });
    const one = section('s1', [mine()], { allowOverlap: true });
    expect(sectionConflicts(one, [other(true)], rooms)).toEqual([]);
    expect(sectionConflicts(one, [other(false)], rooms).map((c) => c.kind)).toEqual([
      'instructorDoubleBooked',
      'locationDoubleBooked',
    ]);
  });

  it('flags a room booked twice and a room too small', () => {
    const other = section('s2', [meeting({ id: 'x', LocationId: 'r2' })], { instructorIds: [] });
    const found = sectionConflicts(
      section('s1', [mine({ LocationId: 'r2' })], { instructorIds: [] }),
      [other],
      rooms,
    );
    expect(found.map((c) => [c.kind, c.LocationId])).toEqual([
      ['overCapacity', 'r2'],
      ['locationDoubleBooked', 'r2'],
    ]);
    expect(found[0]?.message).toBe("The room seats 20, fewer than the section's 30 students.");
    // Unknown capacity or seats: nothing to compare.
    expect(
      sectionConflicts(section('s1', [mine({ LocationId: 'r3' })], { seats: 900 }), [], rooms),
    ).toEqual([]);
    expect(
      sectionConflicts(section('s1', [mine({ LocationId: 'r2' })], { seats: null }), [], rooms),
    ).toEqual([]);
  });

  it('warns of back-to-back meetings in different buildings, not in the same one', () => {
    const next = (LocationId: string, startTime: string) =>
      section('s2', [meeting({ id: 'x', LocationId, startTime, endTime: '11:30' })]);
    const warned = sectionConflicts(section('s1', [mine()]), [next('r2', '10:10')], rooms);
    expect(warned).toEqual([
      expect.objectContaining({ kind: 'backToBack', severity: 'warning', UserId: 'ada' }),
    ]);
    expect(warned[0]?.message).toContain('10 minutes to get from South to North');
    expect(blocking(warned)).toEqual([]);
    expect(sectionConflicts(section('s1', [mine()]), [next('r3', '10:00')], rooms)).toEqual([]);
    expect(sectionConflicts(section('s1', [mine()]), [next('r2', '10:30')], rooms)).toEqual([]);
  });

  it('checks the section against itself: two of its meetings at once', () => {
    const found = sectionConflicts(
      section('s1', [mine(), meeting({ id: 'm2', days: ['WE'], LocationId: 'r1' })]),
      [section('s1', [])],
      rooms,
    );
    expect(found.map((c) => c.kind)).toEqual(['instructorDoubleBooked', 'locationDoubleBooked']);
  });
});

describe('conflicts in words', () => {
  const clash = (kind: Conflict['kind']): Conflict => ({
    kind,
    severity: 'conflict',
    SectionId: 's1',
    meetingId: 'm1',
    otherSectionId: 's2',
    otherMeetingId: 'm2',
    UserId: kind === 'instructorDoubleBooked' ? 'u1' : null,
    LocationId: kind === 'locationDoubleBooked' ? 'l1' : null,
    dates: ['2026-09-08'],
    dateCount: 1,
    message: '',
  });
  const names = {
    section: (id: string) => (id === 's2' ? 'CHEM 210 002' : null),
    person: (id: string) => (id === 'u1' ? 'Maria Garcia' : null),
    location: (id: string) => (id === 'l1' ? 'SSH 120' : null),
  };

  it('names the instructor or room, the other section and the first clashing date', () => {
    expect(conflictSentence(clash('instructorDoubleBooked'), names)).toBe(
      'Maria Garcia already teaches CHEM 210 002 at this time on Tue, Sep 8, 2026.',
    );
    expect(conflictSentence(clash('locationDoubleBooked'), names)).toBe(
      'SSH 120 is already booked for CHEM 210 002 at this time on Tue, Sep 8, 2026.',
    );
    // Without names: still a sentence, never an id.
    expect(conflictSentence(clash('locationDoubleBooked'))).toBe(
      'The room is already booked for another section at this time on Tue, Sep 8, 2026.',
    );
  });

  it('says how many more clashes there are and how to go ahead', () => {
    const refusal = conflictRefusal(
      [clash('instructorDoubleBooked'), clash('locationDoubleBooked')],
      names,
    );
    expect(refusal).toBe(
      'Maria Garcia already teaches CHEM 210 002 at this time on Tue, Sep 8, 2026. There is one more clash. You may go ahead anyway: the clash is then recorded as an override.',
    );
    expect(refusal).not.toMatch(/Pass override|conflicts\)/);
  });
});
