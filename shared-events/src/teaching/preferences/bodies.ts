import type { z } from 'zod';
import { preferenceCommandSchemas as command } from './commands.js';

/*
 * The teaching preference routes' JSON bodies: each command without what the path and the
 * session give (whose preferences, which period, the preference's id). Zod only, so the browser
 * entry exports them.
 */
const owner = { UserId: true, AcademicPeriodId: true } as const;

/** POST /api/teachingPreferences/mine/:AcademicPeriodId. */
export const AddPreferenceBody = command.AddTeachingPreference.omit({ ...owner, id: true });
export type AddPreferenceBody = z.input<typeof AddPreferenceBody>;

/** PUT /api/teachingPreferences/mine/:AcademicPeriodId/:id. */
export const UpdatePreferenceBody = command.UpdateTeachingPreference.omit({ ...owner, id: true });
export type UpdatePreferenceBody = z.input<typeof UpdatePreferenceBody>;

/** PUT /api/teachingPreferences/mine/:AcademicPeriodId/unavailable. */
export const SetUnavailableTimesBody = command.SetUnavailableTimes.omit(owner);
export type SetUnavailableTimesBody = z.input<typeof SetUnavailableTimesBody>;

/** POST /api/teachingPreferences/mine/:AcademicPeriodId/submit. */
export const SubmitPreferencesBody = command.SubmitTeachingPreferences.omit(owner);
export type SubmitPreferencesBody = z.input<typeof SubmitPreferencesBody>;

/** POST /api/preferenceSubmissions/:UserId/:AcademicPeriodId/reopen. */
export const ReopenPreferencesBody = command.ReopenTeachingPreferences.omit(owner);
export type ReopenPreferencesBody = z.input<typeof ReopenPreferencesBody>;
