import { z } from 'zod';

/**
 * One branding setting as GET /api/settings answers it (spec §3): its machine name (also its id)
 * and `Setting.value`; an unset or empty primary_color answers the default colour.
 */
export const SettingAnswer = z.object({
  id: z.string(),
  machineName: z.string(),
  Setting: z.object({ value: z.string() }),
});
export type SettingAnswer = z.infer<typeof SettingAnswer>;

/**
 * GET /api/settings (every setting, by machine name) and GET /api/settingTypes (with
 * `filter={"machineName":…}`: that one setting, or none). Public: shown before sign-in.
 */
export const SettingsAnswer = z.array(SettingAnswer);
export type SettingsAnswer = z.infer<typeof SettingsAnswer>;
