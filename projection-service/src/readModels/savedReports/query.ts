import type { Knex } from 'knex';
import { z } from 'zod';
import {
  ReportTypeSchema,
  SnapshotQuery,
  readGridState,
  roleSlugSchema,
  users,
  type ReportSnapshotAnswer,
  type ReportType,
  type RoleSlug,
  type SavedReportAnswer,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import {
  REPORT_SNAPSHOTS_TABLE,
  SAVED_REPORTS_TABLE,
  savedReportsProjection,
  type ReportSnapshotRow,
  type SavedReportRow,
} from './projection.js';

/** The query of GET /api/reports and GET /api/reportSnapshots. */
export const SavedReportListQuery = z.object({ reportType: ReportTypeSchema.optional() }).strict();
export type SavedReportListQuery = z.infer<typeof SavedReportListQuery>;

export const SavedReportParams = z.object({ id: z.string().trim().min(1).max(100) });

/**
 * Whose reports a viewer sees. Report managers (`all`) see every one; anyone else the system
 * reports, their own custom ones and those shared with one of their roles. Snapshots: their own.
 */
export interface ReportAudience {
  all: boolean;
  userId: string;
  roles: readonly RoleSlug[];
}

type Row<T> = T & { person_name: string | null };

const iso = (value: Date | string) => new Date(value).toISOString();

export function savedReportAnswer(row: Row<SavedReportRow>): SavedReportAnswer {
  const type = ReportTypeSchema.parse(row.report_type);
  const grid = readGridState(type, row.grid_state);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    reportType: type,
    gridState: grid.gridState,
    needsConversion: grid.kind !== 'current',
    type: row.type === 'system' ? 'system' : 'custom',
    sharedWithRoles: row.shared_with_roles.flatMap((role) => {
      const slug = roleSlugSchema.safeParse(role);
      return slug.success ? [slug.data] : [];
    }),
    AcademicPeriodId: row.academic_period_id,
    UserId: row.user_id,
    owner: row.user_id ? { id: row.user_id, name: row.person_name } : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    revision: Number(row.revision),
  };
}

export function reportSnapshotAnswer(row: Row<ReportSnapshotRow>): ReportSnapshotAnswer {
  const type = ReportTypeSchema.exclude(['Snapshot']).parse(row.report_type);
  return {
    id: row.id,
    name: row.name,
    reportType: type,
    query: SnapshotQuery.parse(row.query),
    position: row.position,
    takenAt: iso(row.taken_at),
    takenBy: row.taken_by ? { id: row.taken_by, name: row.person_name } : null,
    rowCount: row.row_count,
    revision: Number(row.revision),
  };
}

/** Reads saved reports and snapshots as a viewer may see them. */
export function savedReportsReader(knex: Knex, tables: TableResolver) {
  const own = (logical: string) => tables.table(savedReportsProjection.name, logical);
  const people = () => tables.table(resourceProjectionName(users), recordsTable(users));

  async function reports(
    audience: ReportAudience,
    filter: { id?: string; reportType?: ReportType },
  ): Promise<SavedReportAnswer[]> {
    const rows: Row<SavedReportRow>[] = await knex({ r: await own(SAVED_REPORTS_TABLE) })
      .leftJoin({ u: await people() }, 'u.id', 'r.user_id')
      .select('r.*', knex.raw("u.data->>'displayName' as person_name"))
      .where('r.deleted', false)
      .modify((q) => {
        if (filter.id !== undefined) q.where('r.id', filter.id);
        if (filter.reportType) q.where('r.report_type', filter.reportType);
        if (!audience.all) {
          q.where((visible) => {
            visible
              .where('r.type', 'system')
              .orWhere('r.user_id', audience.userId)
              .orWhereRaw('r.shared_with_roles && ?::text[]', [[...audience.roles]]);
          });
        }
      })
      .orderByRaw("r.type = 'system' DESC, lower(r.name), r.id");
    return rows.map(savedReportAnswer);
  }

  async function snapshots(
    audience: ReportAudience,
    filter: { id?: string; reportType?: ReportType },
  ): Promise<ReportSnapshotAnswer[]> {
    const rows = (await knex({ s: await own(REPORT_SNAPSHOTS_TABLE) })
      .leftJoin({ u: await people() }, 'u.id', 's.taken_by')
      .select('s.*', knex.raw("u.data->>'displayName' as person_name"))
      .where('s.deleted', false)
      .modify((q) => {
        if (filter.id !== undefined) q.where('s.id', filter.id);
        if (filter.reportType) q.where('s.report_type', filter.reportType);
        if (!audience.all) q.where('s.taken_by', audience.userId);
      })
      .orderBy([
        { column: 's.taken_at', order: 'desc' },
        { column: 's.id', order: 'asc' },
      ])) as Row<ReportSnapshotRow>[];
    return rows.map(reportSnapshotAnswer);
  }

  /** The roles the viewer's user record holds (their working user's, while masquerading). */
  async function rolesOf(userId: string): Promise<RoleSlug[]> {
    const row = (await knex(await people())
      .select(knex.raw("data->'Roles' as roles"))
      .where({ id: userId })
      .whereNull('deleted_at')
      .first()) as { roles: unknown } | undefined;
    const roles = Array.isArray(row?.roles) ? (row.roles as unknown[]) : [];
    return roles.flatMap((role) => {
      const slug = roleSlugSchema.safeParse((role as { slug?: unknown } | null)?.slug);
      return slug.success ? [slug.data] : [];
    });
  }

  return { reports, snapshots, rolesOf };
}
