import type { Coverage, SectionState } from '@allot/shared-events';

/** What a section's answer is made of besides its state: the facts the projection keeps. */
export interface SectionViewInput {
  state: Extract<SectionState, { status: 'live' | 'deleted' }>;
  revision: number;
  CourseId: string | null;
  AcademicPeriodId: string | null;
  courseNumber: string | null;
  courseName: string | null;
  points: number;
  coverage: Coverage;
  /** Each assignment's instructor name by user id (null when the user is unknown). */
  instructorName: (userId: string) => string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * A section as GET /api/sections and /api/sections/:id answer it: its fields, course, meetings,
 * assignments (in order made, each with its instructor's name), coverage and times. The sections
 * projection stores it with each row, so a page of the list is read, not built.
 */
export function sectionView(input: SectionViewInput) {
  const { section, assignments } = input.state;
  return {
    ...section,
    revision: input.revision,
    CourseId: input.CourseId,
    AcademicPeriodId: input.AcademicPeriodId,
    courseNumber: input.courseNumber,
    courseName: input.courseName,
    sectionPoints: input.points,
    assignments: Object.values(assignments).map((a) => ({
      ...a,
      instructorName: input.instructorName(a.UserId),
    })),
    coverage: input.coverage,
    assignedPoints: input.coverage.assignedPoints,
    createdAt: input.createdAt,
    updatedAt: input.updatedAt,
  };
}
