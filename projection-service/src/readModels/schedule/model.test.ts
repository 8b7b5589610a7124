import { describe, expect, it } from '@jest/globals';
import { addDays, defaultWeek, mondayOf } from './model.js';

describe('schedule weeks', () => {
  it('starts weeks on Monday', () => {
    expect(mondayOf('2026-09-07')).toBe('2026-09-07');
    expect(mondayOf('2026-09-13')).toBe('2026-09-07');
    expect(mondayOf('2026-09-14')).toBe('2026-09-14');
    expect(addDays('2026-12-28', 7)).toBe('2027-01-04');
  });

  it('opens on this week while the meetings are under way, else their first week, else the period’s', () => {
    expect(defaultWeek('2026-10-15', '2026-09-08', '2026-12-11', '2026-08-01')).toEqual({
      from: '2026-10-12',
      to: '2026-10-18',
    });
    expect(defaultWeek('2026-06-01', '2026-09-08', '2026-12-11', '2026-08-01').from).toBe(
      '2026-09-07',
    );
    expect(defaultWeek('2027-03-01', '2026-09-08', '2026-12-11', null).from).toBe('2026-09-07');
    expect(defaultWeek('2026-06-01', null, null, '2026-08-05').from).toBe('2026-08-03');
    expect(defaultWeek('2026-06-03', null, null, null)).toEqual({
      from: '2026-06-01',
      to: '2026-06-07',
    });
  });
});
