import { z } from 'zod';
import type { CellType } from './cells.js';

/**
 * What an institution can bring in through Data Services, kind by kind: the columns of each
 * kind's file (the template's headings), what each holds, and which columns name the record a
 * row is about (its external key, so a re-import changes only what changed). Records another
 * kind names are named as people know them — a room by its code, a course by its number, an
 * instructor by employee id, username or e-mail — never by Allot's ids.
 */
export const IMPORT_KIND_NAMES = [
  'users',
  'locations',
  'courses',
  'courseOfferings',
  'sections',
  'teachingAssignments',
  'administrativeAssignments',
] as const;
export const ImportKindName = z.enum(IMPORT_KIND_NAMES);
export type ImportKindName = z.infer<typeof ImportKindName>;

export interface ImportColumn {
  /** Stable name of the column, what a Spec's mapping is keyed by. */
  key: string;
  /** The template's heading; a file's heading matches it ignoring case, spaces and punctuation. */
  label: string;
  type: CellType;
  required?: boolean;
  help: string;
  example: string;
  /** Other headings files from other systems give it ("Emplid" for an instructor). */
  aliases?: readonly string[];
}

export interface ImportKind {
  name: ImportKindName;
  label: string;
  description: string;
  /** The columns that name a row's record, in words. */
  keyWords: string;
  /** Whether several rows describe one record (a section's meetings, an offering's term modes). */
  rowsPerRecord: 'one' | 'many';
  columns: readonly ImportColumn[];
}

const column = (
  key: string,
  label: string,
  type: CellType,
  help: string,
  example: string,
  required = false,
): ImportColumn => ({ key, label, type, help, example, ...(required ? { required } : {}) });

/** The taxonomy lists a course wants and a faculty profile carries, by their names. */
const taxonomyColumns = (whose: string): ImportColumn[] =>
  [
    ['campuses', 'Campuses', 'North'],
    ['programs', 'Programs', 'Biology BS'],
    ['specialties', 'Specialties', 'Genetics'],
    ['majors', 'Majors', 'Biology'],
    ['cohorts', 'Cohorts', 'Honors'],
  ].map(([key, label, example]) =>
    column(
      key as string,
      label as string,
      'list',
      `${label as string} ${whose}, by name, separated by semicolons.`,
      example as string,
    ),
  );

/** The columns that name a section: its course, period, term, teaching mode and number. */
const sectionKeyColumns: ImportColumn[] = [
  column('courseNumber', 'Course number', 'text', 'The course, by its number.', 'BIO 101', true),
  column('period', 'Academic period', 'text', 'The academic period, by name.', '2026–2027', true),
  column('term', 'Term', 'text', 'The term, by name (empty: none).', 'Fall'),
  column('teachingMode', 'Teaching mode', 'text', 'The teaching mode, by name.', 'In person'),
  column(
    'sectionNumber',
    'Section number',
    'text',
    'Unique within the offering, term and mode.',
    '001',
    true,
  ),
];

const instructorColumn = column(
  'instructor',
  'Instructor',
  'text',
  "The instructor's employee id, username or e-mail address.",
  'E10234',
  true,
);

export const IMPORT_KINDS: Readonly<Record<ImportKindName, ImportKind>> = {
  users: {
    name: 'users',
    label: 'Users and faculty profiles',
    description: 'People who sign in or are planned for, with their faculty profiles.',
    keyWords: 'Employee ID, else host system ID, else username, else e-mail',
    rowsPerRecord: 'one',
    columns: [
      column(
        'EmployeeId',
        'Employee ID',
        'text',
        'The HR system’s number for the person.',
        'E10234',
      ),
      column(
        'hostSystemId',
        'Host system ID',
        'text',
        'The id the campus sign-in knows them by.',
        'rnovak',
      ),
      column('username', 'Username', 'text', 'Unique; what they sign in with.', 'rnovak', true),
      column('email', 'E-mail', 'text', 'Unique.', 'rnovak@example.edu', true),
      column('firstName', 'First name', 'text', '', 'Rafael', true),
      column('lastName', 'Last name', 'text', '', 'Novak', true),
      column(
        'displayName',
        'Display name',
        'text',
        'How Allot names them (default: first and last name).',
        'Rafael Novak',
      ),
      column('isFaculty', 'Faculty', 'boolean', 'Yes for instructors.', 'Yes'),
      column('isActive', 'Active', 'boolean', 'No for people who left.', 'Yes'),
      column('instructorType', 'Instructor type', 'text', 'By name.', 'Tenure track'),
      column('rank', 'Rank', 'text', 'By name.', 'Associate Professor'),
      column('division', 'Division', 'text', 'By name.', 'Sciences'),
      column('track', 'Track', 'text', 'By name.', 'Research'),
      ...taxonomyColumns('the instructor carries'),
      column(
        'pointsRequired',
        'Points required',
        'number',
        'The teaching load they owe in the period.',
        '12',
      ),
      column(
        'receiveAssignments',
        'Receives assignments',
        'boolean',
        'No keeps them out of suggestions and mail.',
        'Yes',
      ),
    ],
  },
  locations: {
    name: 'locations',
    label: 'Rooms',
    description: 'Rooms and places sections meet in.',
    keyWords: 'Code',
    rowsPerRecord: 'one',
    columns: [
      column('code', 'Code', 'text', 'Unique among active rooms.', 'SCI 101', true),
      column('description', 'Description', 'text', '', 'Science hall lecture room'),
      column('capacity', 'Capacity', 'integer', 'Seats.', '40', true),
      column('isActive', 'Active', 'boolean', '', 'Yes'),
    ],
  },
  courses: {
    name: 'courses',
    label: 'Courses',
    description: 'The catalog: what can be taught, with its sections’ defaults.',
    keyWords: 'Course number',
    rowsPerRecord: 'one',
    columns: [
      column(
        'courseNumber',
        'Course number',
        'text',
        'Unique among active courses.',
        'BIO 101',
        true,
      ),
      column('name', 'Title', 'text', '', 'Cells and Genes', true),
      column('workgroup', 'Workgroup', 'text', 'The department planning it, by name.', 'Biology'),
      column(
        'sectionCreditHours',
        'Credit hours',
        'number',
        'Points a section brings by default.',
        '3',
      ),
      column('unitsMax', 'Units max', 'number', '', '4'),
      column('sectionMaxStudents', 'Max students per section', 'integer', '', '35'),
      column('isOffered', 'Offered', 'boolean', '', 'Yes'),
      column('isActive', 'Active', 'boolean', '', 'Yes'),
      ...taxonomyColumns('the course wants its instructors to carry'),
    ],
  },
  courseOfferings: {
    name: 'courseOfferings',
    label: 'Course offerings',
    description:
      'Courses planned in a period, with the terms and teaching modes they are taught in (a row per term and mode).',
    keyWords: 'Course number and academic period',
    rowsPerRecord: 'many',
    columns: [
      column(
        'courseNumber',
        'Course number',
        'text',
        'The course, by its number.',
        'BIO 101',
        true,
      ),
      column('period', 'Academic period', 'text', 'By name.', '2026–2027', true),
      column('term', 'Term', 'text', 'A term it is taught in, by name.', 'Fall'),
      column(
        'teachingMode',
        'Teaching mode',
        'text',
        'The mode in that term, by name.',
        'In person',
      ),
    ],
  },
  sections: {
    name: 'sections',
    label: 'Sections',
    description:
      'Sections with their meetings and rooms (a row per meeting; a section without meetings has one row with them empty).',
    keyWords: 'Course number, academic period, term, teaching mode and section number',
    rowsPerRecord: 'many',
    columns: [
      ...sectionKeyColumns,
      column('name', 'Name', 'text', 'What the section is called.', 'Lecture', true),
      column('workgroup', 'Workgroup', 'text', 'By name (default: the course’s).', 'Biology'),
      column('enrollment', 'Enrollment', 'integer', 'Expected students.', '30'),
      column('points', 'Points', 'number', 'Overrides the course’s credit hours.', '3'),
      column('days', 'Days', 'days', 'Meeting days: MWF, TTh, MO WE …', 'TTh'),
      column('startTime', 'Start time', 'time', '', '09:30'),
      column('endTime', 'End time', 'time', '', '10:45'),
      column('startDate', 'Start date', 'date', 'First day the meeting may fall on.', '2026-08-25'),
      column('endDate', 'End date', 'date', 'Last day it may fall on.', '2026-12-08'),
      column('room', 'Room', 'text', 'By its code.', 'SCI 101'),
    ],
  },
  teachingAssignments: {
    name: 'teachingAssignments',
    label: 'Teaching assignments',
    description: 'Who teaches which section, and their share of it.',
    keyWords: 'The section’s columns and the instructor',
    rowsPerRecord: 'one',
    columns: [
      ...sectionKeyColumns,
      instructorColumn,
      column(
        'share',
        'Share (%)',
        'number',
        'Their part of the section (empty: an equal split).',
        '50',
      ),
    ],
  },
  administrativeAssignments: {
    name: 'administrativeAssignments',
    label: 'Administrative assignments',
    description: 'Chairs, directorships, leaves and other duties with their points.',
    keyWords: 'Instructor, academic period, type and term',
    rowsPerRecord: 'one',
    columns: [
      instructorColumn,
      column('period', 'Academic period', 'text', 'By name.', '2026–2027', true),
      column(
        'type',
        'Type',
        'text',
        'The administrative assignment type, by name.',
        'Department chair',
        true,
      ),
      column('term', 'Term', 'text', 'By name (empty: the whole period).', 'Fall'),
      column('points', 'Points', 'number', '', '3', true),
      column(
        'takesWholeTerm',
        'Takes the whole term',
        'boolean',
        'Yes for a leave or sabbatical.',
        'No',
      ),
      column('notes', 'Notes', 'text', '', ''),
    ],
  },
};

/** A heading as compared: letters and digits only, lower-case ("E-mail" = "email"). */
export function headingKey(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The column each heading of a file fills, matched by label or key (ignoring case, spaces and
 * punctuation); columns no heading matches map to null.
 */
export function guessMapping(
  kind: Pick<ImportKind, 'columns'>,
  headings: readonly string[],
): Record<string, string | null> {
  const byKey = new Map(headings.map((h) => [headingKey(h), h]));
  return Object.fromEntries(
    kind.columns.map((c) => [
      c.key,
      [c.label, c.key, ...(c.aliases ?? [])]
        .map((name) => byKey.get(headingKey(name)))
        .find((heading) => heading !== undefined) ?? null,
    ]),
  );
}
