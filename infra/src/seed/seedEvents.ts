import { z } from 'zod';

/** A start has claimed the step; another start leaves it alone while the claim is fresh. */
export const SeedStepStarted = z.object({ step: z.string(), startedAt: z.string() });
/** The step ran to its end; no later start runs it again. */
export const SeedStepCompleted = z.object({ step: z.string(), completedAt: z.string() });

export const seedEventSchemas = { SeedStepStarted, SeedStepCompleted } as const;

export function seedStreamId(step: string): string {
  return `seed-${step}`;
}
