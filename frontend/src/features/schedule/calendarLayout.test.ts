import { dropTarget, placeBlocks } from './calendarLayout.js';
import type { Occurrence } from './api/scheduleApi.js';

function occ(key: string, date: string, startTime: string, endTime: string, days = ['MO', 'WE']) {
  return {
    key,
    date,
    startTime,
    endTime,
    meeting: { id: 'm', days, startTime, endTime, startDate: '2026-09-07', frequency: 'weekly' },
  } as unknown as Occurrence;
}

test('overlapping meetings share the day in lanes; the offset can push one into the next day', () => {
  const placed = placeBlocks(
    [
      occ('a', '2026-09-07', '10:00', '11:00'),
      occ('b', '2026-09-07', '10:30', '11:30'),
      occ('c', '2026-09-07', '12:00', '13:00'),
      occ('d', '2026-09-13', '23:00', '23:50'),
    ],
    '2026-09-07',
    0,
  );
  const by = Object.fromEntries(placed.map((p) => [p.occurrence.key, p]));
  expect([by.a?.lane, by.a?.lanes, by.b?.lane, by.b?.lanes]).toEqual([0, 2, 1, 2]);
  expect([by.c?.lane, by.c?.lanes]).toEqual([0, 1]);
  expect(by.d?.day).toBe(6);
  // +60 minutes: Sunday 23:00 leaves the week; Monday 10:00 shows at 11:00.
  const shifted = placeBlocks(
    [occ('a', '2026-09-07', '10:00', '11:00'), occ('d', '2026-09-13', '23:00', '23:50')],
    '2026-09-07',
    60,
  );
  expect(shifted.map((p) => [p.occurrence.key, p.day, p.start])).toEqual([['a', 0, 660]]);
});

test('a drop snaps to 5 minutes, keeps the length and swaps the weekday', () => {
  const monday = occ('a', '2026-09-07', '10:00', '11:15');
  expect(dropTarget(monday, 1, 32)).toEqual({
    days: ['TU', 'WE'],
    startTime: '10:30',
    endTime: '11:45',
  });
  expect(dropTarget(monday, 0, -61)).toEqual({
    days: ['MO', 'WE'],
    startTime: '09:00',
    endTime: '10:15',
  });
  // Onto Wednesday, which it already has: the days merge (the page asks first).
  expect(dropTarget(monday, 2, 0)).toEqual({ days: ['WE'], startTime: '10:00', endTime: '11:15' });
  expect(dropTarget(monday, 0, 2)).toBeNull();
  expect(dropTarget(monday, 0, -700)).toBeNull();
});
