import type { Theme } from '../api/sessionApi.js';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_THEME } from '../constants.js';

const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;
/** The last theme a user chose in this browser, so the sign-in page does not flash dark first. */
export const REMEMBERED_THEME_KEY = 'allot.theme';

/** Spec §7/§9: an empty or malformed primary_color gets the default colour. */
export function primaryColorOf(value: string | undefined): string {
  return value && HEX_COLOUR.test(value.trim()) ? value.trim() : DEFAULT_PRIMARY_COLOR;
}

export function isTheme(value: unknown): value is Theme {
  return value === 'dark' || value === 'light';
}

export function rememberedTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(REMEMBERED_THEME_KEY);
    return isTheme(value) ? value : null;
  } catch {
    return null; // storage disabled: fall back to the default theme
  }
}

export function rememberTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(REMEMBERED_THEME_KEY, theme);
  } catch {
    // storage disabled: the next anonymous page shows the default theme, nothing breaks
  }
}

/**
 * Spec §3/§9: a signed-in user's saved theme, else (signed out, or not loaded yet) the one this
 * browser last showed, else dark.
 */
export function resolveTheme(saved: Theme | undefined, remembered: Theme | null): Theme {
  return saved ?? remembered ?? DEFAULT_THEME;
}

/** Dark and light text on a colour: white unless the colour is so light white would vanish. */
export function contrastTextOn(hex: string): '#ffffff' | '#1c2127' {
  const full =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((c) => c + c)
          .join('')
      : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
  // Contrast with white is (1.05)/(L+0.05); keep white while it stays at least 4.5:1.
  return 1.05 / (luminance + 0.05) >= 4.5 ? '#ffffff' : '#1c2127';
}
