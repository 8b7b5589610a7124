import type { z } from 'zod';
import type { CommandResult, EventStore } from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import { invalidPayload } from '../errors/errors.js';
import type { Command, CommandMeta, Decider, DomainEvent } from './decider.js';
import {
  handleCommand,
  type HandleCommandOptions,
  type LoadedAggregate,
  type StreamRevision,
} from './handleCommand.js';
import { assertRegisteredEvents } from './registeredEvents.js';

/** What a command's `load` step answers: the command's `context` (unknown: it has none). */
export type ContextOf<C extends Command> = C extends { readonly context?: infer X } ? X : unknown;

/** Everything needed to run one command, over HTTP or through the bus. */
export interface CommandDefinition<C extends Command, S, E extends DomainEvent> {
  readonly name: C['type'];
  readonly schema: z.ZodType<C['data']>;
  readonly decider: Decider<C, S, E>;
  streamId(payload: C['data']): string;
  /** The id answered to the client. */
  entityId(payload: C['data'], context: ContextOf<C>): string;
  /** Refuses a raw payload before its schema sees it (a field only another route may change). */
  screen?(rawPayload: unknown): void;
  /**
   * Checks what needs no reading, before anything is read: throws ForbiddenError unless the
   * caller may run this command on this payload at all (a 403 answers before a 404 or 422).
   */
  permit?(ability: AppAbility, payload: C['data'], meta: CommandMeta): void;
  /**
   * Reads what the decision needs beyond its own stream (the records the payload names, a
   * period's due date, other sections' schedules) and refuses when one is missing (422). What it
   * answers is the command's `context`, which the decider reads; the aggregate itself is not read
   * here but by the write, on every attempt.
   */
  load?(store: EventStore, payload: C['data'], context: CommandContext): Promise<ContextOf<C>>;
  /**
   * Throws ForbiddenError unless the ability allows this command on this state. Runs on each
   * attempt with the aggregate as it then is, and may add to the command's context what the
   * decision needs of that state.
   */
  authorize?(ability: AppAbility, command: C, state: S, meta: CommandMeta): void;
  /** The command the decider gets; `{ type: name, data, context }` when absent. */
  command?(payload: C['data'], context: ContextOf<C>): C;
  /** The decider's refusals as the service's errors (a teaching decider's refusal as 404/400/422). */
  refusal?(error: unknown): unknown;
  /** Runs the whole command again when it reports a concurrent change it cannot resolve itself. */
  retry?<T>(attempt: () => Promise<T>): Promise<T>;
  /** How the write goes beyond load → authorize → decide → append (the aggregate's own steps). */
  write?(step: WriteStep<C, S, E>): Promise<CommandResult>;
}

/** The write of one command as a definition's `write` sees it, to run with its own options. */
export interface WriteStep<C extends Command, S, E extends DomainEvent> {
  store: EventStore;
  command: C;
  streamId: string;
  context: CommandContext;
  /** The decider the write runs (registered events only, refusals translated). */
  decider: Decider<C, S, E>;
  /** The usual write, with the options the definition's steps add (reads, appends beside it). */
  run: (options?: WriteOptions<S>) => Promise<CommandResult>;
}

export type WriteOptions<S> = Pick<HandleCommandOptions<S>, 'loadFirst' | 'beforeAppend'> & {
  /** Runs after `authorize` on each attempt (fills what the decision needs of that state). */
  authorized?: (state: S) => void;
};

export type { LoadedAggregate };

export interface CommandContext {
  ability: AppAbility;
  meta: CommandMeta;
  expectedRevision?: StreamRevision;
}

/** A definition with its types erased, so different commands can sit in one list. */
export interface RunnableCommand {
  readonly name: string;
  run(store: EventStore, payload: unknown, context: CommandContext): Promise<CommandResult>;
}

/**
 * The one command pipeline: screen → parse (zod) → permit → load what the decision needs → the aggregate
 * (on each attempt) → authorize → decide → check the events are registered → append with the
 * expected revision; `retry` and `write` let an aggregate add its own concurrency steps.
 */
export function defineCommand<C extends Command, S, E extends DomainEvent>(
  definition: CommandDefinition<C, S, E>,
): CommandDefinition<C, S, E> & RunnableCommand {
  const decider: Decider<C, S, E> = {
    ...definition.decider,
    decide(command, state, meta) {
      try {
        return assertRegisteredEvents(definition.decider.decide(command, state, meta));
      } catch (error) {
        throw definition.refusal ? definition.refusal(error) : error;
      }
    },
  };

  async function runOnce(
    store: EventStore,
    rawPayload: unknown,
    context: CommandContext,
  ): Promise<CommandResult> {
    definition.screen?.(rawPayload);
    const parsed = definition.schema.safeParse(rawPayload);
    if (!parsed.success) throw invalidPayload(parsed.error.issues);
    const payload = parsed.data;
    definition.permit?.(context.ability, payload, context.meta);
    const loaded = definition.load
      ? await definition.load(store, payload, context)
      : (undefined as ContextOf<C>);
    // `name` is C['type'], `payload` C['data'] and `loaded` its context: together the command C.
    const command = definition.command
      ? definition.command(payload, loaded)
      : ((loaded === undefined
          ? { type: definition.name, data: payload }
          : { type: definition.name, data: payload, context: loaded }) as C);
    const streamId = definition.streamId(payload);
    const run = (options: WriteOptions<S> = {}) =>
      handleCommand(store, decider, streamId, command, {
        meta: context.meta,
        entityId: definition.entityId(payload, loaded),
        ...(context.expectedRevision === undefined
          ? {}
          : { expectedRevision: context.expectedRevision }),
        authorize: (state) => {
          definition.authorize?.(context.ability, command, state, context.meta);
          options.authorized?.(state);
        },
        ...(options.loadFirst ? { loadFirst: options.loadFirst } : {}),
        ...(options.beforeAppend ? { beforeAppend: options.beforeAppend } : {}),
      });
    return definition.write
      ? definition.write({ store, command, streamId, context, decider, run })
      : run();
  }

  return {
    ...definition,
    run: (store, rawPayload, context) =>
      definition.retry
        ? definition.retry(() => runOnce(store, rawPayload, context))
        : runOnce(store, rawPayload, context),
  };
}
