import { randomUUID } from 'node:crypto';
import {
  EFFORT_LINES_PER_BATCH,
  EffortImportJobData,
  IMPORT_PROBLEMS_KEPT,
  effortPositions,
  type EffortLine,
  type EventStore,
  type FinishEffortImport,
} from '@allot/shared-events';
import type { AppAbility } from '../../authorization/ability.js';
import type { CommandBus } from '../../commandHandling/commandBus.js';
import type { JobContext } from '../../jobs/port.js';
import type { Problem } from '../../imports/plan/rows.js';
import { loadEffortWorld } from './effortWorld.js';
import { planEffortLines } from './planEffortLines.js';

export interface EffortImportJobDeps {
  bus: CommandBus;
  store: EventStore;
  /** The abilities a user holds now (null: none, e.g. deactivated). */
  abilityOf(userId: string): Promise<AppAbility | null>;
}

/** Progress goes to the browser at most this often. */
const PROGRESS_EVERY_MS = 250;

type End = Omit<FinishEffortImport, 'id'>;

const failed = (reason: string, problems: Problem[] = []): End => ({
  status: 'failed',
  imported: 0,
  refused: 0,
  positionsCreated: 0,
  notRun: 0,
  problems: problems.slice(0, IMPORT_PROBLEMS_KEPT),
  problemCount: problems.length,
  reason: reason.slice(0, 2000),
});

/**
 * A started effort import to its recorded end, as `ctx.ownerId` with the rights they hold now:
 * the file is planned again against Allot as it stands, positions nobody holds yet are created
 * (through the positions' own command, its rules applying), then the good lines are written in
 * batches — a line an event — with progress after each; Stop ends it between batches, the lines
 * written so far kept (and undone with the import). A dry run writes no line. Rows with problems
 * are never written; the end records every problem's count and the first thousand.
 */
export async function executeEffortImport(
  deps: EffortImportJobDeps,
  data: EffortImportJobData,
  ctx: Pick<JobContext, 'ownerId' | 'reportProgress' | 'signal'>,
) {
  const ability = await deps.abilityOf(ctx.ownerId);
  const options = { actorId: ctx.ownerId, correlationId: data.importId };
  const finish = (end: End) =>
    deps.bus.execute(
      'FinishEffortImport',
      { id: data.importId, ...end },
      { ...options, ...(ability ? { ability } : {}) },
    );
  if (!ability) {
    await finish(failed('The person who started this import may no longer import effort.'));
    return { importId: data.importId, status: 'failed' };
  }
  const run = { ...options, ability };
  try {
    const world = await loadEffortWorld(deps.store);
    const plan = planEffortLines(data.table, data.mapping, data.mode, data.payPeriodId, world);
    const problems: Problem[] = [...plan.problems];
    if (plan.lines.length === 0 && plan.problems.length > 0 && plan.refused === 0) {
      await finish(failed('The file’s columns do not fit an effort import.', problems));
      return { importId: data.importId, status: 'failed' };
    }
    const total = plan.lines.length;
    let last = 0;
    const progress = (done: number) => {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS && done < total) return;
      last = now;
      void ctx.reportProgress({ importId: data.importId, done, total });
    };
    await ctx.reportProgress({ importId: data.importId, done: 0, total });
    if (data.mode === 'dryRun') {
      await finish({
        status: 'done',
        imported: total,
        refused: plan.refused,
        positionsCreated: 0,
        notRun: 0,
        problems: problems.slice(0, IMPORT_PROBLEMS_KEPT),
        problemCount: problems.length,
        reason: null,
      });
      return { importId: data.importId, status: 'done', lines: total };
    }
    // The positions first: a line is written only once the position it is paid on exists.
    const created = new Map<string, string>();
    for (const position of plan.positionsToCreate) {
      const id = randomUUID();
      try {
        await deps.bus.execute(
          effortPositions.commandNames.create,
          {
            id,
            positionNumber: position.positionNumber,
            UserId: position.UserId,
            startDate: position.startDate,
            endDate: null,
            fte: position.fte,
            costCenter: position.costCenter,
            isActive: true,
          },
          run,
        );
        created.set(position.key, id);
      } catch (err) {
        problems.push({
          row: 0,
          column: 'Position',
          message: `Position ${position.positionNumber} could not be created: ${(err as Error).message}`,
        });
      }
    }
    const lines: EffortLine[] = [];
    let refused = plan.refused;
    for (const planned of plan.lines) {
      const { positionKey, ...line } = planned;
      const positionId = line.EffortPositionId ?? created.get(positionKey) ?? null;
      if (positionId === null) {
        refused += 1;
        problems.push({
          row: line.line,
          column: 'Position',
          message: `Position ${line.positionNumber} could not be created, so the line was not imported.`,
        });
        continue;
      }
      lines.push({ ...line, EffortPositionId: positionId });
    }
    let written = 0;
    let batch = 0;
    for (let at = 0; at < lines.length && !ctx.signal.aborted; at += EFFORT_LINES_PER_BATCH) {
      const chunk = lines.slice(at, at + EFFORT_LINES_PER_BATCH);
      await deps.bus.execute(
        'RecordEffortLines',
        { importId: data.importId, batch, lines: chunk },
        run,
      );
      batch += 1;
      written += chunk.length;
      progress(written);
    }
    const notRun = lines.length - written;
    const status = notRun > 0 ? 'stopped' : 'done';
    problems.sort((a, b) => a.row - b.row);
    await finish({
      status,
      imported: written,
      refused,
      positionsCreated: created.size,
      notRun,
      problems: problems.slice(0, IMPORT_PROBLEMS_KEPT),
      problemCount: problems.length,
      reason: status === 'stopped' ? 'Stopped before every line was imported.' : null,
    });
    return { importId: data.importId, status, lines: written };
  } catch (err) {
    await finish(failed((err as Error).message));
    throw err;
  }
}

/** The `effortImport` job: an import started from an uploaded file (POST /api/effort/imports). */
export function createEffortImportJob(deps: EffortImportJobDeps) {
  return async function effortImportJob(ctx: JobContext) {
    return executeEffortImport(deps, EffortImportJobData.parse(ctx.data), ctx);
  };
}
