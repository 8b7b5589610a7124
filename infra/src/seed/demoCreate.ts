import { DomainRuleError } from '@allot/command-service';
import type { SeedContext } from './seedStep.js';

/**
 * Runs a resource create; a record that exists already (a step re-run after a crash halfway)
 * counts as done, since seed ids are deterministic.
 */
export async function createOnce(
  ctx: SeedContext,
  commandName: string,
  payload: { id: string } & Record<string, unknown>,
): Promise<void> {
  try {
    await ctx.execute(commandName, payload);
  } catch (err) {
    if (err instanceof DomainRuleError && err.message === 'This record already exists.') return;
    throw err;
  }
}
