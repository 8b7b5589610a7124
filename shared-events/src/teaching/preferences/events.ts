import { z } from 'zod';
import { PreferenceFields, SUBMISSION_STATUSES, UnavailableTimes } from './schemas.js';

const id = z.string().min(1).max(100);
const owner = { UserId: id, AcademicPeriodId: id };

export const PREFERENCE_EVENTS = {
  added: 'TeachingPreferenceAdded',
  updated: 'TeachingPreferenceUpdated',
  removed: 'TeachingPreferenceRemoved',
  unavailableSet: 'UnavailableTimesSet',
  submitted: 'TeachingPreferencesSubmitted',
  reopened: 'TeachingPreferencesReopened',
  mergedIn: 'TeachingPreferencesMergedIn',
  mergedOut: 'TeachingPreferencesMergedOut',
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

/** One preference as a merge carries it (every field, as TeachingPreferenceAdded). */
export const MergedPreference = PreferenceFields.required().extend({ id });

/**
 * A user merge gave the master (`UserId`) the duplicate's (`fromUserId`) preferences for the
 * period, in place of none: the whole record, its status and submission time included.
 */
export const TeachingPreferencesMergedIn = z.object({
  ...owner,
  fromUserId: id,
  preferences: z.array(MergedPreference).max(100),
  unavailable: UnavailableTimes,
  status: z.enum(SUBMISSION_STATUSES).exclude(['notStarted']),
  submittedAt: z.string().max(40).nullable(),
});

/**
 * A user merge emptied the duplicate's (`UserId`) record for the period: `moved` to the master
 * (`intoUserId`), or `masterKept` when the master had preferences of its own there, which win.
 */
export const TeachingPreferencesMergedOut = z.object({
  ...owner,
  intoUserId: id,
  outcome: z.enum(['moved', 'masterKept']),
  /** How many preferences the duplicate held. */
  count: z.number().int().min(0),
});

/** For the event registry (`events/registry.ts`). */
export const preferenceEventSchemas = {
  [PREFERENCE_EVENTS.added]: TeachingPreferenceAdded,
  [PREFERENCE_EVENTS.updated]: TeachingPreferenceUpdated,
  [PREFERENCE_EVENTS.removed]: TeachingPreferenceRemoved,
  [PREFERENCE_EVENTS.unavailableSet]: UnavailableTimesSet,
  [PREFERENCE_EVENTS.submitted]: TeachingPreferencesSubmitted,
  [PREFERENCE_EVENTS.reopened]: TeachingPreferencesReopened,
  [PREFERENCE_EVENTS.mergedIn]: TeachingPreferencesMergedIn,
  [PREFERENCE_EVENTS.mergedOut]: TeachingPreferencesMergedOut,
} as const;

export type PreferenceEvent =
  | { type: 'TeachingPreferenceAdded'; data: z.infer<typeof TeachingPreferenceAdded> }
  | { type: 'TeachingPreferenceUpdated'; data: z.infer<typeof TeachingPreferenceUpdated> }
  | { type: 'TeachingPreferenceRemoved'; data: z.infer<typeof TeachingPreferenceRemoved> }
  | { type: 'UnavailableTimesSet'; data: z.infer<typeof UnavailableTimesSet> }
  | { type: 'TeachingPreferencesSubmitted'; data: z.infer<typeof TeachingPreferencesSubmitted> }
  | { type: 'TeachingPreferencesReopened'; data: z.infer<typeof TeachingPreferencesReopened> }
  | { type: 'TeachingPreferencesMergedIn'; data: z.infer<typeof TeachingPreferencesMergedIn> }
  | { type: 'TeachingPreferencesMergedOut'; data: z.infer<typeof TeachingPreferencesMergedOut> };
