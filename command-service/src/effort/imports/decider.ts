import type {
  EffortImportFinished,
  EffortImportStarted,
  EffortImportUndone,
  EffortLineImported,
  EffortLinesReclassified,
  FinishEffortImport,
  RecordEffortLines,
  ReclassifyEffortLines,
  StartEffortImport,
  UndoEffortImport,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../../errors/errors.js';

export type EffortImportCommand =
  | Command<'StartEffortImport', StartEffortImport>
  | Command<'FinishEffortImport', FinishEffortImport>
  | Command<'UndoEffortImport', UndoEffortImport>
  | Command<'ReclassifyEffortLines', ReclassifyEffortLines>;

export type EffortImportEvent =
  | DomainEvent<'EffortImportStarted', EffortImportStarted>
  | DomainEvent<'EffortImportFinished', EffortImportFinished>
  | DomainEvent<'EffortImportUndone', EffortImportUndone>
  | DomainEvent<'EffortLinesReclassified', EffortLinesReclassified>;

export type EffortImportState =
  | { status: 'none' }
  | { status: 'running'; started: EffortImportStarted }
  | { status: 'finished' | 'undone'; started: EffortImportStarted; finished: EffortImportFinished };

const NO_IMPORT = 'There is no such effort import.';

/** Whether a finished import wrote lines that count (not a dry run, not a failure before any). */
export function wroteLines(state: EffortImportState): boolean {
  return (
    state.status === 'finished' &&
    state.started.mode !== 'dryRun' &&
    state.finished.status !== 'failed' &&
    state.finished.imported > 0
  );
}

/**
 * An effort import: started once (a retried start changes nothing), finished once, then undone
 * as a whole at most once. Only an import that wrote lines can be undone or re-classified; a dry
 * run never wrote any.
 */
export const effortImportDecider: Decider<
  EffortImportCommand,
  EffortImportState,
  EffortImportEvent
> = {
  initialState: { status: 'none' },
  decide(command, state) {
    switch (command.type) {
      case 'StartEffortImport':
        return state.status === 'none' ? [{ type: 'EffortImportStarted', data: command.data }] : [];
      case 'FinishEffortImport':
        if (state.status === 'none') throw new NotFoundError(NO_IMPORT);
        if (state.status !== 'running') {
          throw new DomainRuleError('This effort import has finished already.');
        }
        return [{ type: 'EffortImportFinished', data: command.data }];
      case 'UndoEffortImport':
        if (state.status === 'none') throw new NotFoundError(NO_IMPORT);
        if (state.status === 'running') {
          throw new DomainRuleError('This import is still running: stop it or wait for its end.');
        }
        if (state.status === 'undone') throw new DomainRuleError('This import is undone already.');
        if (!wroteLines(state)) {
          throw new DomainRuleError('This import wrote no lines, so there is nothing to undo.');
        }
        return [{ type: 'EffortImportUndone', data: command.data }];
      case 'ReclassifyEffortLines':
        if (state.status === 'none') throw new NotFoundError(NO_IMPORT);
        if (!wroteLines(state)) {
          throw new DomainRuleError('Only the lines of a finished import are classified again.');
        }
        return [{ type: 'EffortLinesReclassified', data: command.data }];
      default: {
        const _unexpected: never = command;
        return [];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'EffortImportStarted':
        return { status: 'running', started: event.data };
      case 'EffortImportFinished':
        return state.status === 'running'
          ? { status: 'finished', started: state.started, finished: event.data }
          : state;
      case 'EffortImportUndone':
        return state.status === 'finished' ? { ...state, status: 'undone' } : state;
      case 'EffortLinesReclassified':
        return state;
      default: {
        const _unexpected: never = event;
        return state;
      }
    }
  },
};

export type EffortLineBatchCommand = Command<'RecordEffortLines', RecordEffortLines>;
export type EffortLineBatchEvent = DomainEvent<'EffortLineImported', EffortLineImported>;

/**
 * One batch of an import's lines, in a stream of its own: written once, a line an event. A batch
 * sent again (a retried request after a lost answer) writes nothing more.
 */
export const effortLineBatchDecider: Decider<
  EffortLineBatchCommand,
  { recorded: boolean },
  EffortLineBatchEvent
> = {
  initialState: { recorded: false },
  decide(command, state) {
    switch (command.type) {
      case 'RecordEffortLines':
        if (state.recorded) return [];
        return command.data.lines.map((line) => ({
          type: 'EffortLineImported' as const,
          data: { ...line, importId: command.data.importId },
        }));
      default: {
        const _unexpected: never = command.type;
        return [];
      }
    }
  },
  evolve(_state, event) {
    switch (event.type) {
      case 'EffortLineImported':
        return { recorded: true };
      default: {
        const _unexpected: never = event.type;
        return { recorded: true };
      }
    }
  },
};
