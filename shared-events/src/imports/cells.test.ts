import { describe, expect, it } from '@jest/globals';
import { parseCell, parseDate, parseDays, parseTime } from './cells.js';

describe('the cells of an import', () => {
  it('reads weekdays as SIS extracts write them, Monday first, each once', () => {
    expect(parseDays('MWF')).toEqual(['MO', 'WE', 'FR']);
    expect(parseDays('TTh')).toEqual(['TU', 'TH']);
    expect(parseDays('TR')).toEqual(['TU', 'TH']);
    expect(parseDays('TuTh')).toEqual(['TU', 'TH']);
    expect(parseDays('Th, Tu')).toEqual(['TU', 'TH']);
    expect(parseDays('MO,WE')).toEqual(['MO', 'WE']);
    expect(parseDays('Monday Wednesday')).toEqual(['MO', 'WE']);
    expect(parseDays('SaSu')).toEqual(['SA', 'SU']);
    expect(parseDays('MTWRF')).toEqual(['MO', 'TU', 'WE', 'TH', 'FR']);
    expect(parseDays('Xyz')).toBeNull();
    expect(parseDays('')).toBeNull();
  });

  it('reads times on either clock', () => {
    expect(parseTime('9:30')).toBe('09:30');
    expect(parseTime('09:30')).toBe('09:30');
    expect(parseTime('9:30 AM')).toBe('09:30');
    expect(parseTime('12:15 pm')).toBe('12:15');
    expect(parseTime('12:00 a.m.')).toBe('00:00');
    expect(parseTime('1:05 PM')).toBe('13:05');
    expect(parseTime('1330')).toBe('13:30');
    expect(parseTime('25:00')).toBeNull();
    expect(parseTime('13:00 pm')).toBeNull();
    expect(parseTime('noon')).toBeNull();
  });

  it('reads ISO and US dates, refusing dates that do not exist', () => {
    expect(parseDate('2026-09-01')).toBe('2026-09-01');
    expect(parseDate('9/1/2026')).toBe('2026-09-01');
    expect(parseDate('2026-02-30')).toBeNull();
    expect(parseDate('1.9.2026')).toBeNull();
  });

  it('types a cell by its column or says what is wrong with it', () => {
    expect(parseCell('number', '1,200.5')).toEqual({ value: 1200.5 });
    expect(parseCell('integer', '3.5')).toEqual({ error: '"3.5" is not a whole number.' });
    expect(parseCell('boolean', 'Y')).toEqual({ value: true });
    expect(parseCell('boolean', 'no')).toEqual({ value: false });
    expect(parseCell('boolean', 'maybe')).toEqual({ error: '"maybe" is not yes or no.' });
    expect(parseCell('list', 'North; South;')).toEqual({ value: ['North', 'South'] });
    expect(parseCell('days', 'Zz')).toEqual({
      error: '"Zz" does not name weekdays (e.g. MWF, TTh).',
    });
  });
});
