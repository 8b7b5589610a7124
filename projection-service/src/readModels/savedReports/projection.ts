import {
  ReportSnapshotDeleted,
  ReportSnapshotTaken,
  SavedReportCreated,
  SavedReportDeleted,
  SavedReportUpdated,
  type RecordedEvent,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { Projection, ProjectionContext } from '../../runner/projection.js';

export const SAVED_REPORTS_TABLE = 'saved_reports';
export const REPORT_SNAPSHOTS_TABLE = 'report_snapshots';

/** A row of `saved_reports`: `grid_state` as its events hold it (read through `readGridState`). */
export interface SavedReportRow {
  id: string;
  name: string;
  description: string | null;
  report_type: string;
  grid_state: unknown;
  type: string;
  shared_with_roles: string[];
  academic_period_id: string | null;
  user_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  revision: string | number;
  deleted: boolean;
}

export interface ReportSnapshotRow {
  id: string;
  name: string;
  report_type: string;
  query: unknown;
  position: string;
  taken_at: Date | string;
  taken_by: string | null;
  row_count: number | null;
  revision: string | number;
  deleted: boolean;
}

const at = (event: RecordedEvent) => event.metadata.occurredAt ?? event.createdAt.toISOString();
const json = (value: unknown) => JSON.stringify(value);

/** Columns of `saved_reports` a `SavedReportUpdated` may set, by the event's field. */
const UPDATED_COLUMNS: Readonly<Record<string, (value: unknown) => [string, unknown]>> = {
  name: (value) => ['name', value],
  description: (value) => ['description', value],
  gridState: (value) => ['grid_state', json(value)],
  sharedWithRoles: (value) => ['shared_with_roles', value],
  AcademicPeriodId: (value) => ['academic_period_id', value],
};

async function applyEvent(
  trx: Knex.Transaction,
  event: RecordedEvent,
  ctx: ProjectionContext,
): Promise<void> {
  const reports = ctx.table(SAVED_REPORTS_TABLE);
  const snapshots = ctx.table(REPORT_SNAPSHOTS_TABLE);
  const revision = event.revision.toString();
  // A re-delivered event finds the row at its revision or later and changes nothing.
  const older = ['revision', '<', revision] as const;
  switch (event.type) {
    case 'SavedReportCreated': {
      const data = SavedReportCreated.parse(event.data);
      // Stored as the event holds it: an old builder's grid stays old until it is saved again.
      const stored = (event.data as { gridState: unknown }).gridState;
      await trx(reports)
        .insert({
          id: data.id,
          name: data.name,
          description: data.description,
          report_type: data.reportType,
          grid_state: json(stored),
          type: data.type,
          shared_with_roles: data.sharedWithRoles,
          academic_period_id: data.AcademicPeriodId,
          user_id: data.UserId,
          created_at: at(event),
          updated_at: at(event),
          revision,
          deleted: false,
        })
        .onConflict('id')
        .ignore();
      return;
    }
    case 'SavedReportUpdated': {
      const { id, ...changes } = SavedReportUpdated.parse(event.data);
      const raw = event.data as Record<string, unknown>;
      const set: Record<string, unknown> = { updated_at: at(event), revision };
      for (const field of Object.keys(changes)) {
        const column = UPDATED_COLUMNS[field];
        if (!column || raw[field] === undefined) continue;
        const [name, value] = column(raw[field]);
        set[name] = value;
      }
      await trx(reports)
        .where({ id })
        .where(...older)
        .update(set);
      return;
    }
    case 'SavedReportDeleted': {
      const { id } = SavedReportDeleted.parse(event.data);
      await trx(reports)
        .where({ id })
        .where(...older)
        .update({ deleted: true, updated_at: at(event), revision });
      return;
    }
    case 'ReportSnapshotTaken': {
      const data = ReportSnapshotTaken.parse(event.data);
      await trx(snapshots)
        .insert({
          id: data.id,
          name: data.name,
          report_type: data.reportType,
          query: json((event.data as { query: unknown }).query),
          position: data.position,
          taken_at: data.takenAt,
          taken_by: data.takenBy,
          row_count: data.rowCount,
          revision,
          deleted: false,
        })
        .onConflict('id')
        .ignore();
      return;
    }
    case 'ReportSnapshotDeleted': {
      const { id } = ReportSnapshotDeleted.parse(event.data);
      await trx(snapshots)
        .where({ id })
        .where(...older)
        .update({ deleted: true, revision });
      return;
    }
    default:
      return;
  }
}

/**
 * Saved reports and report snapshots (docs/reports.md), one row each, kept after a delete
 * (`deleted`) so a re-delivered event cannot bring one back. Guarded by the stream revision.
 * Announces nothing: spec §4 names no realtime event for reports.
 */
export const savedReportsProjection: Projection = {
  name: 'saved_reports',
  version: 1,
  eventTypes: [
    'SavedReportCreated',
    'SavedReportUpdated',
    'SavedReportDeleted',
    'ReportSnapshotTaken',
    'ReportSnapshotDeleted',
  ],
  tables: [SAVED_REPORTS_TABLE, REPORT_SNAPSHOTS_TABLE],

  async migrate(trx, ctx) {
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         name text NOT NULL,
         description text,
         report_type text NOT NULL,
         grid_state jsonb NOT NULL,
         type text NOT NULL,
         shared_with_roles text[] NOT NULL,
         academic_period_id text,
         user_id text,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL,
         revision bigint NOT NULL,
         deleted boolean NOT NULL
       )`,
      [ctx.table(SAVED_REPORTS_TABLE)],
    );
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         name text NOT NULL,
         report_type text NOT NULL,
         query jsonb NOT NULL,
         position text NOT NULL,
         taken_at timestamptz NOT NULL,
         taken_by text,
         row_count integer,
         revision bigint NOT NULL,
         deleted boolean NOT NULL
       )`,
      [ctx.table(REPORT_SNAPSHOTS_TABLE)],
    );
    await trx.raw('CREATE INDEX IF NOT EXISTS ?? ON ?? (taken_by, taken_at)', [
      `${ctx.physicalName(REPORT_SNAPSHOTS_TABLE)}_taker`,
      ctx.table(REPORT_SNAPSHOTS_TABLE),
    ]);
  },

  async apply(trx, events, ctx) {
    for (const event of events) await applyEvent(trx, event, ctx);
    return [];
  },
};
