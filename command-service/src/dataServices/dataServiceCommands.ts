import {
  CreateDataService,
  DeleteDataService,
  RunDataService,
  UpdateDataService,
  dataServiceStream,
  uniqueKey,
  uniqueStreamId,
  type EventStore,
} from '@allot/shared-events';
import { assertCan } from '../authorization/ability.js';
import { defineCommand, type RunnableCommand } from '../commandHandling/commandDefinition.js';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { DomainRuleError } from '../errors/errors.js';
import {
  writeWithReservedName,
  type NamePlan,
  type NameReservation,
} from '../resources/reservedNames.js';
import {
  dataServiceDecider,
  type CreateDataServiceCommand,
  type DataServiceEvent,
  type DataServiceState,
  type DeleteDataServiceCommand,
  type RunDataServiceCommand,
  type UpdateDataServiceCommand,
} from './decider.js';
import { exportedReport, loadRunPlan } from './runPlan.js';

const SUBJECT = 'DataServices';
const RESERVED_AS = 'dataService';

/** A name once among live data services, case and spacing ignored. */
export function dataServiceNameReservation(name: string): NameReservation {
  const key = uniqueKey(['name'], { name }, { ignoreSpacing: true });
  if (key === null) throw new Error('A data service always has a name');
  return {
    streamId: uniqueStreamId(RESERVED_AS, ['name'], key),
    fields: ['name'],
    message: 'A data service with this name exists already.',
  };
}

async function loadState(store: EventStore, id: string): Promise<DataServiceState> {
  return (await loadAggregate(store, dataServiceDecider, dataServiceStream(id))).state;
}

const heldBy = (state: DataServiceState): NameReservation | null =>
  state.status === 'live' ? dataServiceNameReservation(state.definition.name) : null;

/** The saved report a definition names must exist and be exportable (422). */
async function assertExportable(store: EventStore, savedReportId: string): Promise<void> {
  if (!(await exportedReport(store, savedReportId))) {
    throw new DomainRuleError('There is no such saved report to export.');
  }
}

const writeWithName = writeWithReservedName(RESERVED_AS);

export const createDataServiceCommand = defineCommand<
  CreateDataServiceCommand,
  DataServiceState,
  DataServiceEvent
>({
  name: 'CreateDataService',
  schema: CreateDataService,
  decider: dataServiceDecider,
  streamId: (payload) => dataServiceStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
  async load(store, payload): Promise<NamePlan> {
    await assertExportable(store, payload.savedReportId);
    const state = await loadState(store, payload.id);
    // A retried create keeps its own name.
    return { held: heldBy(state), wanted: dataServiceNameReservation(payload.name) };
  },
  write: writeWithName,
});

export const updateDataServiceCommand = defineCommand<
  UpdateDataServiceCommand,
  DataServiceState,
  DataServiceEvent
>({
  name: 'UpdateDataService',
  schema: UpdateDataService,
  decider: dataServiceDecider,
  streamId: (payload) => dataServiceStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'update', SUBJECT),
  // Not found first (the decider's 404), then the report and the name.
  async load(store, payload): Promise<NamePlan> {
    const state = await loadState(store, payload.id);
    if (state.status !== 'live') return { held: null, wanted: null };
    await assertExportable(store, payload.savedReportId);
    return { held: heldBy(state), wanted: dataServiceNameReservation(payload.name) };
  },
  write: writeWithName,
});

export const deleteDataServiceCommand = defineCommand<
  DeleteDataServiceCommand,
  DataServiceState,
  DataServiceEvent
>({
  name: 'DeleteDataService',
  schema: DeleteDataService,
  decider: dataServiceDecider,
  streamId: (payload) => dataServiceStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'delete', SUBJECT),
  async load(store, payload): Promise<NamePlan> {
    return { held: heldBy(await loadState(store, payload.id)), wanted: null };
  },
  write: writeWithName,
});

/** Running one is changing nothing but its run history: `update` on DataServices. */
export const runDataServiceCommand = defineCommand<
  RunDataServiceCommand,
  DataServiceState,
  DataServiceEvent
>({
  name: 'RunDataService',
  schema: RunDataService,
  decider: dataServiceDecider,
  streamId: (payload) => dataServiceStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'update', SUBJECT),
  async load(store, payload) {
    const plan = await loadRunPlan(store, payload.id);
    return { reportType: plan?.report?.reportType ?? null };
  },
});

export const dataServiceCommands: readonly RunnableCommand[] = [
  createDataServiceCommand,
  updateDataServiceCommand,
  deleteDataServiceCommand,
  runDataServiceCommand,
];
