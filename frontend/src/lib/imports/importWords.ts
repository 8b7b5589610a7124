import { Intent } from '@blueprintjs/core';
import type { ImportProblem } from '@allot/shared-events/browser';

// Words shared by every import's screens (Data Services' imports, effort imports).

/** What a run would do to a record, in words, and its colour. */
export const ACTION_LABELS = {
  create: 'To create',
  update: 'To update',
  unchanged: 'Unchanged',
  refused: 'Refused',
  missing: 'Not in the file',
  remove: 'To remove',
} as const;
export const ACTION_INTENTS = {
  create: Intent.SUCCESS,
  update: Intent.PRIMARY,
  unchanged: Intent.NONE,
  refused: Intent.DANGER,
  missing: Intent.WARNING,
  remove: Intent.WARNING,
} as const;

export const RUN_STATUS_LABELS = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  stopped: 'Stopped',
  undone: 'Undone',
} as const;
export const RUN_STATUS_INTENTS = {
  running: Intent.PRIMARY,
  done: Intent.SUCCESS,
  failed: Intent.DANGER,
  stopped: Intent.WARNING,
  undone: Intent.NONE,
} as const;

/** "Row 4, Capacity: "lots" is not a number."; a record no row names: the reason alone. */
export function problemText(problem: ImportProblem): string {
  if (problem.row <= 0) {
    return problem.column ? `${problem.column}: ${problem.message}` : problem.message;
  }
  const where = problem.column ? `Row ${problem.row}, ${problem.column}` : `Row ${problem.row}`;
  return `${where}: ${problem.message}`;
}
