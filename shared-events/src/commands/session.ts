import { z } from 'zod';
import { CommandResult } from './commandResult.js';

/**
 * The HTTP bodies and answers of the session routes (masquerade, working period, merge) and of
 * the API keys (docs/session-masquerade-api-keys.md). The command service validates the bodies
 * with these; the OpenAPI document describes them from the same declarations.
 */

const Id = z.string().min(1).max(200);

/** Body of `POST /api/users/masquerade`: the user to act as. */
export const StartMasqueradeBody = z.object({ id: Id.describe('The active user to act as.') });
export type StartMasqueradeBody = z.infer<typeof StartMasqueradeBody>;

/** What `POST` and `DELETE /api/users/masquerade` answer: who is signed in, who is acted as. */
export const MasqueradeAnswer = z.object({
  authenticatedUserId: z.string(),
  workingUserId: z.string(),
});
export type MasqueradeAnswer = z.infer<typeof MasqueradeAnswer>;

/** Body of `PUT /api/users/:id/working`; `id`, when sent, must be the user of the address. */
export const SetWorkingPeriodBody = z.object({
  id: Id.optional().describe('The user of the address, if sent.'),
  WorkingAcademicPeriodId: Id.describe('The academic period the user works in from now on.'),
});
export type SetWorkingPeriodBody = z.infer<typeof SetWorkingPeriodBody>;

/** Body of `POST /api/users/merge`: the duplicate's data becomes the master's. */
export const MergeUsersBody = z.object({
  masterId: Id.describe('The user who stays.'),
  duplicateId: Id.describe('The user merged into the master (then inactive).'),
});
export type MergeUsersBody = z.infer<typeof MergeUsersBody>;

/** Body of `POST /api/apiKeys`. */
export const CreateApiKeyBody = z.strictObject({
  name: z.string().trim().min(1).max(200).describe('What the key is for, as its list shows it.'),
  /** Admins may create a key for another user; by default it is the caller's. */
  userId: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('The user the key acts as; by default the caller.'),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBody>;

/** What `POST /api/apiKeys` answers (201): the command's result and the key, shown only here. */
export const CreatedApiKeyAnswer = CommandResult.extend({
  apiKeyId: z.string(),
  userId: z.string(),
  name: z.string(),
  /** Only the secret's hash is stored: the key is never shown again. */
  key: z
    .string()
    .describe('`allot_<id>_<secret>`, shown this once: send it as `Authorization: Bearer <key>`.'),
});
export type CreatedApiKeyAnswer = z.infer<typeof CreatedApiKeyAnswer>;
