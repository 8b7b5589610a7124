import type { z } from 'zod';
import type { CommandResult, EventStore } from '@allot/shared-events';
import type { AppAbility } from '../authorization/ability.js';
import { invalidPayload } from '../errors/errors.js';
import type { Command, CommandMeta, Decider, DomainEvent } from './decider.js';
import { handleCommand, type StreamRevision } from './handleCommand.js';
import { assertRegisteredEvents } from './registeredEvents.js';

/** Everything needed to run one command, over HTTP or through the bus. */
export interface CommandDefinition<C extends Command, S, E extends DomainEvent> {
  readonly name: C['type'];
  readonly schema: z.ZodType<C['data']>;
  readonly decider: Decider<C, S, E>;
  streamId(payload: C['data']): string;
  /** The id answered to the client. */
  entityId(payload: C['data']): string;
  /** Throws ForbiddenError unless the ability allows this command on this state. */
  authorize(ability: AppAbility, payload: C['data'], state: S): void;
  /** Rules about other records the payload names (checked before the stream is written). */
  check?(store: EventStore, payload: C['data'], context: CommandContext): Promise<void>;
}

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

/** Parse (zod) → load → authorize → decide → check the events are registered → append. */
export function defineCommand<C extends Command, S, E extends DomainEvent>(
  definition: CommandDefinition<C, S, E>,
): CommandDefinition<C, S, E> & RunnableCommand {
  const decider: Decider<C, S, E> = {
    ...definition.decider,
    decide: (command, state, meta) =>
      assertRegisteredEvents(definition.decider.decide(command, state, meta)),
  };
  return {
    ...definition,
    async run(store, rawPayload, context) {
      const parsed = definition.schema.safeParse(rawPayload);
      if (!parsed.success) throw invalidPayload(parsed.error.issues);
      const payload = parsed.data;
      // `name` is C['type'] and `payload` C['data']: together they are the command C.
      const command = { type: definition.name, data: payload } as C;
      if (definition.check) await definition.check(store, payload, context);
      return handleCommand(store, decider, definition.streamId(payload), command, {
        meta: context.meta,
        entityId: definition.entityId(payload),
        ...(context.expectedRevision === undefined
          ? {}
          : { expectedRevision: context.expectedRevision }),
        authorize: (state) => definition.authorize(context.ability, payload, state),
      });
    },
  };
}
