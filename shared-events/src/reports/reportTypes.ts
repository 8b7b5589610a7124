import { z } from 'zod';

/** The report types a saved report may have (spec §3 "Saved report"), in the spec's order. */
export const REPORT_TYPES = [
  'Courses',
  'CourseOfferings',
  'Instructors',
  'InstructorWorkloads',
  'Sections',
  'SectionSchedules',
  'Snapshot',
  'TeachingAssignments',
  'TeachingPreferences',
  'TeachingPreferenceSubmissions',
  'Users',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const ReportTypeSchema = z.enum(REPORT_TYPES);

/** The report types that query the plan; a Snapshot is a frozen run of one of them. */
export const QUERYABLE_REPORT_TYPES = REPORT_TYPES.filter(
  (type): type is Exclude<ReportType, 'Snapshot'> => type !== 'Snapshot',
);
export type QueryableReportType = (typeof QUERYABLE_REPORT_TYPES)[number];

/**
 * Spec §9: "Report grid default column width 100 (minimum 160)". Read literally, as a grid reads a
 * column declared 100 wide with a 160 minimum: it opens 160 wide and cannot be narrowed below 160
 * (docs/decisions.md, decision 32). `widthOf` applies it to a saved width.
 */
export const REPORT_COLUMN_WIDTH = { declared: 100, minimum: 160 } as const;

/** The width a report column is drawn at: its saved width, never below the minimum. */
export function reportColumnWidth(saved?: number | null): number {
  return Math.max(saved ?? REPORT_COLUMN_WIDTH.declared, REPORT_COLUMN_WIDTH.minimum);
}
