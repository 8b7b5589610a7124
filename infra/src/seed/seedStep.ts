import type { CommandResult, RecordedEvent } from '@allot/shared-events';

/** What a seed step may do: run commands (never write events itself) and derive stable ids. */
export interface SeedContext {
  execute(commandName: string, payload: unknown): Promise<CommandResult>;
  /**
   * A command a person takes on their own (a faculty member stating their preferences): the
   * events record them as the actor, and rules about "your own" records hold.
   */
  executeAs(userId: string, commandName: string, payload: unknown): Promise<CommandResult>;
  /** The same id for the same key on every start, so a re-run addresses the same entities. */
  id(key: string): string;
  /**
   * The events of one stream ([] when it has none), for what an earlier step stored and a later
   * one builds on (e.g. the dates of the terms, fixed when the periods were seeded).
   */
  read(streamId: string): Promise<RecordedEvent[]>;
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
