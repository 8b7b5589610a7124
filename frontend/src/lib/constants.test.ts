import { readdirSync, readFileSync } from 'node:fs';
import * as constants from './constants.js';

describe('spec §9 constants', () => {
  it('holds every business constant with the value the spec gives', () => {
    expect({ ...constants }).toEqual({
      DEFAULT_PRIMARY_COLOR: '#0736a4',
      DEFAULT_THEME: 'dark',
      DATE_LOCALE: 'en-us',
      DRAWER_WIDTH_PX: 240,
      HEADER_LOGO_WIDTH_PX: 170,
      HEADER_LOGO_MAX_HEIGHT_PX: 64,
      SIDEBAR_TRANSITION_MS: 300,
      SUPPORT_BUTTON_DISABLED_MS: 5000,
      POLLING_INTERVAL_MS: 60000,
      UPDATE_RELOAD_SECONDS: 30,
      THEME_LOAD_TIMEOUT_MS: 15000,
      CLIENT_VERSION: '2025.4.0',
      TOAST_MAX: 3,
      TOAST_TIMEOUT_MS: 5000,
      TOAST_POSITION: 'bottom-left',
      TOAST_ENTER_MS: 225,
      TOAST_EXIT_MS: 195,
      TOOLTIP_DELAY_MS: 100,
      TOOLTIP_TOUCH_DELAY_MS: 700,
      CACHE_KEEP_UNUSED_SECONDS: 60,
      REQUEST_TIMEOUT_MS: 30000,
      SOCKET_RECONNECT_DELAY_MS: 1000,
      SOCKET_RECONNECT_DELAY_MAX_MS: 5000,
      SOCKET_RANDOMIZATION_FACTOR: 0.5,
      SOCKET_TIMEOUT_MS: 20000,
      REPORT_GRID_COLUMN_WIDTH: 100,
      REPORT_GRID_COLUMN_MIN_WIDTH: 160,
    });
  });

  it('formats dates in the en-us locale', () => {
    const date = new Date(Date.UTC(2026, 0, 31, 12));
    expect(date.toLocaleDateString(constants.DATE_LOCALE, { timeZone: 'UTC' })).toBe('1/31/2026');
  });

  it('is the one date locale: no module names its own or falls back to the browser’s', () => {
    const src = new URL('../', import.meta.url);
    const modules = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== 'lib/constants.ts',
    );
    expect(modules.length).toBeGreaterThan(50);
    const offenders = modules.filter((file) => {
      const code = readFileSync(new URL(file, src), 'utf8');
      return (
        /['"`]en-us['"`]/i.test(code) ||
        /\.toLocale(?:Date|Time)?String\(\s*\)/.test(code) ||
        /new Intl\.DateTimeFormat\(\s*(?:\)|undefined)/.test(code)
      );
    });
    expect(offenders).toEqual([]);
  });
});
