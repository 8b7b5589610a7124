import { z } from 'zod';
import { TeachingPreferencesMergedIn, TeachingPreferencesMergedOut } from './events.js';
import { PreferenceFields, UnavailableTimes } from './schemas.js';

const id = z.string().trim().min(1).max(100);
const owner = { UserId: id, AcademicPeriodId: id };
const text = z.string().trim().max(2000).nullable().optional();

/**
 * Commands of the preferences aggregate (stream `preferences-<UserId>-<AcademicPeriodId>`).
 * `UserId` is the session's working user on the faculty's own routes, never the client's.
 */
export const preferenceCommandSchemas = {
  AddTeachingPreference: PreferenceFields.extend({ ...owner, id }).strict(),
  UpdateTeachingPreference: PreferenceFields.partial()
    .extend({ ...owner, id })
    .strict(),
  RemoveTeachingPreference: z.object({ ...owner, id }).strict(),
  SetUnavailableTimes: z.object({ ...owner, unavailable: UnavailableTimes }).strict(),
  SubmitTeachingPreferences: z.object({ ...owner, notes: text }).strict(),
  ReopenTeachingPreferences: z.object({ ...owner, reason: text }).strict(),
  /** A user merge's follow-ups (no routes): the master receives, the duplicate lets go. */
  ReceiveMergedPreferences: TeachingPreferencesMergedIn.strict(),
  ReleaseMergedPreferences: TeachingPreferencesMergedOut.omit({ count: true }).strict(),
} as const;

export type PreferenceCommandType = keyof typeof preferenceCommandSchemas;
export type PreferenceCommandData<T extends PreferenceCommandType> = z.infer<
  (typeof preferenceCommandSchemas)[T]
>;

/** What the decider needs from outside the stream. */
export interface PreferenceCommandContext {
  /** The period's due date for preferences (YYYY-MM-DD, inclusive); null: none. */
  dueDate: string | null;
}

export type PreferenceCommand = {
  [T in PreferenceCommandType]: {
    type: T;
    data: PreferenceCommandData<T>;
    context: PreferenceCommandContext;
  };
}[PreferenceCommandType];

export const preferenceStreamId = (UserId: string, AcademicPeriodId: string): string =>
  `preferences-${UserId}-${AcademicPeriodId}`;
