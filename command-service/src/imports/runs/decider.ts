import type {
  EndImportUndo,
  FinishImportRun,
  ImportRunFinished,
  ImportRunStarted,
  ImportRunWritesNoted,
  ImportUndoEnded,
  NoteImportRunWrites,
  StartImportRun,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../../errors/errors.js';

export type ImportRunCommand =
  | Command<'StartImportRun', StartImportRun>
  | Command<'NoteImportRunWrites', NoteImportRunWrites>
  | Command<'FinishImportRun', FinishImportRun>
  | Command<'EndImportUndo', EndImportUndo>;

export type ImportRunEvent =
  | DomainEvent<'ImportRunStarted', ImportRunStarted>
  | DomainEvent<'ImportRunWritesNoted', ImportRunWritesNoted>
  | DomainEvent<'ImportRunFinished', ImportRunFinished>
  | DomainEvent<'ImportUndoEnded', ImportUndoEnded>;

export type ImportRunState =
  | { status: 'none' }
  | { status: 'running'; started: ImportRunStarted; streams: readonly string[] }
  | {
      status: 'finished' | 'undone';
      started: ImportRunStarted;
      streams: readonly string[];
      finished: ImportRunFinished;
    };

const NO_RUN = 'There is no such import run.';

/**
 * An import run: started once, its written streams noted while it runs, finished once, and
 * undone at most once. Starting it again (a retried request) changes nothing, so a job retried
 * after a crash cannot start twice; a finished run takes no more notes.
 */
export const importRunDecider: Decider<ImportRunCommand, ImportRunState, ImportRunEvent> = {
  initialState: { status: 'none' },
  decide(command, state) {
    switch (command.type) {
      case 'StartImportRun':
        return state.status === 'none' ? [{ type: 'ImportRunStarted', data: command.data }] : [];
      case 'NoteImportRunWrites':
        if (state.status === 'none') throw new NotFoundError(NO_RUN);
        if (state.status !== 'running') {
          throw new DomainRuleError('This import run has finished already.');
        }
        return [{ type: 'ImportRunWritesNoted', data: command.data }];
      case 'FinishImportRun':
        if (state.status === 'none') throw new NotFoundError(NO_RUN);
        if (state.status !== 'running') {
          throw new DomainRuleError('This import run has finished already.');
        }
        return [{ type: 'ImportRunFinished', data: command.data }];
      case 'EndImportUndo':
        if (state.status === 'none') throw new NotFoundError(NO_RUN);
        if (state.status === 'running') {
          throw new DomainRuleError('This import is still running: stop it or wait for its end.');
        }
        if (state.status === 'undone') throw new DomainRuleError('This import is undone already.');
        return [{ type: 'ImportUndoEnded', data: command.data }];
      default: {
        const _unexpected: never = command;
        return [];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ImportRunStarted':
        return { status: 'running', started: event.data, streams: [] };
      case 'ImportRunWritesNoted':
        return state.status === 'running'
          ? { ...state, streams: [...state.streams, ...event.data.streams] }
          : state;
      case 'ImportRunFinished':
        return state.status === 'running'
          ? {
              status: 'finished',
              started: state.started,
              streams: state.streams,
              finished: event.data,
            }
          : state;
      case 'ImportUndoEnded':
        return state.status === 'finished' && event.data.status === 'undone'
          ? { ...state, status: 'undone' }
          : state;
      default: {
        const _unexpected: never = event;
        return state;
      }
    }
  },
};
