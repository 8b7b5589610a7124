// Only constants: the preference schemas (and so the browser entry) take them without rrule.

/** UniTime's scale (DOMAIN.md), strongest wish first. */
export const PREFERENCE_LEVELS = [
  'required',
  'stronglyPreferred',
  'preferred',
  'neutral',
  'discouraged',
  'stronglyDiscouraged',
  'prohibited',
] as const;
export type PreferenceLevel = (typeof PREFERENCE_LEVELS)[number];
