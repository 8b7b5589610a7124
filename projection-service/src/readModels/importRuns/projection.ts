import {
  ImportRunFinished,
  ImportRunStarted,
  ImportUndoEnded,
  type RecordedEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { Projection, ProjectionContext } from '../../runner/projection.js';

export const IMPORT_RUNS_TABLE = 'import_runs';

const at = (event: RecordedEvent) => event.metadata.occurredAt ?? event.createdAt.toISOString();

async function applyEvent(trx: Knex.Transaction, event: RecordedEvent, ctx: ProjectionContext) {
  const table = ctx.table(IMPORT_RUNS_TABLE);
  if (event.type === 'ImportRunStarted') {
    const data = ImportRunStarted.parse(event.data);
    await trx(table)
      .insert({
        id: data.id,
        kind: data.kind,
        file_name: data.fileName,
        rows: data.rows,
        status: 'running',
        started_by: event.metadata.actorId ?? null,
        spec_id: data.spec?.id ?? null,
        spec_name: data.spec?.name ?? null,
        trigger: data.trigger,
        started_at: at(event),
      })
      .onConflict('id')
      .ignore();
    return;
  }
  if (event.type === 'ImportRunFinished') {
    const data = ImportRunFinished.parse(event.data);
    await trx(table)
      .where({ id: data.id })
      .update({
        status: data.status,
        created: data.created,
        updated: data.updated,
        unchanged: data.unchanged,
        refused: data.refused,
        removed: data.removed,
        not_run: data.notRun,
        problems: JSON.stringify(data.problems),
        problem_count: data.problemCount,
        reason: data.reason,
        finished_at: at(event),
      });
    return;
  }
  if (event.type === 'ImportUndoEnded') {
    const data = ImportUndoEnded.parse(event.data);
    await trx(table)
      .where({ id: data.id })
      .update(
        data.status === 'undone'
          ? { status: 'undone', undo_refused: null }
          : { undo_refused: data.reason ?? 'Something later depends on this import.' },
      );
  }
}

/**
 * Import runs (docs/data-services.md "Imports"), one row each: who started which file when, once
 * it ended its counts and the problems it kept, and whether it was undone (or why an undo was
 * refused). Replayable like every read model.
 */
export const importRunsProjection: Projection = {
  name: 'import_runs',
  version: 5,
  eventTypes: ['ImportRunStarted', 'ImportRunFinished', 'ImportUndoEnded'],
  tables: [IMPORT_RUNS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         kind text NOT NULL,
         file_name text NOT NULL,
         rows integer NOT NULL,
         status text NOT NULL,
         created integer NOT NULL DEFAULT 0,
         updated integer NOT NULL DEFAULT 0,
         unchanged integer NOT NULL DEFAULT 0,
         refused integer NOT NULL DEFAULT 0,
         removed integer NOT NULL DEFAULT 0,
         not_run integer NOT NULL DEFAULT 0,
         problems jsonb NOT NULL DEFAULT '[]',
         problem_count integer NOT NULL DEFAULT 0,
         reason text,
         undo_refused text,
         started_by text,
         spec_id text,
         spec_name text,
         trigger text NOT NULL DEFAULT 'manual',
         started_at timestamptz NOT NULL,
         finished_at timestamptz
       )`,
      [ctx.table(IMPORT_RUNS_TABLE)],
    );
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (started_at DESC, id)', [
      `${ctx.physicalName(IMPORT_RUNS_TABLE)}_started`,
      ctx.table(IMPORT_RUNS_TABLE),
    ]);
  },

  async apply(trx, events, ctx) {
    for (const event of events) await applyEvent(trx, event, ctx);
    return [];
  },
};
