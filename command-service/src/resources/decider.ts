import type { ResourceDefinition, ResourceRecord } from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import { canonical } from './canonicalJson.js';

export type ResourceCommandKind = 'create' | 'update' | 'delete' | 'deactivate';

/**
 * Every resource command carries the record's id (server-generated on create); its context is
 * what the command service read for the steps around the write (the decider does not read it).
 */
export type ResourceCommand<Context = unknown> = Command<string, ResourceRecord> & {
  readonly kind: ResourceCommandKind;
  readonly context?: Context;
};
export type ResourceEvent = DomainEvent<string, ResourceRecord>;

export type ResourceState =
  | { status: 'absent' }
  | { status: 'live'; record: ResourceRecord }
  | { status: 'deleted'; record: ResourceRecord };

// Stored events come back from jsonb with their object keys in another order.
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

function completed(definition: ResourceDefinition, record: ResourceRecord): ResourceRecord {
  const next = definition.derive ? definition.derive(record) : record;
  const broken = definition.validate?.(next);
  if (broken) throw new DomainRuleError(broken);
  return next;
}

function live(state: ResourceState, id: string): ResourceRecord {
  if (state.status !== 'live') throw new NotFoundError(`No record with id ${id}.`);
  return state.record;
}

/** The generic pure decider of one resource: create, update (changed fields only), delete. */
export function resourceDecider(
  definition: ResourceDefinition,
): Decider<ResourceCommand, ResourceState, ResourceEvent> {
  const types = definition.eventTypes;
  return {
    initialState: { status: 'absent' },
    evolve(state, event) {
      const { id } = event.data;
      const data = () => (definition.upcast ? definition.upcast(event.data) : event.data);
      switch (event.type) {
        case types.created:
          return { status: 'live', record: data() };
        case types.updated:
          return state.status === 'live'
            ? { status: 'live', record: { ...state.record, ...data() } }
            : state;
        case types.deactivated:
          return state.status === 'live'
            ? { status: 'live', record: { ...state.record, isActive: false } }
            : state;
        case types.deleted:
          return { status: 'deleted', record: state.status === 'absent' ? { id } : state.record };
        default:
          return state;
      }
    },
    decide(command, state) {
      const { id } = command.data;
      switch (command.kind) {
        case 'create': {
          if (state.status !== 'absent') throw new DomainRuleError('This record already exists.');
          return [{ type: types.created, data: completed(definition, command.data) }];
        }
        case 'update': {
          const current = live(state, id);
          const next = completed(definition, { ...current, ...command.data });
          const changes = Object.keys(next).filter((k) => k !== 'id' && !same(next[k], current[k]));
          if (changes.length === 0) return [];
          const data: ResourceRecord = { id };
          for (const k of changes) data[k] = next[k];
          return [{ type: types.updated, data }];
        }
        case 'deactivate': {
          const current = live(state, id);
          if (!types.deactivated || current.isActive === false) return [];
          return [{ type: types.deactivated, data: { id } }];
        }
        case 'delete':
          live(state, id);
          return [{ type: types.deleted, data: { id } }];
        default: {
          const unexpected: never = command.kind;
          throw new Error(`Unknown resource command ${String(unexpected)}`);
        }
      }
    },
  };
}
