import {
  FinishEffortImport,
  RecordEffortLines,
  ReclassifyEffortLines,
  StartEffortImport,
  UndoEffortImport,
  effortImportStream,
  effortLineBatchStream,
} from '@allot/shared-events';
import { assertCan } from '../../authorization/ability.js';
import { defineCommand, type RunnableCommand } from '../../commandHandling/commandDefinition.js';
import { loadAggregate } from '../../commandHandling/handleCommand.js';
import { DomainRuleError, NotFoundError } from '../../errors/errors.js';
import {
  effortImportDecider,
  effortLineBatchDecider,
  type EffortImportCommand,
  type EffortImportEvent,
  type EffortImportState,
  type EffortLineBatchCommand,
  type EffortLineBatchEvent,
} from './decider.js';

/** EffortImport (spec §6): effort managers import and undo; admins and contributors read. */
const SUBJECT = 'EffortImport';

type Of<T extends EffortImportCommand['type']> = Extract<EffortImportCommand, { type: T }>;

/** The steps every command on an import's own stream shares. */
const onImport = {
  decider: effortImportDecider,
  streamId: (payload: { id: string }) => effortImportStream(payload.id),
  entityId: (payload: { id: string }) => payload.id,
  permit: (ability: Parameters<typeof assertCan>[0]) => assertCan(ability, 'create', SUBJECT),
};

export const startEffortImportCommand = defineCommand<
  Of<'StartEffortImport'>,
  EffortImportState,
  EffortImportEvent
>({ name: 'StartEffortImport', schema: StartEffortImport, ...onImport });

export const finishEffortImportCommand = defineCommand<
  Of<'FinishEffortImport'>,
  EffortImportState,
  EffortImportEvent
>({ name: 'FinishEffortImport', schema: FinishEffortImport, ...onImport });

export const undoEffortImportCommand = defineCommand<
  Of<'UndoEffortImport'>,
  EffortImportState,
  EffortImportEvent
>({ name: 'UndoEffortImport', schema: UndoEffortImport, ...onImport });

export const reclassifyEffortLinesCommand = defineCommand<
  Of<'ReclassifyEffortLines'>,
  EffortImportState,
  EffortImportEvent
>({ name: 'ReclassifyEffortLines', schema: ReclassifyEffortLines, ...onImport });

/** A batch of a running import's lines; a dry run or an ended import takes none. */
export const recordEffortLinesCommand = defineCommand<
  EffortLineBatchCommand,
  { recorded: boolean },
  EffortLineBatchEvent
>({
  name: 'RecordEffortLines',
  schema: RecordEffortLines,
  decider: effortLineBatchDecider,
  streamId: (payload) => effortLineBatchStream(payload.importId, payload.batch),
  entityId: (payload) => `${payload.importId}-${payload.batch}`,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
  async load(store, payload) {
    const { state } = await loadAggregate(
      store,
      effortImportDecider,
      effortImportStream(payload.importId),
    );
    if (state.status === 'none') throw new NotFoundError('There is no such effort import.');
    if (state.status !== 'running') {
      throw new DomainRuleError('This effort import has ended: it takes no more lines.');
    }
    if (state.started.mode === 'dryRun') {
      throw new DomainRuleError('A dry run writes no lines.');
    }
  },
});

export const effortImportCommands: readonly RunnableCommand[] = [
  startEffortImportCommand,
  recordEffortLinesCommand,
  finishEffortImportCommand,
  undoEffortImportCommand,
  reclassifyEffortLinesCommand,
];
