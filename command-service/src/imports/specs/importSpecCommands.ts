import {
  CreateImportSpec,
  DeleteImportSpec,
  UpdateImportSpec,
  importSpecStream,
  uniqueKey,
  uniqueStreamId,
  type EventStore,
} from '@allot/shared-events';
import { assertCan } from '../../authorization/ability.js';
import { defineCommand, type RunnableCommand } from '../../commandHandling/commandDefinition.js';
import { loadAggregate } from '../../commandHandling/handleCommand.js';
import {
  writeWithReservedName,
  type NamePlan,
  type NameReservation,
} from '../../resources/reservedNames.js';
import {
  importSpecDecider,
  type CreateImportSpecCommand,
  type DeleteImportSpecCommand,
  type ImportSpecEvent,
  type ImportSpecState,
  type UpdateImportSpecCommand,
} from './decider.js';

/** Saved imports are data services' kin: whoever may use data services keeps them. */
const SUBJECT = 'DataServices';
const RESERVED_AS = 'importSpec';

/** A name once among live saved imports, case and spacing ignored. */
export function importSpecNameReservation(name: string): NameReservation {
  const key = uniqueKey(['name'], { name }, { ignoreSpacing: true });
  if (key === null) throw new Error('A saved import always has a name');
  return {
    streamId: uniqueStreamId(RESERVED_AS, ['name'], key),
    fields: ['name'],
    message: 'A saved import with this name exists already.',
  };
}

export async function loadImportSpec(store: EventStore, id: string): Promise<ImportSpecState> {
  return (await loadAggregate(store, importSpecDecider, importSpecStream(id))).state;
}

const heldBy = (state: ImportSpecState): NameReservation | null =>
  state.status === 'live' ? importSpecNameReservation(state.definition.name) : null;

const writeWithName = writeWithReservedName(RESERVED_AS);

export const createImportSpecCommand = defineCommand<
  CreateImportSpecCommand,
  ImportSpecState,
  ImportSpecEvent
>({
  name: 'CreateImportSpec',
  schema: CreateImportSpec,
  decider: importSpecDecider,
  streamId: (payload) => importSpecStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
  async load(store, payload): Promise<NamePlan> {
    const state = await loadImportSpec(store, payload.id);
    return { held: heldBy(state), wanted: importSpecNameReservation(payload.name) };
  },
  write: writeWithName,
});

export const updateImportSpecCommand = defineCommand<
  UpdateImportSpecCommand,
  ImportSpecState,
  ImportSpecEvent
>({
  name: 'UpdateImportSpec',
  schema: UpdateImportSpec,
  decider: importSpecDecider,
  streamId: (payload) => importSpecStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'update', SUBJECT),
  async load(store, payload): Promise<NamePlan> {
    const state = await loadImportSpec(store, payload.id);
    if (state.status !== 'live') return { held: null, wanted: null };
    return { held: heldBy(state), wanted: importSpecNameReservation(payload.name) };
  },
  write: writeWithName,
});

export const deleteImportSpecCommand = defineCommand<
  DeleteImportSpecCommand,
  ImportSpecState,
  ImportSpecEvent
>({
  name: 'DeleteImportSpec',
  schema: DeleteImportSpec,
  decider: importSpecDecider,
  streamId: (payload) => importSpecStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'delete', SUBJECT),
  async load(store, payload): Promise<NamePlan> {
    return { held: heldBy(await loadImportSpec(store, payload.id)), wanted: null };
  },
  write: writeWithName,
});

export const importSpecCommands: readonly RunnableCommand[] = [
  createImportSpecCommand,
  updateImportSpecCommand,
  deleteImportSpecCommand,
];
