import { randomUUID } from 'node:crypto';
import {
  IMPORT_KINDS,
  ImportSpecRunJobData,
  describeImportSource,
  importSpecScheduleKey,
  type ImportRunJobData,
} from '@allot/shared-events';
import type { JobContext, Jobs } from '../../jobs/port.js';
import { readImportSource, type ImportSourceOptions } from '../sources/readSource.js';
import { readTable } from '../readTable.js';
import { loadImportSpec } from '../specs/importSpecCommands.js';
import { executeImportRun, failedRun, finishRun, type ImportRunJobDeps } from './importRunJob.js';

export interface ImportSpecRunJobDeps extends ImportRunJobDeps {
  jobs: Pick<Jobs, 'unschedule'>;
  sources: ImportSourceOptions;
}

/**
 * The `importSpecRun` job: a saved import run from its own source — on its schedule, or when
 * someone asks for a run now — as the person it runs as (the schedule's: whoever last saved the
 * saved import), with the rights they hold now. The run is recorded like any other, with what
 * started it; when it fails (the source unreadable, the file's columns wrong, the runner's rights
 * gone) its owner is told. A saved import deleted or unscheduled since only ends its schedule.
 */
export function createImportSpecRunJob(deps: ImportSpecRunJobDeps) {
  return async function importSpecRunJob(ctx: JobContext) {
    const { specId, runId: asked } = ImportSpecRunJobData.parse(ctx.data);
    const trigger = asked ? 'manual' : 'schedule';
    const spec = await loadImportSpec(deps.store, specId);
    if (spec.status !== 'live' || !spec.definition.source) {
      if (trigger === 'schedule') await deps.jobs.unschedule(importSpecScheduleKey(specId));
      return { specId, skipped: true };
    }
    const definition = spec.definition;
    const source = definition.source!;
    const runId = asked ?? randomUUID();
    const ability = await deps.abilityOf(ctx.ownerId);
    const start = (fileName: string, rows: number) =>
      deps.bus.execute(
        'StartImportRun',
        {
          id: runId,
          kind: definition.kind,
          fileName: fileName.slice(0, 300),
          rows,
          spec: { id: definition.id, name: definition.name },
          trigger,
          notify: ctx.ownerId,
        },
        { actorId: ctx.ownerId, correlationId: runId, ...(ability ? { ability } : {}) },
      );
    if (!ability) {
      await start(describeImportSource(source), 0);
      await finishRun(
        deps,
        runId,
        ctx.ownerId,
        null,
        failedRun('The person this import runs as may no longer import.'),
      );
      return { specId, runId, status: 'failed' };
    }
    let file: { fileName: string; bytes: Buffer };
    let table: Awaited<ReturnType<typeof readTable>>;
    try {
      file = await readImportSource(source, deps.sources);
      table = await readTable(file.bytes);
    } catch (err) {
      await start(describeImportSource(source), 0);
      const what = IMPORT_KINDS[definition.kind].label.toLowerCase();
      await finishRun(
        deps,
        runId,
        ctx.ownerId,
        ability,
        failedRun(`The ${what} file could not be read. ${(err as Error).message}`),
      );
      return { specId, runId, status: 'failed' };
    }
    await start(file.fileName, table.rows.length);
    const data: ImportRunJobData = {
      runId,
      kind: definition.kind,
      fileName: file.fileName,
      mapping: definition.mapping,
      valueMappings: definition.valueMappings,
      removeMissing: definition.removeMissing,
      acceptConflicts: definition.acceptConflicts,
      table,
    };
    return { specId, ...(await executeImportRun(deps, data, ctx)) };
  };
}
