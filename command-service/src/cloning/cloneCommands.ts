import { StartClone, cloneStream, type CloneStarted } from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import { defineCommand } from '../commandHandling/commandDefinition.js';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';

type StartCloneCommand = Command<'StartClone', StartClone>;
type CloneEvent = DomainEvent<'CloneStarted', CloneStarted>;
type CloneState = { started: boolean };

/**
 * A clone recorded before its job runs (docs/cloning.md): the periods and settings under the id
 * every record it creates carries as correlation id, so each record's history says where it was
 * cloned from, in one entry. Recorded once: a second start of the same id records nothing.
 */
export const cloneDecider: Decider<StartCloneCommand, CloneState, CloneEvent> = {
  initialState: { started: false },
  evolve: (_state, event) => {
    switch (event.type) {
      case 'CloneStarted':
        return { started: true };
      default: {
        const unexpected: never = event.type;
        throw new Error(`Unknown clone event ${String(unexpected)}`);
      }
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'StartClone':
        return state.started ? [] : [{ type: 'CloneStarted', data: command.data }];
      default: {
        const unexpected: never = command.type;
        throw new Error(`Unknown clone command ${String(unexpected)}`);
      }
    }
  },
};

export const startCloneCommand = defineCommand<StartCloneCommand, CloneState, CloneEvent>({
  name: 'StartClone',
  schema: StartClone,
  decider: cloneDecider,
  streamId: (payload) => cloneStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', 'Clone'),
});
