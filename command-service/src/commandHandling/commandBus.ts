import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR_ID, type CommandResult, type EventStore } from '@allot/shared-events';
import { systemAbility, type AppAbility } from '../authorization/ability.js';
import type { CommandMeta } from './decider.js';
import type { RunnableCommand } from './commandDefinition.js';
import type { StreamRevision } from './handleCommand.js';
import { allCommands } from '../commands.js';

export { SYSTEM_ACTOR_ID };

export interface ExecuteOptions extends Partial<CommandMeta> {
  /** Whose abilities apply; the system actor's (everything) when absent. */
  ability?: AppAbility;
  /** The revision the caller based its change on (If-Match). */
  expectedRevision?: StreamRevision;
}

export interface CommandBus {
  /** Validates, authorizes and runs a command; rejects with the errors of `errors.ts`. */
  execute(commandName: string, payload: unknown, options?: ExecuteOptions): Promise<CommandResult>;
  readonly commandNames: readonly string[];
}

export interface CommandBusOptions {
  store: EventStore;
  /** Defaults to every command of the service. */
  commands?: readonly RunnableCommand[];
}

export class UnknownCommandError extends Error {
  override readonly name = 'UnknownCommandError';
  constructor(readonly commandName: string) {
    super(`Unknown command ${commandName}`);
  }
}

/** One path for every command: HTTP routes, demo seeding and jobs all come through here. */
export function createCommandBus({ store, commands = allCommands }: CommandBusOptions): CommandBus {
  const byName = new Map(commands.map((c) => [c.name, c]));
  return {
    commandNames: [...byName.keys()],
    async execute(commandName, payload, options = {}) {
      const command = byName.get(commandName);
      if (!command) throw new UnknownCommandError(commandName);
      const commandId = randomUUID();
      const meta: CommandMeta = {
        actorId: options.actorId === undefined ? SYSTEM_ACTOR_ID : options.actorId,
        onBehalfOfId: options.onBehalfOfId ?? null,
        ...(options.apiKeyId ? { apiKeyId: options.apiKeyId } : {}),
        ...(options.apiKeyCreatorId ? { apiKeyCreatorId: options.apiKeyCreatorId } : {}),
        correlationId: options.correlationId ?? commandId,
        causationId: options.causationId ?? commandId,
        now: options.now ?? new Date(),
      };
      return command.run(store, payload, {
        ability: options.ability ?? systemAbility(),
        meta,
        ...(options.expectedRevision === undefined
          ? {}
          : { expectedRevision: options.expectedRevision }),
      });
    },
  };
}
