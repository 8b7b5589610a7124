import { z } from 'zod';
import { featureFlagsSchema, modeSchema, roleSlugSchema } from '../permissions/types.js';

/** GET /api/auth (spec §3). Roles and workgroups are the working user's: their abilities apply. */
export const AuthContextAnswer = z.object({
  /** Null without a session (200, never 401). */
  authenticatedUserId: z.string().nullable(),
  workingUserId: z.string().nullable(),
  displayName: z.string().nullable(),
  Roles: z.array(z.object({ slug: roleSlugSchema })),
  FeatureFlags: featureFlagsSchema,
  /** Each workgroup the user belongs to, with its permission bits (1 = approve, 2 = assign). */
  workgroupPermissions: z.array(z.object({ id: z.string(), permission: z.number().int() })),
  progressStepId: z.number().int().nullable(),
  /** The working user's working period (their own, else the institution's active one). */
  workingAcademicPeriodId: z.string().nullable(),
  mode: modeSchema,
  version: z.string(),
  mySharedTeachingEnabled: z.boolean(),
  myTeachingPreferencesEnabled: z.boolean(),
  myTeachingAssignmentsEnabled: z.boolean(),
  myScheduleEnabled: z.boolean(),
});
export type AuthContextAnswer = z.infer<typeof AuthContextAnswer>;

/** GET /api/auth/me: the authenticated user, also while masquerading (401 without a session). */
export const MeAnswer = z.object({
  id: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  Roles: z.array(z.object({ slug: roleSlugSchema })),
});
export type MeAnswer = z.infer<typeof MeAnswer>;

/** GET /api/status: version, mode and feature flags, public (polled before sign-in). */
export const StatusAnswer = z.object({
  version: z.string(),
  mode: modeSchema,
  featureFlags: featureFlagsSchema,
});
export type StatusAnswer = z.infer<typeof StatusAnswer>;

/** An API key as GET /api/apiKeys lists it: never the key or its hash. */
export const ApiKeyAnswer = z.object({
  id: z.string(),
  /** Whom the key authenticates. */
  UserId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyAnswer = z.infer<typeof ApiKeyAnswer>;

/** GET /api/apiKeys: every key, newest first (those who may read ApiKey). */
export const ApiKeyListAnswer = z.array(ApiKeyAnswer);
export type ApiKeyListAnswer = z.infer<typeof ApiKeyListAnswer>;
