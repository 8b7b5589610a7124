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

/** An uploaded logo's bytes (at most 1 MB before base64), already checked by the command side. */
export const LogoUploaded = z.object({
  contentType: z.enum(['image/png', 'image/jpeg', 'image/svg+xml']),
  dataBase64: z
    .string()
    .max(1_400_000)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/),
});
export type LogoUploaded = z.infer<typeof LogoUploaded>;

export const settingsEventSchemas = {
  SettingChanged,
  LogoUploaded,
} as const;
