import type {
  FinishImportRun,
  ImportRunFinished,
  ImportRunStarted,
  StartImportRun,
} from '@allot/shared-events';
import type { Command, Decider, DomainEvent } from '../../commandHandling/decider.js';
import { DomainRuleError, NotFoundError } from '../../errors/errors.js';

export type ImportRunCommand =
  Command<'StartImportRun', StartImportRun> | Command<'FinishImportRun', FinishImportRun>;

export type ImportRunEvent =
  | DomainEvent<'ImportRunStarted', ImportRunStarted>
  | DomainEvent<'ImportRunFinished', ImportRunFinished>;

export type ImportRunState =
  | { status: 'none' }
  | { status: 'running'; started: ImportRunStarted }
  | { status: 'finished'; started: ImportRunStarted; finished: ImportRunFinished };

/**
 * An import run: started once, finished once. Starting it again (a retried request) and
 * finishing a finished run change nothing, so a job retried after a crash cannot write twice.
 */
export const importRunDecider: Decider<ImportRunCommand, ImportRunState, ImportRunEvent> = {
  initialState: { status: 'none' },
  decide(command, state) {
    switch (command.type) {
      case 'StartImportRun':
        return state.status === 'none' ? [{ type: 'ImportRunStarted', data: command.data }] : [];
      case 'FinishImportRun':
        if (state.status === 'none') throw new NotFoundError('There is no such import run.');
        if (state.status === 'finished') {
          throw new DomainRuleError('This import run has finished already.');
        }
        return [{ type: 'ImportRunFinished', data: command.data }];
      default: {
        const _unexpected: never = command;
        return [];
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ImportRunStarted':
        return { status: 'running', started: event.data };
      case 'ImportRunFinished':
        return state.status === 'running'
          ? { status: 'finished', started: state.started, finished: event.data }
          : state;
      default: {
        const _unexpected: never = event;
        return state;
      }
    }
  },
};
