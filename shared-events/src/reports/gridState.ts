import { z } from 'zod';
import { REPORT_DEFINITIONS } from './definitions.js';
import {
  DEFAULT_REPORT_PAGE_SIZE,
  MAX_REPORT_PAGE_SIZE,
  ReportFilterValue,
  ReportSort,
  reportFiltersToSend,
  type ReportQuery,
} from './query.js';
import type { ReportType } from './reportTypes.js';

/** A shown column: its key and the width the user gave it (absent: the default width). */
export const GridColumn = z
  .object({ key: z.string().max(100), width: z.number().int().min(20).max(2000).optional() })
  .strict();

/**
 * What a saved report keeps of its grid (spec §3 gridState): shown columns in order with their
 * widths, filters, sorts, grouping and page size. The page shown is not kept: a saved report
 * opens on its first page.
 */
export const GridState = z
  .object({
    columns: z.array(GridColumn).min(1).max(100),
    filters: z.record(z.string().max(100), ReportFilterValue).default({}),
    sorts: z.array(ReportSort).max(10).default([]),
    groupBy: z.string().max(100).nullable().default(null),
    pageSize: z.number().int().min(1).max(MAX_REPORT_PAGE_SIZE).default(DEFAULT_REPORT_PAGE_SIZE),
  })
  .strict();
export type GridState = z.infer<typeof GridState>;

/** The grid a report type opens with. */
export function defaultGridState(type: ReportType): GridState {
  const definition = REPORT_DEFINITIONS[type];
  return {
    columns: definition.defaultColumns.map((key) => ({ key })),
    filters: {},
    sorts: [...definition.defaultSort],
    groupBy: definition.defaultGroupBy ?? null,
    pageSize: DEFAULT_REPORT_PAGE_SIZE,
  };
}

/**
 * What a grid asks of its report (spec §5): ignored filter values and nested-association filters
 * are not sent; a grouped report asks for its group column too, so rows can be put under their
 * group's header even when the column is not shown. The period only for a period-scoped report.
 */
export function gridStateQuery(
  type: ReportType,
  grid: GridState,
  AcademicPeriodId: string | null,
): ReportQuery {
  const shown = grid.columns.map((c) => c.key);
  const columns =
    grid.groupBy && !shown.includes(grid.groupBy) ? [...shown, grid.groupBy] : [...shown];
  const periodScoped = REPORT_DEFINITIONS[type].periodScoped;
  return {
    columns,
    filters: reportFiltersToSend(grid.filters),
    sorts: grid.sorts,
    groupBy: grid.groupBy,
    ...(periodScoped && AcademicPeriodId ? { AcademicPeriodId } : {}),
  };
}

/**
 * A grid saved by the old report builder: a data grid's state with the page it was on
 * (`page`), its sort and filter models and the columns it hid, in the old field names.
 */
export const OldGridState = z.looseObject({
  page: z.number().int().min(0),
  pageSize: z.number().int().min(1).optional(),
  sortModel: z
    .array(z.looseObject({ field: z.string(), sort: z.enum(['asc', 'desc']).nullable() }))
    .optional(),
  filterModel: z
    .looseObject({
      items: z.array(
        z.looseObject({
          columnField: z.string().optional(),
          field: z.string().optional(),
          operatorValue: z.string().optional(),
          operator: z.string().optional(),
          value: z.unknown().optional(),
        }),
      ),
    })
    .optional(),
  columnVisibilityModel: z.record(z.string(), z.boolean()).optional(),
  columnOrder: z.array(z.string()).optional(),
  columnWidths: z.record(z.string(), z.number()).optional(),
});
export type OldGridState = z.infer<typeof OldGridState>;

/**
 * The old builder's field names of the seven report types it built (spec §4), mapped to today's
 * columns. The other four types had no builder: an old grid of theirs cannot be read.
 */
export const OLD_GRID_FIELDS: Partial<Record<ReportType, Readonly<Record<string, string>>>> = {
  Courses: {
    courseNumber: 'courseNumber',
    name: 'name',
    'Workgroup.name': 'workgroup',
    sectionCreditHours: 'creditHours',
    unitsMax: 'unitsMax',
    sectionMaxStudents: 'maxStudents',
    isOffered: 'isOffered',
    isActive: 'isActive',
  },
  CourseOfferings: {
    'Course.courseNumber': 'courseNumber',
    'Course.name': 'courseName',
    'Workgroup.name': 'workgroup',
    OfferingTermModes: 'termModes',
    sectionCount: 'sections',
    totalPoints: 'points',
  },
  Instructors: {
    displayName: 'name',
    email: 'email',
    EmployeeId: 'employeeId',
    'FacultyProfile.InstructorType.name': 'instructorType',
    'FacultyProfile.Rank.name': 'rank',
    'FacultyProfile.Division.name': 'division',
    'FacultyProfile.Track.name': 'track',
    'FinancialData.pointsRequired': 'pointsRequired',
    isActive: 'isActive',
  },
  InstructorWorkloads: {
    displayName: 'name',
    email: 'email',
    'Workgroup.name': 'workgroup',
    pointsRequired: 'required',
    teachingPoints: 'teaching',
    adminPoints: 'administrative',
    pointsAssigned: 'assigned',
    pointsRemaining: 'remaining',
    sectionCount: 'sections',
  },
  Sections: {
    'Course.courseNumber': 'courseNumber',
    'Course.name': 'courseName',
    sectionNumber: 'sectionNumber',
    name: 'sectionName',
    'Workgroup.name': 'workgroup',
    'AcademicTerm.name': 'term',
    'TeachingMode.name': 'teachingMode',
    enrollment: 'enrollment',
    points: 'points',
    coverageStatus: 'coverage',
    instructorNames: 'instructors',
  },
  TeachingAssignments: {
    'Section.Course.courseNumber': 'courseNumber',
    'Section.Course.name': 'courseName',
    'Section.sectionNumber': 'sectionNumber',
    'Section.name': 'sectionName',
    'Section.Workgroup.name': 'workgroup',
    'User.displayName': 'instructor',
    'User.email': 'email',
    status: 'status',
    share: 'share',
    points: 'points',
    notes: 'notes',
  },
  Users: {
    displayName: 'name',
    email: 'email',
    username: 'username',
    EmployeeId: 'employeeId',
    Roles: 'roles',
    isFaculty: 'isFaculty',
    isActive: 'isActive',
    lastLoginAt: 'lastLoginAt',
  },
};

export type StoredGridState =
  | { kind: 'current'; gridState: GridState }
  | { kind: 'converted'; gridState: GridState; needsConversion: true }
  | { kind: 'unreadable'; gridState: GridState; needsConversion: true };

/**
 * Reads a saved grid in today's shape (an upcaster: saved reports are never rewritten in place).
 * An old grid of a builder type is converted — its columns, widths, sorts and the filters that
 * map — and marked as needing conversion, so the owner is asked to check it and save it again.
 * Anything else unreadable opens with the type's default grid, marked the same way.
 */
export function readGridState(type: ReportType, stored: unknown): StoredGridState {
  const current = GridState.safeParse(stored);
  if (current.success) return { kind: 'current', gridState: current.data };
  const fields = OLD_GRID_FIELDS[type];
  const old = OldGridState.safeParse(stored);
  if (!fields || !old.success) {
    return { kind: 'unreadable', gridState: defaultGridState(type), needsConversion: true };
  }
  return {
    kind: 'converted',
    gridState: convertOldGrid(type, fields, old.data),
    needsConversion: true,
  };
}

function convertOldGrid(
  type: ReportType,
  fields: Readonly<Record<string, string>>,
  old: OldGridState,
): GridState {
  const fallback = defaultGridState(type);
  const mapped = (field: string) => fields[field];
  const hidden = old.columnVisibilityModel ?? {};
  const order = old.columnOrder ?? Object.keys(fields);
  const columns = order
    .filter((field) => hidden[field] !== false && mapped(field) !== undefined)
    .map((field) => {
      const width = old.columnWidths?.[field];
      const key = mapped(field) as string;
      return width === undefined
        ? { key }
        : { key, width: Math.round(Math.min(2000, Math.max(20, width))) };
    });
  const sorts = (old.sortModel ?? []).flatMap((sort) => {
    const column = mapped(sort.field);
    return column && sort.sort ? [{ column, direction: sort.sort }] : [];
  });
  const filters: Record<string, unknown> = {};
  for (const item of old.filterModel?.items ?? []) {
    const column = mapped(item.columnField ?? item.field ?? '');
    const value = ReportFilterValue.safeParse(item.value);
    if (column && value.success) filters[column] = value.data;
  }
  return {
    columns: columns.length > 0 ? dedupe(columns) : fallback.columns,
    filters: reportFiltersToSend(filters as Record<string, z.infer<typeof ReportFilterValue>>),
    sorts: sorts.length > 0 ? sorts : fallback.sorts,
    groupBy: fallback.groupBy,
    pageSize: Math.min(MAX_REPORT_PAGE_SIZE, old.pageSize ?? DEFAULT_REPORT_PAGE_SIZE),
  };
}

function dedupe<T extends { key: string }>(columns: T[]): T[] {
  const seen = new Set<string>();
  return columns.filter((column) => !seen.has(column.key) && seen.add(column.key));
}
