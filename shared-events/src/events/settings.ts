import { z } from 'zod';

/** All institution settings live in one stream: they are few and change together rarely. */
export const SETTINGS_STREAM = 'settings';

export const SettingChanged = z.object({
  machineName: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-zA-Z][a-zA-Z0-9_]*$/),
  value: z.string().max(10_000),
});
export type SettingChanged = z.infer<typeof SettingChanged>;

export const settingsEventSchemas = {
  SettingChanged,
} as const;
