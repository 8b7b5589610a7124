import { loadSettings, parseSettings, saveSettings } from './scheduleSettings.js';

test('widget settings: hours 0–24 with start before end, offset −1440…1440 in fives', () => {
  expect(parseSettings({ startHour: '8', endHour: '18', offset: '-30' })).toEqual({
    ok: true,
    settings: { startHour: 8, endHour: 18, offset: -30 },
  });
  expect(parseSettings({ startHour: '0', endHour: '24', offset: '1440' }).ok).toBe(true);
  const bad = (startHour: string, endHour: string, offset: string) => {
    const r = parseSettings({ startHour, endHour, offset });
    return r.ok ? null : r.errors;
  };
  expect(bad('10', '8', '0')).toEqual({ endHour: 'The day ends after it starts.' });
  expect(bad('8', '8', '0')).toEqual({ endHour: 'The day ends after it starts.' });
  expect(bad('-1', '25', '0')).toEqual({
    startHour: 'A whole hour from 0 to 24.',
    endHour: 'A whole hour from 0 to 24.',
  });
  expect(bad('7.5', '20', '0')?.startHour).toBe('A whole hour from 0 to 24.');
  expect(bad('', '20', '0')?.startHour).toBe('A whole hour from 0 to 24.');
  expect(bad('7', '20', '7')).toEqual({ offset: 'A multiple of 5 minutes.' });
  expect(bad('7', '20', '1445')).toEqual({ offset: 'At most 1440 minutes.' });
  expect(bad('7', '20', '-1445')).toEqual({ offset: 'At least −1440 minutes.' });
});

test('settings are kept per user', () => {
  saveSettings('u1', { startHour: 6, endHour: 12, offset: 5 });
  expect(loadSettings('u1')).toEqual({ startHour: 6, endHour: 12, offset: 5 });
  expect(loadSettings('u2')).toEqual({ startHour: 7, endHour: 22, offset: 0 });
  window.localStorage.setItem(
    'allot.schedule.settings.u3',
    '{"startHour":9,"endHour":3,"offset":0}',
  );
  expect(loadSettings('u3')).toEqual({ startHour: 7, endHour: 22, offset: 0 });
});
