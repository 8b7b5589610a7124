import type { AppAbility } from '../authorization/ability.js';
import type { CommandBus } from '../commandHandling/commandBus.js';
import type { PlannedRecord, Problem } from './plan/rows.js';
import { streamOfCommand } from './streams.js';
import { runSideBySide } from '../commandHandling/sideBySide.js';

/**
 * How many records are imported side by side (a record's own commands run in order). Each lane
 * holds one of the event store's pool connections at a time, now and then three (the server's
 * pool has 10 by default): 20,000 sections took 63 s with 4 lanes, 53 s with 8 and 55 s with 12
 * on 2 cores (docs/benchmarks.md).
 */
const LANES = 8;

/**
 * What a record's commands would meet other records' commands on: the streams they write, the
 * offering a section is registered in, the rooms of its meetings and the instructor it assigns
 * (their calendars). Two records sharing one are not run side by side: they would only make each
 * other read and check again (a file lists a course's sections one after the other).
 */
function meetingPoints(record: PlannedRecord): string[] {
  const points = new Set<string>();
  for (const { name, payload } of record.commands) {
    try {
      points.add(streamOfCommand(name, payload));
    } catch {
      // A command an import does not send: refused when its record runs.
    }
    if (typeof payload.CourseOfferingId === 'string') {
      points.add(`offering ${payload.CourseOfferingId}`);
    }
    if (typeof payload.UserId === 'string') points.add(`person ${payload.UserId}`);
    if (Array.isArray(payload.meetings)) {
      for (const meeting of payload.meetings as ({ LocationId?: unknown } | null)[]) {
        if (typeof meeting?.LocationId === 'string') points.add(`room ${meeting.LocationId}`);
      }
    }
  }
  return [...points];
}

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
  // A course's sections one after another; records that meet none under way side by side.
  const done = await runSideBySide(records, {
    lanes: LANES,
    pointsOf: meetingPoints,
    work,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onDone: options.onProgress } : {}),
  });
  // In the file's order, whichever lane came upon them.
  outcome.problems.sort((a, b) => a.row - b.row);
  outcome.notRun = records.length - done;
  return outcome;
}
