import { describe, expect, it } from '@jest/globals';
import { Meeting, meetingDates, meetingSpan, weekdayOf } from './meetings.js';

const base = {
  id: 'm1',
  days: ['MO', 'WE'],
  startTime: '09:00',
  endTime: '10:15',
  startDate: '2026-01-05', // a Monday
  frequency: 'weekly',
} as const;

function meeting(extra: Record<string, unknown>): Meeting {
  return Meeting.parse({ ...base, ...extra });
}

describe('Meeting', () => {
  it('expands weekly days until the end date, inclusive', () => {
    expect(meetingDates(meeting({ until: '2026-01-19' }))).toEqual([
      '2026-01-05',
      '2026-01-07',
      '2026-01-12',
      '2026-01-14',
      '2026-01-19',
    ]);
  });

  it('counts occurrences, and exceptions remove dates without adding others', () => {
    expect(meetingDates(meeting({ occurrences: 3 }))).toEqual([
      '2026-01-05',
      '2026-01-07',
      '2026-01-12',
    ]);
    expect(meetingDates(meeting({ occurrences: 3, exceptions: ['2026-01-07'] }))).toEqual([
      '2026-01-05',
      '2026-01-12',
    ]);
  });

  it('meets every other week when biweekly', () => {
    expect(
      meetingDates(meeting({ days: ['FR'], frequency: 'biweekly', until: '2026-02-06' })),
    ).toEqual(['2026-01-09', '2026-01-23', '2026-02-06']);
  });

  it('does not depend on the time zone and names weekdays', () => {
    expect(weekdayOf('2026-01-05')).toBe('MO');
    expect(weekdayOf('2026-01-11')).toBe('SU');
    expect(meetingSpan(meeting({ until: '2026-03-01' }))).toEqual({
      first: '2026-01-05',
      last: '2026-02-25',
    });
    expect(meetingSpan(meeting({ occurrences: 1, exceptions: ['2026-01-05'] }))).toBeNull();
  });

  it('refuses an end not after the start, both or neither of until/occurrences, bad days', () => {
    const bad = [
      { until: '2026-02-01', endTime: '09:00' },
      { until: '2026-02-01', endTime: '08:00' },
      { until: '2026-02-01', occurrences: 4 },
      {},
      { until: '2025-12-01' },
      { until: '2029-01-01' },
      { until: '2026-02-01', days: [] },
      { until: '2026-02-01', days: ['MO', 'MO'] },
      { until: '2026-02-01', days: ['XX'] },
      { until: '2026-02-01', startTime: '24:00' },
      { until: '2026-02-01', startTime: '9:00' },
      { until: '2026-02-01', frequency: 'daily' },
      { until: '2026-02-01', room: 'A1' },
    ];
    for (const extra of bad) expect(Meeting.safeParse({ ...base, ...extra }).success).toBe(false);
  });
});
