import { z } from 'zod';
import { ROLE_SLUGS } from '../permissions/types.js';
import { GridState } from '../reports/gridState.js';
import { QUERYABLE_REPORT_TYPES, REPORT_TYPES } from '../reports/reportTypes.js';
import { SAVED_REPORT_KINDS, SnapshotQuery } from '../reports/savedReports.js';
import { listAnswerOf } from './common.js';

/** A person named by a saved report or a snapshot: the id, and the name the users list shows. */
const PersonAnswer = z.object({ id: z.string(), name: z.string().nullable() });

/**
 * GET /api/reports/:id, and each row of GET /api/reports: a saved report as the viewer may open
 * it. `gridState` is today's grid; one saved by the old builder is converted on reading and
 * marked `needsConversion` until it is saved again.
 */
export const SavedReportAnswer = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  reportType: z.enum(REPORT_TYPES),
  gridState: GridState,
  needsConversion: z.boolean(),
  type: z.enum(SAVED_REPORT_KINDS),
  sharedWithRoles: z.array(z.enum(ROLE_SLUGS)),
  /** The period it reads; null: the viewer's working period. */
  AcademicPeriodId: z.string().nullable(),
  /** The owner of a custom report; null for a system report. */
  UserId: z.string().nullable(),
  owner: PersonAnswer.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The report's stream revision: send it as `If-Match` with a change. */
  revision: z.number().int(),
});
export type SavedReportAnswer = z.infer<typeof SavedReportAnswer>;

/** GET /api/reports: every saved report the viewer may see, system ones first, then by name. */
export const SavedReportsAnswer = listAnswerOf(SavedReportAnswer);
export type SavedReportsAnswer = z.infer<typeof SavedReportsAnswer>;

/** GET /api/reportSnapshots/:id, and each row of GET /api/reportSnapshots. */
export const ReportSnapshotAnswer = z.object({
  id: z.string(),
  name: z.string(),
  reportType: z.enum(QUERYABLE_REPORT_TYPES),
  query: SnapshotQuery,
  /** The event-log position it was taken at: run the query as of it to see the frozen plan. */
  position: z.string(),
  takenAt: z.string(),
  takenBy: PersonAnswer.nullable(),
  rowCount: z.number().int().nullable(),
  revision: z.number().int(),
});
export type ReportSnapshotAnswer = z.infer<typeof ReportSnapshotAnswer>;

/** GET /api/reportSnapshots: the viewer's snapshots (every one for report managers), newest first. */
export const ReportSnapshotsAnswer = listAnswerOf(ReportSnapshotAnswer);
export type ReportSnapshotsAnswer = z.infer<typeof ReportSnapshotsAnswer>;
