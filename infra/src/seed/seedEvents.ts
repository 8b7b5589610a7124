import { z } from 'zod';

/** A start has claimed the step; another start leaves it alone while the claim is fresh. */
export const SeedStepStarted = z.object({
  step: z.string(),
  startedAt: z.string(),
  /** Which start claimed it (absent in claims written before starts were told apart). */
  owner: z.string().optional(),
});
/** The claimant is alive and still running the step (every few seconds while it runs). */
export const SeedStepStillRunning = z.object({
  step: z.string(),
  owner: z.string(),
  at: z.string(),
});
/** The step ran to its end; no later start runs it again. */
export const SeedStepCompleted = z.object({ step: z.string(), completedAt: z.string() });

export const seedEventSchemas = {
  SeedStepStarted,
  SeedStepStillRunning,
  SeedStepCompleted,
} as const;

export function seedStreamId(step: string): string {
  return `seed-${step}`;
}
