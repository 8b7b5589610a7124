import {
  DataServiceSchedule,
  describeSchedule,
  scheduleCron,
  type DataServiceSchedule as Schedule,
} from './dataServices.js';
import { nextCronRun } from './nextRun.js';

describe('data service schedules', () => {
  const cases: [Schedule, string, string][] = [
    [{ frequency: 'daily', time: '06:00' }, '0 6 * * *', 'Every day at 06:00'],
    [
      { frequency: 'weekly', time: '18:45', weekdays: [4, 1, 4] },
      '45 18 * * 1,4',
      'Every Monday and Thursday at 18:45',
    ],
    [
      { frequency: 'weekly', time: '07:05', weekdays: [0, 1, 2, 3, 4, 5, 6] },
      '5 7 * * 0,1,2,3,4,5,6',
      'Every day at 07:05',
    ],
    [
      { frequency: 'monthly', time: '00:30', dayOfMonth: 28 },
      '30 0 28 * *',
      'On day 28 of every month at 00:30',
    ],
  ];

  test.each(cases)('%j is cron %s and reads "%s"', (schedule, cron, words) => {
    expect(DataServiceSchedule.parse(schedule)).toBeTruthy();
    expect(scheduleCron(schedule)).toBe(cron);
    expect(describeSchedule(schedule)).toBe(words);
  });

  test('no schedule reads "On demand only"', () => {
    expect(describeSchedule(null)).toBe('On demand only');
  });

  test('refuses days a frequency does not have, a missing day and a time that is not one', () => {
    const refused = [
      { frequency: 'weekly', time: '06:00' },
      { frequency: 'weekly', time: '06:00', weekdays: [] },
      { frequency: 'daily', time: '06:00', weekdays: [1] },
      { frequency: 'monthly', time: '06:00' },
      { frequency: 'monthly', time: '06:00', dayOfMonth: 29 },
      { frequency: 'daily', time: '06:00', dayOfMonth: 1 },
      { frequency: 'daily', time: '6:00' },
      { frequency: 'daily', time: '24:00' },
      { frequency: 'hourly', time: '06:00' },
    ];
    for (const schedule of refused) {
      expect(DataServiceSchedule.safeParse(schedule).success).toBe(false);
    }
  });

  test('the next run is read on the time zone’s clock, across a daylight-saving change', () => {
    // Berlin moves its clocks on 29 March 2026: 06:00 is 05:00 UTC before, 04:00 UTC after.
    const pattern = scheduleCron({ frequency: 'daily', time: '06:00' });
    const before = nextCronRun(pattern, 'Europe/Berlin', new Date('2026-03-28T12:00:00Z'));
    expect(before.toISOString()).toBe('2026-03-29T04:00:00.000Z');
    const winter = nextCronRun(pattern, 'Europe/Berlin', new Date('2026-03-27T12:00:00Z'));
    expect(winter.toISOString()).toBe('2026-03-28T05:00:00.000Z');
    expect(nextCronRun('0 6 1 * *', 'UTC', new Date('2026-11-27T00:00:00Z')).toISOString()).toBe(
      '2026-12-01T06:00:00.000Z',
    );
  });
});
