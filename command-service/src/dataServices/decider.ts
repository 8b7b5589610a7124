import {
  canonical,
  type CreateDataService,
  type DataServiceCreated,
  type DataServiceDeleted,
  type DataServiceRunStarted,
  type DataServiceUpdated,
  type DeleteDataService,
  type QueryableReportType,
  type RunDataService,
  type UpdateDataService,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../errors/errors.js';
import type { Planned } from '../resources/reservedNames.js';

export type CreateDataServiceCommand = Planned<Command<'CreateDataService', CreateDataService>>;
export type UpdateDataServiceCommand = Planned<Command<'UpdateDataService', UpdateDataService>>;
export type DeleteDataServiceCommand = Planned<Command<'DeleteDataService', DeleteDataService>>;
/** A run names the report type it writes (`load` reads it from the saved report). */
export type RunDataServiceCommand = Command<'RunDataService', RunDataService> & {
  readonly context?: { reportType: QueryableReportType | null };
};
export type DataServiceCommand =
  | CreateDataServiceCommand
  | UpdateDataServiceCommand
  | DeleteDataServiceCommand
  | RunDataServiceCommand;

export type DataServiceEvent =
  | DomainEvent<'DataServiceCreated', DataServiceCreated>
  | DomainEvent<'DataServiceUpdated', DataServiceUpdated>
  | DomainEvent<'DataServiceDeleted', DataServiceDeleted>
  | DomainEvent<'DataServiceRunStarted', DataServiceRunStarted>;

export type DataServiceState =
  | { status: 'none' }
  | { status: 'live'; definition: DataServiceCreated; runIds: readonly string[] }
  | { status: 'deleted' };

const NOT_FOUND = 'There is no such data service.';

function definitionOf(data: CreateDataService | UpdateDataService): DataServiceCreated {
  return {
    id: data.id,
    name: data.name,
    description: data.description,
    savedReportId: data.savedReportId,
    format: data.format,
    timeZone: data.timeZone,
    schedule: data.schedule,
  };
}

/** The same definition, whatever order its keys (as stored) or weekdays were given in. */
function sameDefinition(a: DataServiceCreated, b: DataServiceCreated): boolean {
  const text = (d: DataServiceCreated) =>
    canonical({
      ...d,
      schedule: d.schedule && {
        ...d.schedule,
        weekdays: d.schedule.weekdays && [...new Set(d.schedule.weekdays)].sort(),
      },
    });
  return text(a) === text(b);
}

/**
 * A data service: created, changed as a whole, run (each run recorded with what started it, who
 * in the event's metadata) and deleted. A run's id is its export's, so a run sent twice is one.
 */
export const dataServiceDecider: Decider<DataServiceCommand, DataServiceState, DataServiceEvent> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    switch (event.type) {
      case 'DataServiceCreated':
        return { status: 'live', definition: event.data, runIds: [] };
      case 'DataServiceUpdated':
        return state.status === 'live' ? { ...state, definition: event.data } : state;
      case 'DataServiceDeleted':
        return { status: 'deleted' };
      case 'DataServiceRunStarted':
        return state.status === 'live'
          ? { ...state, runIds: [...state.runIds, event.data.runId] }
          : state;
      default: {
        const unexpected: never = event;
        throw new Error(`Unknown data service event ${String(unexpected)}`);
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateDataService': {
        const definition = definitionOf(command.data);
        if (state.status === 'live' && sameDefinition(state.definition, definition)) return [];
        if (state.status !== 'none') {
          throw new DomainRuleError('This data service was created already.');
        }
        return [{ type: 'DataServiceCreated', data: definition }];
      }
      case 'UpdateDataService': {
        if (state.status !== 'live') throw new NotFoundError(NOT_FOUND);
        const definition = definitionOf(command.data);
        if (sameDefinition(state.definition, definition)) return [];
        return [{ type: 'DataServiceUpdated', data: definition }];
      }
      case 'DeleteDataService':
        if (state.status === 'deleted') return [];
        if (state.status !== 'live') throw new NotFoundError(NOT_FOUND);
        return [{ type: 'DataServiceDeleted', data: { id: command.data.id } }];
      case 'RunDataService': {
        if (state.status !== 'live') throw new NotFoundError(NOT_FOUND);
        if (state.runIds.includes(command.data.runId)) return [];
        const reportType = command.context?.reportType;
        if (!reportType) {
          throw new DomainRuleError(
            'The report this data service exports has been deleted: choose another report.',
          );
        }
        return [
          {
            type: 'DataServiceRunStarted',
            data: { ...command.data, reportType },
          },
        ];
      }
      default: {
        const unexpected: never = command;
        throw new Error(`Unknown data service command ${String(unexpected)}`);
      }
    }
  },
};
