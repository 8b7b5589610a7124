import { z } from 'zod';

const Id = z.string().min(1).max(200);

/** Stream of one authenticated user's masquerades: `masquerade-<userId>`. */
export const masqueradeStream = (userId: string): string => `masquerade-${userId}`;
/** Stream of one user's working academic period: `workingPeriod-<userId>`. */
export const workingPeriodStream = (userId: string): string => `workingPeriod-${userId}`;
/** Stream of one API key: `apiKey-<id>`. */
export const apiKeyStream = (apiKeyId: string): string => `apiKey-${apiKeyId}`;
/** Stream of one user's ended sign-ins: `sessions-<userId>`. */
export const sessionsStream = (userId: string): string => `sessions-${userId}`;
/** A duplicate user is merged once: `userMerge-<duplicateId>`. */
export const userMergeStream = (duplicateId: string): string => `userMerge-${duplicateId}`;

export const MasqueradeStarted = z.object({ userId: Id, workingUserId: Id });
export const MasqueradeEnded = z.object({ userId: Id, workingUserId: Id });
export const WorkingAcademicPeriodChanged = z.object({ userId: Id, academicPeriodId: Id });
/** A sign-in ended (logout): its session id is refused from now on, wherever it is presented. */
export const SessionEnded = z.object({ userId: Id, sid: z.string().min(1).max(200) });
/** Sign out everywhere: every session of the user issued before `before` is refused. */
export const SessionsEndedEverywhere = z.object({ userId: Id, before: z.iso.datetime() });
/** Only the SHA-256 of the key's secret is stored: the key itself is shown once, at creation. */
export const ApiKeyCreated = z.object({
  apiKeyId: Id,
  userId: Id,
  name: z.string().min(1).max(200),
  secretSha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Who made the key (absent in keys made before it was recorded): writes through it say so. */
  createdBy: Id.optional(),
});
export const ApiKeyRevoked = z.object({ apiKeyId: Id, userId: Id });
/** One event, listed in both users' histories: the duplicate's data now belongs to the master. */
export const UsersMerged = z.object({ masterId: Id, duplicateId: Id });

export type MasqueradeStarted = z.infer<typeof MasqueradeStarted>;
export type MasqueradeEnded = z.infer<typeof MasqueradeEnded>;
export type WorkingAcademicPeriodChanged = z.infer<typeof WorkingAcademicPeriodChanged>;
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
export type ApiKeyRevoked = z.infer<typeof ApiKeyRevoked>;
export type UsersMerged = z.infer<typeof UsersMerged>;
export type SessionEnded = z.infer<typeof SessionEnded>;
export type SessionsEndedEverywhere = z.infer<typeof SessionsEndedEverywhere>;

export const sessionEventSchemas = {
  MasqueradeStarted,
  MasqueradeEnded,
  WorkingAcademicPeriodChanged,
  ApiKeyCreated,
  ApiKeyRevoked,
  UsersMerged,
  SessionEnded,
  SessionsEndedEverywhere,
} as const;
