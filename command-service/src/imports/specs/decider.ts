import {
  canonical,
  type CreateImportSpec,
  type DeleteImportSpec,
  type ImportSpecCreated,
  type ImportSpecDeleted,
  type ImportSpecUpdated,
  type UpdateImportSpec,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../../errors/errors.js';
import type { Planned } from '../../resources/reservedNames.js';

export type CreateImportSpecCommand = Planned<Command<'CreateImportSpec', CreateImportSpec>>;
export type UpdateImportSpecCommand = Planned<Command<'UpdateImportSpec', UpdateImportSpec>>;
export type DeleteImportSpecCommand = Planned<Command<'DeleteImportSpec', DeleteImportSpec>>;
export type ImportSpecCommand =
  CreateImportSpecCommand | UpdateImportSpecCommand | DeleteImportSpecCommand;

export type ImportSpecEvent =
  | DomainEvent<'ImportSpecCreated', ImportSpecCreated>
  | DomainEvent<'ImportSpecUpdated', ImportSpecUpdated>
  | DomainEvent<'ImportSpecDeleted', ImportSpecDeleted>;

export type ImportSpecState =
  { status: 'none' } | { status: 'live'; definition: ImportSpecCreated } | { status: 'deleted' };

const NOT_FOUND = 'There is no such saved import.';

function definitionOf(data: CreateImportSpec | UpdateImportSpec): ImportSpecCreated {
  return {
    id: data.id,
    name: data.name,
    description: data.description,
    kind: data.kind,
    mapping: data.mapping,
    valueMappings: data.valueMappings,
    removeMissing: data.removeMissing,
    acceptConflicts: data.acceptConflicts,
    source: data.source,
    timeZone: data.timeZone,
    schedule: data.schedule,
  };
}

const same = (a: ImportSpecCreated, b: ImportSpecCreated) => canonical(a) === canonical(b);

/** A saved import: created, changed as a whole (saving it unchanged writes nothing), deleted. */
export const importSpecDecider: Decider<ImportSpecCommand, ImportSpecState, ImportSpecEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'ImportSpecCreated':
        return { status: 'live', definition: event.data };
      case 'ImportSpecUpdated':
        return state.status === 'live' ? { ...state, definition: event.data } : state;
      case 'ImportSpecDeleted':
        return { status: 'deleted' };
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown saved import event ${String(unexpected)}`);
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateImportSpec': {
        const definition = definitionOf(command.data);
        if (state.status === 'live' && same(state.definition, definition)) return [];
        if (state.status !== 'none') throw new DomainRuleError('This saved import exists already.');
        return [{ type: 'ImportSpecCreated', data: definition }];
      }
      case 'UpdateImportSpec': {
        if (state.status !== 'live') throw new NotFoundError(NOT_FOUND);
        const definition = definitionOf(command.data);
        return same(state.definition, definition)
          ? []
          : [{ type: 'ImportSpecUpdated', data: definition }];
      }
      case 'DeleteImportSpec':
        if (state.status === 'deleted') return [];
        if (state.status !== 'live') throw new NotFoundError(NOT_FOUND);
        return [{ type: 'ImportSpecDeleted', data: { id: command.data.id } }];
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown saved import command ${String(unexpected)}`);
      }
    }
  },
};
