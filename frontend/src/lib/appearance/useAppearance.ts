import { useEffect } from 'react';
import { Classes } from '@blueprintjs/core';
import { useViewer } from '../auth/useViewer.js';
import {
  settingValue,
  useGetMyUserSettingsQuery,
  useGetSettingsQuery,
  type Theme,
} from '../api/sessionApi.js';
import {
  contrastTextOn,
  primaryColorOf,
  rememberTheme,
  rememberedTheme,
  resolveTheme,
} from './appearance.js';

export interface Appearance {
  theme: Theme;
  primaryColor: string;
  /** Settings (and, when signed in, the user's theme) are still loading. */
  loading: boolean;
}

/** The theme and primary colour in force, from the settings and the user's own settings. */
export function useAppearance(): Appearance {
  const viewer = useViewer();
  const settings = useGetSettingsQuery();
  const mine = useGetMyUserSettingsQuery(undefined, { skip: !viewer.signedIn });
  const saved = viewer.signedIn ? mine.data?.value : undefined;
  return {
    theme: resolveTheme(saved, rememberedTheme()),
    primaryColor: primaryColorOf(settingValue(settings.data, 'primary_color')),
    loading: viewer.loading || settings.isLoading || (viewer.signedIn && mine.isLoading),
  };
}

/**
 * Puts the appearance on the page: Blueprint's dark class on <body> (portals such as popovers
 * and dialogs render there too) and the primary colour as CSS variables for index.css.
 */
export function useApplyAppearance({ theme, primaryColor, loading }: Appearance): void {
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme === 'dark');
    // The class public/theme-boot.js set before the app loaded must follow the real choice.
    document.documentElement.classList.toggle('allot-dark', theme === 'dark');
    if (!loading) rememberTheme(theme);
  }, [theme, loading]);
  useEffect(() => {
    const style = document.documentElement.style;
    style.setProperty('--allot-primary', primaryColor);
    style.setProperty('--allot-on-primary', contrastTextOn(primaryColor));
  }, [primaryColor]);
}
