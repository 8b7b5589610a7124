import { contrastTextOn, primaryColorOf, resolveTheme } from '../../lib/appearance/appearance.js';
import { safeSupportUrl } from './SupportButton.js';
import { viewerFrom } from '../../lib/auth/useViewer.js';
import { byStartDateDesc, workingPeriodOf } from './workingPeriod.js';
import { masqueradingAs, PERIODS, signedInAs, signedOut } from '../../testing/fixtures.js';

test('spec §7/§9: an empty or malformed primary colour is the default #0736a4', () => {
  expect(primaryColorOf('')).toBe('#0736a4');
  expect(primaryColorOf(undefined)).toBe('#0736a4');
  expect(primaryColorOf('red; background: url(x)')).toBe('#0736a4');
  expect(primaryColorOf('#8a1538')).toBe('#8a1538');
});

test('spec §9: the saved theme wins, then the one this browser showed, then dark', () => {
  expect(resolveTheme('light', 'dark')).toBe('light');
  expect(resolveTheme(undefined, 'light')).toBe('light');
  expect(resolveTheme(undefined, null)).toBe('dark');
});

test('text on the primary colour stays readable', () => {
  expect(contrastTextOn('#0736a4')).toBe('#ffffff');
  expect(contrastTextOn('#ffe066')).toBe('#1c2127');
  expect(contrastTextOn('#fff')).toBe('#1c2127');
});

test('only web and mail addresses open from the support button', () => {
  expect(safeSupportUrl('https://help.example.edu/chat')).toBe('https://help.example.edu/chat');
  expect(safeSupportUrl('mailto:help@example.edu')).toBe('mailto:help@example.edu');
  expect(safeSupportUrl('javascript:alert(1)')).toBeNull();
  expect(safeSupportUrl('')).toBeNull();
  expect(safeSupportUrl('/relative')).toBeNull();
});

test('periods sort by start date, newest first; the working one falls back to the active one', () => {
  expect(byStartDateDesc(PERIODS).map((p) => p.id)).toEqual(['p-2026', 'p-2025', 'p-2024']);
  const active = PERIODS.find((p) => p.isSystemActive);
  expect(workingPeriodOf(PERIODS, 'p-2024', active)?.id).toBe('p-2024');
  expect(workingPeriodOf(PERIODS, 'gone', active)?.id).toBe('p-2026');
  expect(workingPeriodOf(PERIODS, null, null)).toBeNull();
});

test('spec §4: signed in with authenticatedUserId; masquerading when the working user differs', () => {
  expect(viewerFrom(signedOut, false)).toMatchObject({
    signedIn: false,
    masquerading: false,
    ability: null,
  });
  const admin = viewerFrom(signedInAs('admin'), false);
  expect(admin).toMatchObject({ signedIn: true, masquerading: false, displayName: 'Ada Admin' });
  expect(admin.ability?.can('create', 'Masquerade')).toBe(true);
  expect(admin.ability?.can('update', 'WorkingAcademicPeriod')).toBe(true);
  const faculty = viewerFrom(signedInAs('faculty'), false);
  expect(faculty.ability?.can('create', 'Masquerade')).toBe(false);
  expect(faculty.ability?.can('update', 'WorkingAcademicPeriod')).toBe(false);
  expect(viewerFrom(masqueradingAs('faculty'), false).masquerading).toBe(true);
});
