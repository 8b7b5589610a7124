import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import {
  reportExportFileName,
  users,
  type QueryableReportType,
  type DataServiceRunAnswer,
  type DataServiceTrigger,
  type ReportExportAnswer,
  type ReportExportFormat,
  type ReportExportStatus,
  type ReportQuery,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import type { ReportExportTables } from './schema.js';

export const CHUNK_BYTES = 1024 * 1024;

export interface ReportExportRow {
  id: string;
  owner_id: string;
  name: string;
  report_type: QueryableReportType;
  format: ReportExportFormat;
  query: ReportQuery;
  academic_period_id: string | null;
  time_zone: string;
  status: ReportExportStatus;
  reason: string | null;
  total_rows: number | null;
  row_count: number | null;
  size: string | number | null;
  as_of_position: string | null;
  as_of_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  data_service_id: string | null;
  trigger: DataServiceTrigger | null;
}

/** What starting an export records. */
export interface NewReportExport {
  id: string;
  ownerId: string;
  name: string;
  reportType: QueryableReportType;
  format: ReportExportFormat;
  query: ReportQuery;
  AcademicPeriodId: string | null;
  timeZone: string;
  createdAt: Date;
  /** A run of a data service, and what started it. */
  run?: { dataServiceId: string; trigger: DataServiceTrigger };
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function answerOf(row: ReportExportRow & { person_name?: string | null }): ReportExportAnswer {
  return {
    id: row.id,
    name: row.name,
    reportType: row.report_type,
    format: row.format,
    status: row.status,
    reason: row.reason,
    owner: { id: row.owner_id, name: row.person_name ?? null },
    rowCount: row.row_count,
    totalRows: row.total_rows,
    size: row.size === null ? null : Number(row.size),
    fileName: reportExportFileName(row.name, row.format),
    asOfPosition: row.as_of_position,
    asOfAt: iso(row.as_of_at),
    AcademicPeriodId: row.academic_period_id,
    timeZone: row.time_zone,
    createdAt: iso(row.created_at) as string,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

function runAnswerOf(row: ReportExportRow & { person_name?: string | null }): DataServiceRunAnswer {
  return { ...answerOf(row), trigger: row.trigger ?? 'manual' };
}

/**
 * The exports table: what the routes record and read, and the job's steps. Every change of
 * status names the statuses it may come from, so a stop and the job's own end never undo each
 * other (whichever is first wins; the later finds nothing to change).
 */
export function createReportExportStore(options: {
  knex: Knex;
  tables: ReportExportTables;
  /** For the owners' names (the users read model); without it the names are null. */
  readModels?: TableResolver;
}) {
  const { knex, tables } = options;
  // The users read model may not be built yet (a fresh start): the names are then null.
  const people = async (): Promise<string | null> => {
    if (!options.readModels) return null;
    try {
      return await options.readModels.table(resourceProjectionName(users), recordsTable(users));
    } catch {
      return null;
    }
  };

  async function selectRows(
    where: (q: Knex.QueryBuilder) => void,
  ): Promise<(ReportExportRow & { person_name?: string | null })[]> {
    const usersTable = await people();
    const q = knex({ e: tables.exports })
      .select('e.*')
      .modify(where)
      .orderBy([
        { column: 'e.created_at', order: 'desc' },
        { column: 'e.id', order: 'asc' },
      ]);
    if (usersTable) {
      q.leftJoin({ u: usersTable }, 'u.id', 'e.owner_id').select(
        knex.raw("u.data->>'displayName' AS person_name"),
      );
    }
    return (await q) as (ReportExportRow & { person_name?: string | null })[];
  }

  async function select(where: (q: Knex.QueryBuilder) => void): Promise<ReportExportAnswer[]> {
    return (await selectRows(where)).map(answerOf);
  }

  return {
    async create(input: NewReportExport): Promise<ReportExportAnswer> {
      await knex(tables.exports).insert({
        id: input.id,
        owner_id: input.ownerId,
        name: input.name,
        report_type: input.reportType,
        format: input.format,
        query: JSON.stringify(input.query),
        academic_period_id: input.AcademicPeriodId,
        time_zone: input.timeZone,
        status: 'queued',
        created_at: input.createdAt,
        data_service_id: input.run?.dataServiceId ?? null,
        trigger: input.run?.trigger ?? null,
      });
      const [created] = await select((q) => void q.where('e.id', input.id));
      return created as ReportExportAnswer;
    },

    async find(id: string): Promise<ReportExportAnswer | null> {
      const [found] = await select((q) => void q.where('e.id', id));
      return found ?? null;
    },

    /** Newest first: one owner's, or (null) everyone's; runs of data services are not here. */
    list(ownerId: string | null): Promise<ReportExportAnswer[]> {
      return select((q) => {
        q.whereNull('e.data_service_id');
        if (ownerId !== null) q.where('e.owner_id', ownerId);
      });
    },

    /** A data service's runs, newest first (at most `limit`). */
    async runs(dataServiceId: string, limit = 100): Promise<DataServiceRunAnswer[]> {
      const rows = await selectRows(
        (q) => void q.where('e.data_service_id', dataServiceId).limit(limit),
      );
      return rows.map(runAnswerOf);
    },

    /** One run of a data service. */
    async run(dataServiceId: string, runId: string): Promise<DataServiceRunAnswer | null> {
      const [row] = await selectRows(
        (q) => void q.where({ 'e.data_service_id': dataServiceId, 'e.id': runId }),
      );
      return row ? runAnswerOf(row) : null;
    },

    /** The newest run of each of these data services. */
    async lastRuns(dataServiceIds: readonly string[]): Promise<Map<string, DataServiceRunAnswer>> {
      const last = new Map<string, DataServiceRunAnswer>();
      if (dataServiceIds.length === 0) return last;
      const newest = knex(tables.exports)
        .distinctOn('data_service_id')
        .select('id')
        .whereIn('data_service_id', dataServiceIds)
        .orderBy([{ column: 'data_service_id' }, { column: 'created_at', order: 'desc' }]);
      const rows = await selectRows((q) => void q.whereIn('e.id', newest));
      for (const row of rows) {
        if (row.data_service_id) last.set(row.data_service_id, runAnswerOf(row));
      }
      return last;
    },

    /** The job takes a queued export; null when it was stopped, deleted or taken already. */
    async start(id: string, now: Date): Promise<ReportExportRow | null> {
      const rows = (await knex(tables.exports)
        .where({ id, status: 'queued' })
        .update({ status: 'running', started_at: now })
        .returning('*')) as ReportExportRow[];
      return rows[0] ?? null;
    },

    /**
     * Stores the staged file and marks the export done. The chunks go in one short statement
     * each (a transaction around them all would take a transaction id for as long, holding back
     * every reader of the event store); the status changes last, in a transaction with a
     * synchronous commit, which also makes the chunks before it durable (the read models'
     * connection may commit asynchronously, and a file is not derived from the log). False, and
     * nothing kept, when the export was stopped or deleted meanwhile.
     */
    async finish(
      id: string,
      file: { path: string; size: number },
      result: {
        rowCount: number;
        total: number;
        asOf: { position: string | null; at: string | null };
        now: Date;
      },
      signal?: AbortSignal,
    ): Promise<boolean> {
      let done = false;
      try {
        let seq = 0;
        const chunks = createReadStream(file.path, { highWaterMark: CHUNK_BYTES });
        for await (const chunk of chunks as AsyncIterable<Buffer>) {
          signal?.throwIfAborted();
          await knex(tables.chunks).insert({ export_id: id, seq, data: chunk });
          seq += 1;
        }
        done = await knex.transaction(async (trx) => {
          await trx.raw('SET LOCAL synchronous_commit = on');
          const changed = await trx(tables.exports).where({ id, status: 'running' }).update({
            status: 'done',
            row_count: result.rowCount,
            total_rows: result.total,
            size: file.size,
            as_of_position: result.asOf.position,
            as_of_at: result.asOf.at,
            finished_at: result.now,
          });
          return changed > 0;
        });
        return done;
      } finally {
        if (!done) await knex(tables.chunks).where({ export_id: id }).delete();
      }
    },

    /** Ends an unfinished export as failed (with why) or stopped; false when it had ended. */
    async end(
      id: string,
      status: 'failed' | 'stopped',
      now: Date,
      reason: string | null = null,
    ): Promise<boolean> {
      const changed = await knex(tables.exports)
        .where({ id })
        .whereIn('status', ['queued', 'running'])
        .update({ status, reason, finished_at: now });
      return changed > 0;
    },

    /** Exports a restart left unfinished (the in-process runner forgets its jobs). */
    async endInterrupted(now: Date): Promise<number> {
      return knex(tables.exports).whereIn('status', ['queued', 'running']).update({
        status: 'failed',
        reason: 'Allot restarted before the export finished. Please start it again.',
        finished_at: now,
      });
    },

    async remove(id: string): Promise<boolean> {
      return (await knex(tables.exports).where({ id }).delete()) > 0;
    },

    removeRuns(dataServiceId: string): Promise<number> {
      return knex(tables.exports).where({ data_service_id: dataServiceId }).delete();
    },

    /** The file of a done export, read chunk by chunk as the reader takes it. */
    file(id: string): Readable {
      let seq = 0;
      return Readable.from(
        (async function* chunks() {
          for (;;) {
            const row = await knex(tables.chunks)
              .where({ export_id: id, seq })
              .first<{ data: Buffer } | undefined>('data');
            if (!row) return;
            yield row.data;
            seq += 1;
          }
        })(),
        { objectMode: false },
      );
    },
  };
}

export type ReportExportStore = ReturnType<typeof createReportExportStore>;
