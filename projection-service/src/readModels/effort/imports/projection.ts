import {
  EffortImportFinished,
  EffortImportStarted,
  EffortImportUndone,
  EffortLineImported,
  EffortLinesReclassified,
  type RecordedEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { Projection, ProjectionContext } from '../../../runner/projection.js';

export const EFFORT_IMPORTS_TABLE = 'effort_imports';
export const EFFORT_LINES_TABLE = 'effort_lines';

const at = (event: RecordedEvent) => event.metadata.occurredAt ?? event.createdAt.toISOString();

/** Rows one insert writes (a batch of lines arrives as hundreds of events). */
const INSERT_CHUNK = 1000;

function lineRow(event: RecordedEvent) {
  const l = EffortLineImported.parse(event.data);
  return {
    import_id: l.importId,
    line: l.line,
    user_id: l.UserId,
    position_number: l.positionNumber,
    position_id: l.EffortPositionId,
    pay_period_id: l.EffortPayPeriodId,
    effort_percent: l.effortPercent,
    cost_center: l.costCenter,
    earn_code: l.earnCode,
    account: l.account,
    amount: l.amount,
    hours: l.hours,
    category_id: l.EffortCategoryId,
    type_id: l.EffortTypeId,
    rule_id: l.EffortRuleId,
    imported_at: at(event),
  };
}

async function applyImportEvent(
  trx: Knex.Transaction,
  event: RecordedEvent,
  ctx: ProjectionContext,
) {
  const imports = ctx.table(EFFORT_IMPORTS_TABLE);
  switch (event.type) {
    case 'EffortImportStarted': {
      const data = EffortImportStarted.parse(event.data);
      await trx(imports)
        .insert({
          id: data.id,
          file_name: data.fileName,
          size: data.size,
          sha256: data.sha256,
          mode: data.mode,
          pay_period_id: data.EffortPayPeriodId,
          rows: data.rows,
          status: 'running',
          started_by: event.metadata.actorId ?? null,
          started_at: at(event),
        })
        .onConflict('id')
        .ignore();
      return;
    }
    case 'EffortImportFinished': {
      const data = EffortImportFinished.parse(event.data);
      await trx(imports)
        .where({ id: data.id })
        .update({
          status: data.status,
          imported: data.imported,
          refused: data.refused,
          positions_created: data.positionsCreated,
          not_run: data.notRun,
          problems: JSON.stringify(data.problems),
          problem_count: data.problemCount,
          reason: data.reason,
          finished_at: at(event),
          // The order imports ended in, as the log delivers them (the same on every replay).
          finished_seq: trx.raw('(SELECT coalesce(max(finished_seq), 0) + 1 FROM ??)', [imports]),
        });
      return;
    }
    case 'EffortImportUndone': {
      const data = EffortImportUndone.parse(event.data);
      await trx(imports)
        .where({ id: data.id })
        .update({
          status: 'undone',
          undone_by: event.metadata.actorId ?? null,
          undone_at: at(event),
        });
      return;
    }
    case 'EffortLinesReclassified': {
      const data = EffortLinesReclassified.parse(event.data);
      if (data.changes.length === 0) return;
      await trx.raw(
        `UPDATE ?? AS l SET category_id = c.category_id, type_id = c.type_id, rule_id = c.rule_id
           FROM jsonb_to_recordset(?::jsonb) AS c(line int, category_id text, type_id text, rule_id text)
          WHERE l.import_id = ? AND l.line = c.line`,
        [
          ctx.table(EFFORT_LINES_TABLE),
          JSON.stringify(
            data.changes.map((c) => ({
              line: c.line,
              category_id: c.EffortCategoryId,
              type_id: c.EffortTypeId,
              rule_id: c.EffortRuleId,
            })),
          ),
          data.id,
        ],
      );
      return;
    }
    default:
      return;
  }
}

/**
 * Effort imports and their payroll lines (docs/effort.md "Importing effort"): an import a row
 * (who sent which file when, in which mode, its counts and kept problems, undone by whom), and
 * every line it wrote with its class. Whether a line counts is read, not stored: its import ended
 * with lines and is not undone, and no later replacing import of its pay period counts — so an
 * undo brings back what a replacement had set aside, in whatever order imports are undone.
 */
export const effortImportsProjection: Projection = {
  name: 'effort_imports',
  version: 1,
  eventTypes: [
    'EffortImportStarted',
    'EffortLineImported',
    'EffortImportFinished',
    'EffortImportUndone',
    'EffortLinesReclassified',
  ],
  tables: [EFFORT_IMPORTS_TABLE, EFFORT_LINES_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         file_name text NOT NULL,
         size bigint NOT NULL,
         sha256 text NOT NULL,
         mode text NOT NULL,
         pay_period_id text,
         rows integer NOT NULL,
         status text NOT NULL,
         imported integer NOT NULL DEFAULT 0,
         refused integer NOT NULL DEFAULT 0,
         positions_created integer NOT NULL DEFAULT 0,
         not_run integer NOT NULL DEFAULT 0,
         problems jsonb NOT NULL DEFAULT '[]',
         problem_count integer NOT NULL DEFAULT 0,
         reason text,
         started_by text,
         started_at timestamptz NOT NULL,
         finished_at timestamptz,
         finished_seq integer,
         undone_by text,
         undone_at timestamptz
       )`,
      [ctx.table(EFFORT_IMPORTS_TABLE)],
    );
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (started_at DESC, id)', [
      `${ctx.physicalName(EFFORT_IMPORTS_TABLE)}_started`,
      ctx.table(EFFORT_IMPORTS_TABLE),
    ]);
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         import_id text NOT NULL,
         line integer NOT NULL,
         user_id text NOT NULL,
         position_number text NOT NULL,
         position_id text NOT NULL,
         pay_period_id text NOT NULL,
         effort_percent numeric NOT NULL,
         cost_center text,
         earn_code text,
         account text,
         amount numeric,
         hours numeric,
         category_id text,
         type_id text,
         rule_id text,
         imported_at timestamptz NOT NULL,
         PRIMARY KEY (import_id, line)
       )`,
      [ctx.table(EFFORT_LINES_TABLE)],
    );
    for (const column of ['position_id', 'user_id', 'pay_period_id']) {
      await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (??)', [
        `${ctx.physicalName(EFFORT_LINES_TABLE)}_${column}`,
        ctx.table(EFFORT_LINES_TABLE),
        column,
      ]);
    }
  },

  async apply(trx, events, ctx) {
    let lines: ReturnType<typeof lineRow>[] = [];
    const flush = async () => {
      for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
        await trx(ctx.table(EFFORT_LINES_TABLE))
          .insert(lines.slice(i, i + INSERT_CHUNK))
          .onConflict(['import_id', 'line'])
          .ignore();
      }
      lines = [];
    };
    for (const event of events) {
      if (event.type === 'EffortLineImported') {
        lines.push(lineRow(event));
        continue;
      }
      await flush();
      await applyImportEvent(trx, event, ctx);
    }
    await flush();
    return [];
  },
};

/**
 * The SQL condition under which line `l` of import `i` counts now (see the projection), with the
 * imports' table bound to `??`: used by every read of effort lines.
 */
export const COUNTING_LINE = `i.status IN ('done', 'stopped') AND i.mode <> 'dryRun'
  AND NOT EXISTS (
    SELECT 1 FROM ?? AS r
     WHERE r.mode = 'replacePayPeriod' AND r.status IN ('done', 'stopped')
       AND r.pay_period_id = l.pay_period_id AND r.finished_seq > i.finished_seq)`;
