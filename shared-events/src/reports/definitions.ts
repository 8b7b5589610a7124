import {
  ASSIGNMENT_STATUS_LABELS,
  COVERAGE_LABELS,
  PREFERENCE_LEVEL_LABELS,
  SUBMISSION_STATUS_LABELS,
} from '../teaching/labels.js';
import type { ReportType } from './reportTypes.js';

/**
 * How a column's values are typed: the grid aligns and formats by it, the filters offer the
 * matching control, and exports write real numbers, dates and booleans.
 */
export type ReportColumnType = 'text' | 'number' | 'date' | 'datetime' | 'boolean' | 'choice';

export interface ReportChoice {
  value: string;
  label: string;
}

export interface ReportColumn {
  key: string;
  label: string;
  type: ReportColumnType;
  /** For `choice` columns: the values and how they read. */
  choices?: readonly ReportChoice[];
  /** Rows can be grouped by this column (with a subtotal of each summed column). */
  groupable?: boolean;
  /** Numbers that add up: groups and the whole report show their sum. */
  summable?: boolean;
}

export interface ReportDefinition {
  type: ReportType;
  title: string;
  description: string;
  /** The report reads one academic period (the working period unless the user picks another). */
  periodScoped: boolean;
  columns: readonly ReportColumn[];
  /** Shown when a report of this type is first opened. */
  defaultColumns: readonly string[];
  defaultSort: readonly { column: string; direction: 'asc' | 'desc' }[];
  defaultGroupBy?: string;
}

const choices = (labels: Readonly<Record<string, string>>): ReportChoice[] =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export const LOAD_LABELS = {
  over: 'Overloaded',
  under: 'Under-loaded',
  within: 'Within required',
} as const;

const text = (key: string, label: string, groupable = false): ReportColumn => ({
  key,
  label,
  type: 'text',
  ...(groupable ? { groupable } : {}),
});
const num = (key: string, label: string, summable = false): ReportColumn => ({
  key,
  label,
  type: 'number',
  ...(summable ? { summable } : {}),
});
const yesNo = (key: string, label: string): ReportColumn => ({
  key,
  label,
  type: 'boolean',
  groupable: true,
});
const choice = (key: string, label: string, labels: Readonly<Record<string, string>>) =>
  ({ key, label, type: 'choice', choices: choices(labels), groupable: true }) as const;

const course = [text('courseNumber', 'Course number'), text('courseName', 'Course name')] as const;
const section = [
  ...course,
  text('sectionNumber', 'Section'),
  text('sectionName', 'Section name'),
  text('workgroup', 'Workgroup', true),
  text('term', 'Term', true),
  text('teachingMode', 'Teaching mode', true),
] as const;

/** The eleven report types (spec §3), declared once: the server queries, the browser shows. */
export const REPORT_DEFINITIONS: Readonly<Record<ReportType, ReportDefinition>> = {
  Courses: {
    type: 'Courses',
    title: 'Courses',
    description: 'The course catalog: numbers, names, credit hours and owning workgroups.',
    periodScoped: false,
    columns: [
      text('courseNumber', 'Course number'),
      text('name', 'Name'),
      text('workgroup', 'Workgroup', true),
      num('creditHours', 'Credit hours'),
      num('unitsMax', 'Units (maximum)'),
      num('maxStudents', 'Students per section'),
      yesNo('isOffered', 'Offered'),
      yesNo('isActive', 'Active'),
    ],
    defaultColumns: ['courseNumber', 'name', 'workgroup', 'creditHours', 'isActive'],
    defaultSort: [{ column: 'courseNumber', direction: 'asc' }],
  },
  CourseOfferings: {
    type: 'CourseOfferings',
    title: 'Course offerings',
    description: 'The courses offered in a period, with their terms, modes and sections.',
    periodScoped: true,
    columns: [
      ...course,
      text('workgroup', 'Workgroup', true),
      text('termModes', 'Terms and modes'),
      num('sections', 'Sections', true),
      num('points', 'Section points', true),
    ],
    defaultColumns: ['courseNumber', 'courseName', 'workgroup', 'termModes', 'sections'],
    defaultSort: [{ column: 'courseNumber', direction: 'asc' }],
  },
  Instructors: {
    type: 'Instructors',
    title: 'Instructors',
    description:
      'Faculty with their type, rank, division and the points they are required to carry.',
    periodScoped: false,
    columns: [
      text('name', 'Instructor'),
      text('email', 'E-mail'),
      text('employeeId', 'Employee ID'),
      text('instructorType', 'Instructor type', true),
      text('rank', 'Rank', true),
      text('division', 'Division', true),
      text('track', 'Track', true),
      num('pointsRequired', 'Points required', true),
      yesNo('receiveAssignments', 'Receives assignment e-mail'),
      yesNo('isActive', 'Active'),
    ],
    defaultColumns: ['name', 'email', 'instructorType', 'rank', 'pointsRequired', 'isActive'],
    defaultSort: [{ column: 'name', direction: 'asc' }],
  },
  InstructorWorkloads: {
    type: 'InstructorWorkloads',
    title: 'Instructor workloads',
    description:
      'Per instructor: points required, assigned in teaching and administration, and what remains.',
    periodScoped: true,
    columns: [
      text('name', 'Instructor'),
      text('email', 'E-mail'),
      text('workgroup', 'Workgroup', true),
      text('instructorType', 'Instructor type', true),
      text('rank', 'Rank', true),
      num('required', 'Required', true),
      num('teaching', 'Teaching', true),
      num('administrative', 'Administrative', true),
      num('assigned', 'Assigned', true),
      num('remaining', 'Remaining', true),
      num('sections', 'Sections', true),
      choice('load', 'Load', LOAD_LABELS),
    ],
    defaultColumns: ['name', 'workgroup', 'required', 'assigned', 'remaining', 'load'],
    defaultSort: [{ column: 'name', direction: 'asc' }],
    defaultGroupBy: 'workgroup',
  },
  Sections: {
    type: 'Sections',
    title: 'Sections',
    description: 'Every section of a period with its points, coverage and instructors.',
    periodScoped: true,
    columns: [
      ...section,
      num('enrollment', 'Enrollment', true),
      num('points', 'Points', true),
      choice('coverage', 'Coverage', COVERAGE_LABELS),
      num('assignedPoints', 'Assigned points', true),
      num('variance', 'Variance', true),
      text('instructors', 'Instructors'),
      text('meetings', 'Meetings'),
    ],
    defaultColumns: [
      'courseNumber',
      'sectionNumber',
      'sectionName',
      'workgroup',
      'points',
      'coverage',
      'instructors',
    ],
    defaultSort: [
      { column: 'courseNumber', direction: 'asc' },
      { column: 'sectionNumber', direction: 'asc' },
    ],
  },
  SectionSchedules: {
    type: 'SectionSchedules',
    title: 'Section schedules',
    description: 'One row per meeting pattern: days, times, dates and rooms of each section.',
    periodScoped: true,
    columns: [
      ...section,
      text('days', 'Days'),
      text('startTime', 'Starts'),
      text('endTime', 'Ends'),
      { key: 'startDate', label: 'First date', type: 'date' },
      { key: 'endDate', label: 'Last date', type: 'date' },
      choice('frequency', 'Repeats', { weekly: 'Weekly', biweekly: 'Every other week' }),
      text('room', 'Room', true),
      text('instructors', 'Instructors'),
    ],
    defaultColumns: [
      'courseNumber',
      'sectionNumber',
      'days',
      'startTime',
      'endTime',
      'room',
      'instructors',
    ],
    defaultSort: [
      { column: 'courseNumber', direction: 'asc' },
      { column: 'sectionNumber', direction: 'asc' },
      { column: 'startTime', direction: 'asc' },
    ],
  },
  Snapshot: {
    type: 'Snapshot',
    title: 'Snapshots',
    description: 'Reports frozen at an instant, with who took them and when.',
    periodScoped: false,
    columns: [
      text('name', 'Name'),
      text('reportType', 'Report', true),
      text('takenBy', 'Taken by', true),
      { key: 'takenAt', label: 'Taken at', type: 'datetime' },
      { key: 'asOf', label: 'Plan as of', type: 'datetime' },
      num('rows', 'Rows', true),
    ],
    defaultColumns: ['name', 'reportType', 'takenBy', 'takenAt', 'asOf', 'rows'],
    defaultSort: [{ column: 'takenAt', direction: 'desc' }],
  },
  TeachingAssignments: {
    type: 'TeachingAssignments',
    title: 'Teaching assignments',
    description: 'Who teaches which section, with the share, points and approval status.',
    periodScoped: true,
    columns: [
      ...section,
      text('instructor', 'Instructor', true),
      text('email', 'E-mail'),
      choice('status', 'Status', ASSIGNMENT_STATUS_LABELS),
      num('share', 'Share (%)'),
      num('points', 'Points', true),
      text('notes', 'Notes'),
      text('period', 'Academic period', true),
    ],
    defaultColumns: [
      'courseNumber',
      'sectionNumber',
      'sectionName',
      'instructor',
      'status',
      'points',
    ],
    defaultSort: [
      { column: 'courseNumber', direction: 'asc' },
      { column: 'sectionNumber', direction: 'asc' },
    ],
    defaultGroupBy: 'status',
  },
  TeachingPreferences: {
    type: 'TeachingPreferences',
    title: 'Teaching preferences',
    description: 'What each instructor would like to teach, and how strongly.',
    periodScoped: true,
    columns: [
      text('instructor', 'Instructor', true),
      choice('level', 'Preference', PREFERENCE_LEVEL_LABELS),
      ...course,
      text('assignmentType', 'Assignment type', true),
      text('term', 'Term', true),
      text('teachingMode', 'Teaching mode', true),
      num('weight', 'Weight'),
      text('notes', 'Notes'),
      choice('submission', 'Submission', SUBMISSION_STATUS_LABELS),
    ],
    defaultColumns: ['instructor', 'level', 'courseNumber', 'courseName', 'term', 'submission'],
    defaultSort: [
      { column: 'instructor', direction: 'asc' },
      { column: 'courseNumber', direction: 'asc' },
    ],
  },
  TeachingPreferenceSubmissions: {
    type: 'TeachingPreferenceSubmissions',
    title: 'Preference submissions',
    description: 'Who has submitted teaching preferences for a period, and when.',
    periodScoped: true,
    columns: [
      text('instructor', 'Instructor'),
      text('email', 'E-mail'),
      choice('status', 'Status', SUBMISSION_STATUS_LABELS),
      { key: 'submittedAt', label: 'Submitted', type: 'datetime' },
      num('preferences', 'Preferences', true),
      num('unavailableTimes', 'Unavailable times', true),
    ],
    defaultColumns: ['instructor', 'email', 'status', 'submittedAt', 'preferences'],
    defaultSort: [{ column: 'instructor', direction: 'asc' }],
    defaultGroupBy: 'status',
  },
  Users: {
    type: 'Users',
    title: 'Users',
    description: 'Everyone who signs in or is planned for, with their roles.',
    periodScoped: false,
    columns: [
      text('name', 'Name'),
      text('email', 'E-mail'),
      text('username', 'Username'),
      text('employeeId', 'Employee ID'),
      text('roles', 'Roles'),
      yesNo('isFaculty', 'Faculty'),
      yesNo('isActive', 'Active'),
      { key: 'lastLoginAt', label: 'Last signed in', type: 'datetime' },
    ],
    defaultColumns: ['name', 'email', 'roles', 'isFaculty', 'isActive'],
    defaultSort: [{ column: 'name', direction: 'asc' }],
  },
};

export function columnOf(type: ReportType, key: string): ReportColumn | undefined {
  return REPORT_DEFINITIONS[type].columns.find((column) => column.key === key);
}
