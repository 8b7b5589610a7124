import type { AppAbility } from '../authorization/ability.js';
import type { CommandBus } from '../commandHandling/commandBus.js';
import type { PlannedRecord, Problem } from './plan/rows.js';
import { streamOfCommand } from './streams.js';

/** How many records are imported side by side (a record's own commands run in order). */
const LANES = 4;

export interface ImportRunOptions {
  bus: CommandBus;
  ability: AppAbility;
  actorId: string;
  /** Every event of the run carries it: the run is one entry in the log. */
  correlationId: string;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

export interface ImportRunOutcome {
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
  /** Records missing from the file that were removed. */
  removed: number;
  /** Records not reached because the run was stopped. */
  notRun: number;
  problems: Problem[];
  /** The streams it wrote, in the order it first wrote them (what an undo reverses). */
  written: string[];
}

/**
 * Runs a plan's commands through the command bus as the user who runs it: every rule,
 * uniqueness check and right applies as if they typed each record, and a record Allot refuses
 * is reported with its rows and Allot's words while the others go on. Stopping ends the run
 * after the records under way.
 */
export async function runImport(
  planned: readonly PlannedRecord[],
  options: ImportRunOptions,
): Promise<ImportRunOutcome> {
  // Missing from the file and kept: the preview said so, and there is nothing to do.
  const records = planned.filter((r) => r.action !== 'missing');
  const outcome: ImportRunOutcome = {
    created: 0,
    updated: 0,
    unchanged: 0,
    refused: 0,
    removed: 0,
    notRun: 0,
    problems: [],
    written: [],
  };
  const writtenOnce = new Set<string>();
  let next = 0;
  let done = 0;
  const work = async (record: PlannedRecord) => {
    if (record.action === 'unchanged') {
      outcome.unchanged += 1;
      return;
    }
    if (record.action === 'refused') {
      outcome.refused += 1;
      outcome.problems.push(...record.problems);
      return;
    }
    try {
      for (const command of record.commands) {
        const stream = streamOfCommand(command.name, command.payload);
        // Noted before it is sent: a command that fails after writing is undone all the same.
        if (!writtenOnce.has(stream)) {
          writtenOnce.add(stream);
          outcome.written.push(stream);
        }
        await options.bus.execute(command.name, command.payload, {
          ability: options.ability,
          actorId: options.actorId,
          correlationId: options.correlationId,
        });
      }
      if (record.action === 'create') outcome.created += 1;
      else if (record.action === 'remove') outcome.removed += 1;
      else outcome.updated += 1;
    } catch (err) {
      outcome.refused += 1;
      outcome.problems.push({
        row: record.rows[0] ?? 0,
        column: null,
        message: `${record.key}: ${(err as Error).message}`,
      });
    }
  };
  const worker = async () => {
    while (next < records.length && !options.signal?.aborted) {
      const record = records[next++]!;
      await work(record);
      done += 1;
      options.onProgress?.(done, records.length);
    }
  };
  await Promise.all(Array.from({ length: LANES }, worker));
  outcome.notRun = records.length - done;
  return outcome;
}
