import { z } from 'zod';
import { FEATURE_FLAG_NAMES } from '../permissions/types.js';

/** GET /api/app-info: whether sign-in is set up, for the login page. Public. */
export const AppInfoAnswer = z.object({
  strategyExists: z.boolean(),
  /** '' when sign-in is configured and reachable; otherwise a sentence for the login page. */
  error: z.string(),
  featureFlags: z.object({ auth0Enabled: z.boolean() }),
});
export type AppInfoAnswer = z.infer<typeof AppInfoAnswer>;

/** One feature flag: its configured default, the stored override and the value in effect. */
export const FeatureFlagStateAnswer = z.object({
  name: z.enum(FEATURE_FLAG_NAMES),
  /** From configuration (ALLOT_FEATURE_<NAME>, over the demo's or the defaults). */
  default: z.boolean(),
  /** The System Settings value, null when none overrides the default. */
  stored: z.boolean().nullable(),
  effective: z.boolean(),
});
export type FeatureFlagStateAnswer = z.infer<typeof FeatureFlagStateAnswer>;

/** GET /api/settings/featureFlags: every flag's state, for the System Settings page. */
export const FeatureFlagsAnswer = z.object({ flags: z.array(FeatureFlagStateAnswer) });
export type FeatureFlagsAnswer = z.infer<typeof FeatureFlagsAnswer>;
