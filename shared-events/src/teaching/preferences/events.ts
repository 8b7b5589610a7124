import { z } from 'zod';
import { PreferenceFields, UnavailableTimes } from './schemas.js';

const id = z.string().min(1).max(100);
const owner = { UserId: id, AcademicPeriodId: id };

export const PREFERENCE_EVENTS = {
  added: 'TeachingPreferenceAdded',
  updated: 'TeachingPreferenceUpdated',
  removed: 'TeachingPreferenceRemoved',
  unavailableSet: 'UnavailableTimesSet',
  submitted: 'TeachingPreferencesSubmitted',
  reopened: 'TeachingPreferencesReopened',
} as const;

/** Added: every field, absent ones as null. */
export const TeachingPreferenceAdded = PreferenceFields.required().extend({ ...owner, id });
/** Updated: the fields that changed. */
export const TeachingPreferenceUpdated = PreferenceFields.partial().extend({ ...owner, id });
export const TeachingPreferenceRemoved = z.object({ ...owner, id });
export const UnavailableTimesSet = z.object({ ...owner, unavailable: UnavailableTimes });
export const TeachingPreferencesSubmitted = z.object({
  ...owner,
  /** How many preferences were submitted. */
  count: z.number().int().min(0),
  notes: z.string().max(2000).nullable(),
});
export const TeachingPreferencesReopened = z.object({
  ...owner,
  reason: z.string().max(2000).nullable(),
});

/** For the event registry (`events/registry.ts`). */
export const preferenceEventSchemas = {
  [PREFERENCE_EVENTS.added]: TeachingPreferenceAdded,
  [PREFERENCE_EVENTS.updated]: TeachingPreferenceUpdated,
  [PREFERENCE_EVENTS.removed]: TeachingPreferenceRemoved,
  [PREFERENCE_EVENTS.unavailableSet]: UnavailableTimesSet,
  [PREFERENCE_EVENTS.submitted]: TeachingPreferencesSubmitted,
  [PREFERENCE_EVENTS.reopened]: TeachingPreferencesReopened,
} as const;

export type PreferenceEvent =
  | { type: 'TeachingPreferenceAdded'; data: z.infer<typeof TeachingPreferenceAdded> }
  | { type: 'TeachingPreferenceUpdated'; data: z.infer<typeof TeachingPreferenceUpdated> }
  | { type: 'TeachingPreferenceRemoved'; data: z.infer<typeof TeachingPreferenceRemoved> }
  | { type: 'UnavailableTimesSet'; data: z.infer<typeof UnavailableTimesSet> }
  | { type: 'TeachingPreferencesSubmitted'; data: z.infer<typeof TeachingPreferencesSubmitted> }
  | { type: 'TeachingPreferencesReopened'; data: z.infer<typeof TeachingPreferencesReopened> };
