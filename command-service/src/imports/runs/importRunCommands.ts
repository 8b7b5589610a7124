import {
  EndImportUndo,
  FinishImportRun,
  NoteImportRunWrites,
  StartImportRun,
  importRunStream,
} from '@allot/shared-events';
import { assertCan } from '../../authorization/ability.js';
import { defineCommand, type RunnableCommand } from '../../commandHandling/commandDefinition.js';
import {
  importRunDecider,
  type ImportRunCommand,
  type ImportRunEvent,
  type ImportRunState,
} from './decider.js';

/** Imports live in Data Services: whoever may create a data service may import. */
const SUBJECT = 'DataServices';

type Start = Extract<ImportRunCommand, { type: 'StartImportRun' }>;
type Finish = Extract<ImportRunCommand, { type: 'FinishImportRun' }>;
type Note = Extract<ImportRunCommand, { type: 'NoteImportRunWrites' }>;
type EndUndo = Extract<ImportRunCommand, { type: 'EndImportUndo' }>;

export const startImportRunCommand = defineCommand<Start, ImportRunState, ImportRunEvent>({
  name: 'StartImportRun',
  schema: StartImportRun,
  decider: importRunDecider,
  streamId: (payload) => importRunStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
});

export const finishImportRunCommand = defineCommand<Finish, ImportRunState, ImportRunEvent>({
  name: 'FinishImportRun',
  schema: FinishImportRun,
  decider: importRunDecider,
  streamId: (payload) => importRunStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
});

export const noteImportRunWritesCommand = defineCommand<Note, ImportRunState, ImportRunEvent>({
  name: 'NoteImportRunWrites',
  schema: NoteImportRunWrites,
  decider: importRunDecider,
  streamId: (payload) => importRunStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
});

export const endImportUndoCommand = defineCommand<EndUndo, ImportRunState, ImportRunEvent>({
  name: 'EndImportUndo',
  schema: EndImportUndo,
  decider: importRunDecider,
  streamId: (payload) => importRunStream(payload.id),
  entityId: (payload) => payload.id,
  permit: (ability) => assertCan(ability, 'create', SUBJECT),
});

export const importRunCommands: readonly RunnableCommand[] = [
  startImportRunCommand,
  noteImportRunWritesCommand,
  finishImportRunCommand,
  endImportUndoCommand,
];
