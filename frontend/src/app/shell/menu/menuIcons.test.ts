import { MENU, type MenuEntry } from '@allot/shared-events/browser';
import { hasMenuIcon } from './menuIcons.js';

const entries = (menu: readonly MenuEntry[]): MenuEntry[] =>
  menu.flatMap((entry) => [entry, ...entries(entry.items ?? [])]);

test('every menu entry names an icon the menu draws (a declared list too)', () => {
  const missing = entries(MENU)
    .filter((entry) => !entry.icon || !hasMenuIcon(entry.icon))
    .map((entry) => `${entry.label}: ${entry.icon ?? 'no icon'}`);
  expect(missing).toEqual([]);
});

test('an entry without a known icon is drawn with a page, not left blank', () => {
  expect(hasMenuIcon('no-such-icon')).toBe(false);
});
