import { z } from 'zod';
import { ROLE_SLUGS, roleSlugSchema } from '../permissions/types.js';
import { GridState, OldGridState } from './gridState.js';
import { ReportQuery, resolveReportQuery, type ReportQueryIssue } from './query.js';
import { QUERYABLE_REPORT_TYPES, ReportTypeSchema, type ReportType } from './reportTypes.js';

/**
 * Saved reports and snapshots (spec §3 "Saved report", report type "Snapshot"): their streams,
 * events and the bodies of their write routes (docs/reports.md). The command service validates
 * the bodies with these, the read model folds the events, the OpenAPI document describes both.
 */

/** One saved report: `savedReport-<id>`. */
export const savedReportStream = (id: string): string => `savedReport-${id}`;
/** One snapshot of a report run: `reportSnapshot-<id>`. */
export const reportSnapshotStream = (id: string): string => `reportSnapshot-${id}`;

/** A system report is defined by administrators for everyone; a custom one belongs to its maker. */
export const SAVED_REPORT_KINDS = ['system', 'custom'] as const;
export const SavedReportKind = z.enum(SAVED_REPORT_KINDS);
export type SavedReportKind = z.infer<typeof SavedReportKind>;

export const QueryableReportTypeSchema = z.enum(QUERYABLE_REPORT_TYPES);

const Id = z.string().min(1).max(200);
const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;

/** Each role once; the order is kept as sent. */
const RoleList = z
  .array(roleSlugSchema)
  .max(ROLE_SLUGS.length)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'names a role twice' });

/**
 * A saved grid as its event holds it: today's grid, an old report builder's grid (with its page
 * index and old field names), or anything older still. Events are never rewritten: the read side
 * reads them through `readGridState`, which converts an old grid and marks it.
 */
export const StoredGridStateData = z.union([
  GridState,
  OldGridState,
  z.record(z.string(), z.unknown()),
]);

export const SavedReportCreated = z.object({
  id: Id,
  name: z.string().min(1).max(NAME_MAX),
  description: z.string().max(DESCRIPTION_MAX).nullable(),
  reportType: ReportTypeSchema,
  gridState: StoredGridStateData,
  type: SavedReportKind,
  sharedWithRoles: z.array(roleSlugSchema),
  /** The period the report reads; null: the viewer's working period. */
  AcademicPeriodId: Id.nullable(),
  /** The owner of a custom report; null for a system report. */
  UserId: Id.nullable(),
});
/** The fields a change set, and only those. */
export const SavedReportUpdated = z.object({
  id: Id,
  name: z.string().min(1).max(NAME_MAX).optional(),
  description: z.string().max(DESCRIPTION_MAX).nullable().optional(),
  gridState: StoredGridStateData.optional(),
  sharedWithRoles: z.array(roleSlugSchema).optional(),
  AcademicPeriodId: Id.nullable().optional(),
});
export const SavedReportDeleted = z.object({ id: Id });

/** What a snapshot keeps of the run it froze: the query without a page, nor an as-of. */
export const SnapshotQuery = ReportQuery.omit({ page: true, pageSize: true, asOf: true });
export type SnapshotQuery = z.infer<typeof SnapshotQuery>;

export const ReportSnapshotTaken = z.object({
  id: Id,
  name: z.string().min(1).max(NAME_MAX),
  reportType: QueryableReportTypeSchema,
  query: SnapshotQuery,
  /** The head of the event log when it was taken (`positionToToken`): the plan it shows. */
  position: z.string().min(1).max(200),
  takenAt: z.iso.datetime({ offset: true }),
  takenBy: Id.nullable(),
  /** How many rows the run had, when that was known cheaply; null otherwise. */
  rowCount: z.number().int().min(0).nullable(),
});
export const ReportSnapshotDeleted = z.object({ id: Id });

export type SavedReportCreated = z.infer<typeof SavedReportCreated>;
export type SavedReportUpdated = z.infer<typeof SavedReportUpdated>;
export type SavedReportDeleted = z.infer<typeof SavedReportDeleted>;
export type ReportSnapshotTaken = z.infer<typeof ReportSnapshotTaken>;
export type ReportSnapshotDeleted = z.infer<typeof ReportSnapshotDeleted>;

export const savedReportEventSchemas = {
  SavedReportCreated,
  SavedReportUpdated,
  SavedReportDeleted,
  ReportSnapshotTaken,
  ReportSnapshotDeleted,
} as const;

const Name = z.string().trim().min(1).max(NAME_MAX).describe('How the report is listed.');
const Description = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX)
  .nullable()
  .describe('What the report shows, for those who open it.');
const SharedWithRoles = RoleList.describe(
  'Roles whose users see this custom report too (needs manage on Report).',
);
const PeriodId = Id.nullable().describe('The period it reads; null: the viewer’s working period.');

/** Body of `POST /api/reports`. */
export const CreateSavedReportBody = z.strictObject({
  name: Name,
  description: Description.optional(),
  reportType: ReportTypeSchema,
  gridState: GridState.describe('Shown columns with widths, filters, sorts, grouping, page size.'),
  type: SavedReportKind.default('custom').describe(
    'system: defined for everyone (needs manage on Report); custom: the caller’s own.',
  ),
  sharedWithRoles: SharedWithRoles.default([]),
  AcademicPeriodId: PeriodId.default(null),
});
export type CreateSavedReportBody = z.infer<typeof CreateSavedReportBody>;

/** Body of `PUT /api/reports/:id`: the fields to change (the report type and kind stay). */
export const UpdateSavedReportBody = z.strictObject({
  name: Name.optional(),
  description: Description.optional(),
  gridState: GridState.optional(),
  sharedWithRoles: SharedWithRoles.optional(),
  AcademicPeriodId: PeriodId.optional(),
});
export type UpdateSavedReportBody = z.infer<typeof UpdateSavedReportBody>;

/** Body of `POST /api/reportSnapshots`: the run to freeze. */
export const TakeReportSnapshotBody = z.strictObject({
  name: Name,
  reportType: QueryableReportTypeSchema,
  query: SnapshotQuery.default({}).describe(
    'Columns, filters, sorts, grouping and period of the run (no page, no as-of).',
  ),
});
export type TakeReportSnapshotBody = z.infer<typeof TakeReportSnapshotBody>;

/** The commands' payloads: a body with the id the server gives it (or the address names). */
export const CreateSavedReport = CreateSavedReportBody.extend({ id: Id });
export const UpdateSavedReport = UpdateSavedReportBody.extend({ id: Id });
export const DeleteSavedReport = z.strictObject({ id: Id });
export const TakeReportSnapshot = TakeReportSnapshotBody.extend({ id: Id });
export const DeleteReportSnapshot = z.strictObject({ id: Id });
export type CreateSavedReport = z.infer<typeof CreateSavedReport>;
export type UpdateSavedReport = z.infer<typeof UpdateSavedReport>;
export type DeleteSavedReport = z.infer<typeof DeleteSavedReport>;
export type TakeReportSnapshot = z.infer<typeof TakeReportSnapshot>;
export type DeleteReportSnapshot = z.infer<typeof DeleteReportSnapshot>;

/**
 * What a grid names that its report type lacks (a column, a sort, a grouping, a filter that does
 * not fit its column), each under `gridState.<part>`: empty when the grid fits the type.
 */
export function gridStateIssues(type: ReportType, grid: GridState): ReportQueryIssue[] {
  const resolved = resolveReportQuery(type, {
    columns: grid.columns.map((column) => column.key),
    filters: grid.filters,
    sorts: grid.sorts,
    groupBy: grid.groupBy,
  });
  return resolved.ok
    ? []
    : resolved.issues.map((issue) => ({ ...issue, field: `gridState.${issue.field}` }));
}

/** The same for a snapshot's query, under `query.<part>`. */
export function snapshotQueryIssues(type: ReportType, query: SnapshotQuery): ReportQueryIssue[] {
  const resolved = resolveReportQuery(type, query);
  return resolved.ok
    ? []
    : resolved.issues.map((issue) => ({ ...issue, field: `query.${issue.field}` }));
}
