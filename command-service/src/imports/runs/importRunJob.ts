import {
  IMPORT_PROBLEMS_KEPT,
  IMPORT_WRITES_PER_NOTE,
  ImportRunJobData,
  type EventStore,
  type FinishImportRun,
} from '@allot/shared-events';
import type { AppAbility } from '../../authorization/ability.js';
import type { CommandBus } from '../../commandHandling/commandBus.js';
import type { JobContext } from '../../jobs/port.js';
import { planImport, sourceRowsOf } from '../planImport.js';
import { runImport } from '../runImport.js';
import { loadImportWorld } from '../world.js';

export interface ImportRunJobDeps {
  bus: CommandBus;
  store: EventStore;
  /** The abilities a user holds now (null: none, e.g. deactivated). */
  abilityOf(userId: string): Promise<AppAbility | null>;
}

/** Progress goes to the browser at most this often (a run of 40,000 records reports ~100 times). */
const PROGRESS_EVERY_MS = 250;

const NOTHING = {
  created: 0,
  updated: 0,
  unchanged: 0,
  refused: 0,
  removed: 0,
  notRun: 0,
  problems: [],
  problemCount: 0,
};

/** Records a started run's end as the person it runs as (a failure with nothing done). */
export function finishRun(
  deps: Pick<ImportRunJobDeps, 'bus'>,
  runId: string,
  actorId: string,
  ability: AppAbility | null,
  end: Omit<FinishImportRun, 'id'>,
) {
  return deps.bus.execute(
    'FinishImportRun',
    { id: runId, ...end },
    { actorId, correlationId: runId, ...(ability ? { ability } : {}) },
  );
}

export function failedRun(reason: string): Omit<FinishImportRun, 'id'> {
  return { ...NOTHING, status: 'failed', reason: reason.slice(0, 2000) };
}

/**
 * A started run to its recorded end: plans the file again against Allot as it stands now and
 * runs the plan as `ctx.ownerId`, with the rights they hold now; reports records done out of all;
 * stops between records when asked. Its end is recorded on the run (counts, problems, why).
 */
export async function executeImportRun(
  deps: ImportRunJobDeps,
  data: ImportRunJobData,
  ctx: Pick<JobContext, 'ownerId' | 'reportProgress' | 'signal'>,
) {
  const ability = await deps.abilityOf(ctx.ownerId);
  const finish = (end: Omit<FinishImportRun, 'id'>) =>
    finishRun(deps, data.runId, ctx.ownerId, ability, end);
  if (!ability) {
    await finish(failedRun('The person who started this import may no longer import.'));
    return { runId: data.runId, status: 'failed' };
  }
  const options = { actorId: ctx.ownerId, correlationId: data.runId };
  try {
    const source = sourceRowsOf(data.kind, data.table, data.mapping, data.valueMappings);
    const plan = await planImport(data.kind, source, await loadImportWorld(deps.store), ability, {
      removeMissing: data.removeMissing,
      acceptConflicts: data.acceptConflicts,
    });
    if (plan.problems.length > 0) {
      await finish({
        ...failedRun('The file’s columns do not fit this kind of import.'),
        problems: plan.problems.slice(0, IMPORT_PROBLEMS_KEPT),
        problemCount: plan.problems.length,
      });
      return { runId: data.runId, status: 'failed' };
    }
    let last = 0;
    await ctx.reportProgress({ runId: data.runId, done: 0, total: plan.records.length });
    const outcome = await runImport(plan.records, {
      bus: deps.bus,
      ability,
      ...options,
      signal: ctx.signal,
      onProgress: (done, total) => {
        const now = Date.now();
        if (now - last < PROGRESS_EVERY_MS && done < total) return;
        last = now;
        void ctx.reportProgress({ runId: data.runId, done, total });
      },
    });
    // What it wrote, for an undo, before its end (a finished run takes no more notes).
    for (let at = 0; at < outcome.written.length; at += IMPORT_WRITES_PER_NOTE) {
      await deps.bus.execute(
        'NoteImportRunWrites',
        { id: data.runId, streams: outcome.written.slice(at, at + IMPORT_WRITES_PER_NOTE) },
        { ...options, ability },
      );
    }
    const status = ctx.signal.aborted && outcome.notRun > 0 ? 'stopped' : 'done';
    await finish({
      status,
      created: outcome.created,
      updated: outcome.updated,
      unchanged: outcome.unchanged,
      refused: outcome.refused,
      removed: outcome.removed,
      notRun: outcome.notRun,
      problems: outcome.problems.slice(0, IMPORT_PROBLEMS_KEPT),
      problemCount: outcome.problems.length,
      reason: status === 'stopped' ? 'Stopped before every record was imported.' : null,
    });
    return { runId: data.runId, status, ...outcome, problems: undefined, written: undefined };
  } catch (err) {
    await finish(failedRun((err as Error).message));
    throw err;
  }
}

/** The `importRun` job: a run started from an uploaded file (POST /api/imports/runs). */
export function createImportRunJob(deps: ImportRunJobDeps) {
  return async function importRunJob(ctx: JobContext) {
    return executeImportRun(deps, ImportRunJobData.parse(ctx.data), ctx);
  };
}
