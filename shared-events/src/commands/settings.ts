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
