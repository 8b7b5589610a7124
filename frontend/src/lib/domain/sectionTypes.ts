import type { HistoryAttribution, HistoryChange } from '../api/resourceApi.js';
/** The shapes of the sections read routes (projection-service/src/teaching) and write bodies. */

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MO: 'Mon',
  TU: 'Tue',
  WE: 'Wed',
  TH: 'Thu',
  FR: 'Fri',
  SA: 'Sat',
  SU: 'Sun',
};

export interface Meeting {
  id: string;
  days: Weekday[];
  startTime: string;
  endTime: string;
  startDate: string;
  until?: string | null;
  occurrences?: number | null;
  frequency: 'weekly' | 'biweekly';
  exceptions?: string[];
  LocationId?: string | null;
  description?: string | null;
}

export const ASSIGNMENT_STATUSES = [
  'proposed',
  'approved',
  'final',
  'reopened',
  'withdrawn',
] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export const COVERAGE_STATUSES = ['uncovered', 'partial', 'covered', 'over'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];

export interface Coverage {
  status: CoverageStatus;
  shareTotal: number;
  assignedPoints: number;
  variance: number;
}

export interface SectionAssignment {
  id: string;
  UserId: string;
  share: number | null;
  notes: string | null;
  status: AssignmentStatus;
  instructorName: string | null;
}

export interface TermMode {
  AcademicTermId: string;
  TeachingModeId: string;
}

export interface SectionRow {
  id: string;
  revision: number;
  CourseOfferingId: string;
  WorkgroupId: string;
  name: string;
  sectionNumber: string;
  enrollment: number | null;
  defaultPoints: number | null;
  points: number | null;
  notes: string | null;
  TermMode: TermMode | null;
  allowOverlap: boolean;
  meetings: Meeting[];
  CourseId: string | null;
  AcademicPeriodId: string | null;
  courseNumber: string | null;
  courseName: string | null;
  sectionPoints: number;
  assignments: SectionAssignment[];
  coverage: Coverage | null;
  createdAt: string;
  updatedAt: string;
}

export interface AssignmentRow {
  id: string;
  SectionId: string;
  WorkgroupId: string;
  UserId: string;
  instructorName: string | null;
  status: AssignmentStatus;
  share: number | null;
  sharePercent: number;
  points: number;
  notes: string | null;
  CourseOfferingId: string;
  AcademicPeriodId: string | null;
  courseNumber: string | null;
  courseName: string | null;
  sectionNumber: string;
  sectionName: string;
  /** The section's term (null while it has no term mode). */
  AcademicTermId?: string | null;
  sectionRevision: number | null;
  createdAt: string;
  updatedAt: string;
  /** How the assignment aligns with the instructor's preferences (DOMAIN.md), with reasons. */
  preferenceAlignment?: PreferenceAlignmentView | null;
}

export interface PreferenceAlignmentView {
  score: number;
  blocked: boolean;
  reasons: { code: string; message: string; contribution?: number }[];
}

export interface ListAnswer<T> {
  count: number;
  rows: T[];
}

export interface InstructorOption {
  id: string;
  displayName: string;
  isFaculty: boolean;
  isActive: boolean;
}

/** The fields a user edits (POST /api/sections, PUT /api/sections/:id). */
export interface SectionBody {
  CourseOfferingId?: string;
  WorkgroupId?: string;
  name?: string;
  sectionNumber?: string;
  enrollment?: number | null;
  defaultPoints?: number | null;
  points?: number | null;
  notes?: string | null;
  TermMode?: TermMode | null;
  allowOverlap?: boolean;
}

export interface SectionHistoryEntry extends HistoryAttribution {
  position: string;
  revision: number;
  type: string;
  at: string;
  assignment: { id: string; instructor: { id: string; displayName: string } } | null;
  changes: HistoryChange[];
}

/** The two bulk routes: the workgroup's approval and academic affairs' (final). */
export type BulkApprovalLevel = 'approve' | 'finalize';

/** What `POST /api/sectionAssignments/approve|finalize` answers. */
export interface BulkApprovalAnswer {
  approved: { SectionId: string; id: string; revision: number }[];
  refused: { SectionId: string; id: string; statusCode: number; message: string }[];
  position: string | null;
}
