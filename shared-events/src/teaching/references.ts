import { registerReference, type ReferenceStorage } from '../resources/references.js';

/*
 * The records sections, their meetings and assignments, and teaching preferences name. They are
 * not declared kinds, so they register here: deleting a course, location, teaching mode, term,
 * assignment type, offering, workgroup, period or user they still name answers 422
 * (docs/resources.md). The tables and columns are the read models' (projection-service
 * teaching/sectionsProjection.ts, preferences/preferencesProjection.ts); inUse.int.test.ts there
 * counts through each of them.
 */

const section = (storage: Omit<ReferenceStorage, 'table' | 'deletedColumn'>) => ({
  path: 'sections',
  projection: 'sections',
  plural: 'sections',
  singular: 'section',
  storage: { table: 'sections', deletedColumn: 'deleted', ...storage },
});

registerReference('courseOffering', {
  ...section({ column: 'course_offering_id' }),
  field: 'CourseOfferingId',
});
// The offering's course, kept on each section row: a course is named by its offerings' sections.
registerReference('course', { ...section({ column: 'course_id' }), field: 'CourseId' });
registerReference('workgroup', { ...section({ column: 'workgroup_id' }), field: 'WorkgroupId' });
registerReference('academicPeriod', {
  ...section({ column: 'academic_period_id' }),
  field: 'AcademicPeriodId',
});
registerReference('academicTerm', {
  ...section({ column: 'state', json: true }),
  field: 'section.TermMode.AcademicTermId',
});
registerReference('teachingMode', {
  ...section({ column: 'state', json: true }),
  field: 'section.TermMode.TeachingModeId',
});
// Each meeting in the room counts, so the sentence says how many meetings to move.
registerReference('location', {
  path: 'sectionMeetings',
  projection: 'sections',
  field: 'section.meetings.LocationId',
  plural: 'meetings',
  singular: 'meeting',
  storage: { table: 'sections', column: 'state', json: true, deletedColumn: 'deleted' },
});

// Withdrawn assignments count too: they stay on the section, naming their instructor.
registerReference('user', {
  path: 'sectionAssignments',
  projection: 'sections',
  field: 'UserId',
  plural: 'teaching assignments',
  singular: 'teaching assignment',
  storage: { table: 'section_assignments', column: 'user_id', deletedColumn: 'deleted' },
});

const preference = (field: string, column: string) => ({
  path: 'teachingPreferences',
  projection: 'preferences',
  field,
  plural: 'teaching preferences',
  singular: 'teaching preference',
  // Removed preferences leave no row.
  storage: { table: 'teaching_preferences', column },
});

registerReference('course', preference('CourseId', 'course_id'));
registerReference('assignmentType', preference('AssignmentTypeId', 'assignment_type_id'));
registerReference('academicTerm', preference('AcademicTermId', 'academic_term_id'));
registerReference('teachingMode', preference('TeachingModeId', 'teaching_mode_id'));
registerReference('academicPeriod', preference('AcademicPeriodId', 'period_id'));
registerReference('user', preference('UserId', 'user_id'));
