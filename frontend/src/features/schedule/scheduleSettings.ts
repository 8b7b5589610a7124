import { z } from 'zod';

/**
 * The calendar's widget settings (spec §5): the first and last hour shown (integers 0–24, start
 * before end) and an offset in minutes (−1440…1440, divisible by 5) that shifts every meeting
 * as displayed. Kept per user in this browser's localStorage (docs/teaching.md "Schedule").
 */
export const ScheduleSettings = z
  .object({
    startHour: z
      .number({ error: 'A whole hour from 0 to 24.' })
      .int('A whole hour from 0 to 24.')
      .min(0, 'A whole hour from 0 to 24.')
      .max(24, 'A whole hour from 0 to 24.'),
    endHour: z
      .number({ error: 'A whole hour from 0 to 24.' })
      .int('A whole hour from 0 to 24.')
      .min(0, 'A whole hour from 0 to 24.')
      .max(24, 'A whole hour from 0 to 24.'),
    offset: z
      .number({ error: 'Minutes from −1440 to 1440.' })
      .int('Whole minutes.')
      .min(-1440, 'At least −1440 minutes.')
      .max(1440, 'At most 1440 minutes.')
      .refine((n) => n % 5 === 0, 'A multiple of 5 minutes.'),
  })
  .refine((s) => s.startHour < s.endHour, {
    message: 'The day ends after it starts.',
    path: ['endHour'],
  });
export type ScheduleSettings = z.infer<typeof ScheduleSettings>;

export const DEFAULT_SETTINGS: ScheduleSettings = { startHour: 7, endHour: 22, offset: 0 };

const keyOf = (userId: string | null | undefined) =>
  `allot.schedule.settings.${userId ?? 'anonymous'}`;

/** The user's saved settings, or the defaults when none (or none valid) are saved. */
export function loadSettings(userId: string | null | undefined): ScheduleSettings {
  try {
    const raw = window.localStorage.getItem(keyOf(userId));
    if (!raw) return DEFAULT_SETTINGS;
    const parsed = ScheduleSettings.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(userId: string | null | undefined, settings: ScheduleSettings): void {
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify(settings));
  } catch {
    // A browser refusing storage keeps the settings for this visit only.
  }
}

/** Field errors of typed values (text from the inputs), or the settings when valid. */
export function parseSettings(text: {
  startHour: string;
  endHour: string;
  offset: string;
}):
  | { ok: true; settings: ScheduleSettings }
  | { ok: false; errors: Partial<Record<keyof ScheduleSettings, string>> } {
  const number = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.trim().replace('−', '-')));
  const result = ScheduleSettings.safeParse({
    startHour: number(text.startHour),
    endHour: number(text.endHour),
    offset: number(text.offset),
  });
  if (result.success) return { ok: true, settings: result.data };
  const errors: Partial<Record<keyof ScheduleSettings, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof ScheduleSettings;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
