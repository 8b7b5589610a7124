import type { CommandResult } from '@allot/shared-events';

/** What a seed step may do: run commands (never write events itself) and derive stable ids. */
export interface SeedContext {
  execute(commandName: string, payload: unknown): Promise<CommandResult>;
  /** The same id for the same key on every start, so a re-run addresses the same entities. */
  id(key: string): string;
}

/**
 * One named, run-once piece of seed data. Later issues add steps (people, courses, periods, …);
 * a step must tolerate being re-run after a crash halfway (its commands address fixed ids).
 */
export interface SeedStep {
  /** Stable forever: the record of the step is kept in stream `seed-<name>`. */
  readonly name: string;
  run(ctx: SeedContext): Promise<void>;
}
