import { z } from 'zod';
import { SettingChanged } from '../events/settings.js';

/** Sets one institution setting (`primary_color`, `institution_name`, `logo`, …). */
export const ChangeSetting = z.object({
  machineName: SettingChanged.shape.machineName,
  value: SettingChanged.shape.value,
});
export type ChangeSetting = z.infer<typeof ChangeSetting>;

/** Body of `PUT /api/settings/:machineName`. */
export const ChangeSettingBody = z.strictObject({
  value: SettingChanged.shape.value,
});
export type ChangeSettingBody = z.infer<typeof ChangeSettingBody>;

/** The settings the spec names; others may be stored too. */
export const PRIMARY_COLOR_SETTING = 'primary_color';
export const INSTITUTION_NAME_SETTING = 'institution_name';
export const LOGO_SETTING = 'logo';

/** `primary_color` is a `#rrggbb` colour, or empty for the default colour. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Where the support chat button leads (spec §2/§4); empty hides the button. */
export const SUPPORT_URL_SETTING = 'support_url';

/**
 * A `support_url` the System Settings page and the server accept: an absolute http(s) address
 * with a host, without surrounding spaces (the chat button opens it in a new tab).
 */
export function isSupportUrl(value: string): boolean {
  if (value !== value.trim()) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * Spec §7: the logo shown when none was uploaded — the letter A on the default colour. The
 * settings history shows it as the logo before the first upload.
 */
export const DEFAULT_LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="8" fill="#0736a4"/>' +
  '<text x="32" y="45" font-family="sans-serif" font-size="40" font-weight="bold" ' +
  'fill="#ffffff" text-anchor="middle">A</text></svg>';

/**
 * Opened directly, an SVG logo is a document of its own: no script, no fetch, no form, no plugin
 * may run in it (`default-src 'none'` and `sandbox`), even if a scriptable upload slipped past
 * the upload check. Inline styles and data: images keep an ordinary SVG drawing intact. Sent with
 * every logo image: the current one and each version the settings history shows.
 */
export const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** The words people know a setting by (System Settings page, settings history). */
const SETTING_LABELS: Readonly<Record<string, string>> = {
  [INSTITUTION_NAME_SETTING]: 'Institution name',
  [LOGO_SETTING]: 'Logo',
  [PRIMARY_COLOR_SETTING]: 'Primary colour',
  [SUPPORT_URL_SETTING]: 'Support URL',
  aemEnabled: 'Advanced effort management',
  aemEnabledFaculty: 'Advanced effort management for faculty',
  userMergeEnabled: 'Merge users',
  devEmailsEnabled: 'Developer e-mails',
  apiEnabled: 'API keys',
  exportsEnabled: 'Exports',
  dataServicesEnabled: 'Data services',
  // As the menu names these pages.
  mySharedTeachingEnabled: 'My Shared Teaching',
  myTeachingPreferencesEnabled: 'My Teaching Preferences',
  myTeachingAssignmentsEnabled: 'My Teaching Assignments',
  myScheduleEnabled: 'My Schedule',
};

/**
 * A setting's label; a setting stored without one (any machine name may be stored) reads as its
 * words: `campus_motto` → 'Campus motto'.
 */
export function settingLabel(machineName: string): string {
  if (Object.prototype.hasOwnProperty.call(SETTING_LABELS, machineName))
    return SETTING_LABELS[machineName] ?? machineName;
  const words = machineName
    .replace(/Enabled$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
