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
