import type {
  HistoryApiKeyAnswer,
  HistoryCloneAnswer,
  HistoryImportAnswer,
  HistoryPersonAnswer,
} from '../readApi/history.js';

/**
 * How a change's words name what it refers to — people, records, API keys — wherever the change
 * is read: the history panels read names from the records' streams, the change feed from the
 * plan's history. The words themselves (changeDisplay.ts and the kinds' describers) are shared.
 */

/** A user as a history row names them. */
export type HistoryPerson = HistoryPersonAnswer;

/** The API key a change was made through: its name and who created it. */
export type HistoryApiKey = HistoryApiKeyAnswer;

/** Who a user id is, for the panel; null when no such user was ever recorded. */
export type PersonLookup = (userId: string) => Promise<HistoryPerson | null>;

/** What a record was last called, read from its own stream (deleted records keep their name). */
export interface HistoryNames {
  person: PersonLookup;
  /** The record's `labelField` (default `name`) of the kind at API path `path`, or null. */
  record(path: string, id: string, labelField?: string): Promise<string | null>;
  apiKey(id: string): Promise<HistoryApiKey | null>;
  /** The import run of this id (a saved import's name then, the file); null when none. */
  importRun(id: string): Promise<Pick<HistoryImportAnswer, 'name' | 'fileName'> | null>;
  /** The clone of this id (its periods' names); null when none. Absent: clones are not named. */
  clone?(id: string): Promise<Omit<HistoryCloneAnswer, 'cloneId'> | null>;
}

/** The prefix of an undo's correlation id: `undo-<run id>` (the run's own events: `<run id>`). */
export const IMPORT_UNDO_CORRELATION = 'undo-';

/**
 * The import a change came from, by its event's correlation id: the run itself or its undo.
 * Null when the id is no import run's (every other command has a correlation id of its own).
 */
export async function importOfCorrelation(
  correlationId: string | null | undefined,
  names: Pick<HistoryNames, 'importRun'>,
): Promise<HistoryImportAnswer | null> {
  if (!correlationId) return null;
  const undo = correlationId.startsWith(IMPORT_UNDO_CORRELATION);
  const runId = undo ? correlationId.slice(IMPORT_UNDO_CORRELATION.length) : correlationId;
  const run = await names.importRun(runId);
  return run ? { runId, ...run, undo } : null;
}

/** What a reference to a record never recorded reads as (no id is ever shown). */
export const UNKNOWN_RECORD = '(unknown)';
