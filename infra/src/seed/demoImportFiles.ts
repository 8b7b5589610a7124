import { stringify } from 'csv-stringify/sync';
import {
  IMPORT_KINDS,
  administrativeAssignmentTypes,
  campuses,
  divisions,
  instructorTypes,
  majors,
  programs,
  ranks,
  specialties,
  teachingModes,
  tracks,
  type ImportKindName,
  type ResourceDefinition,
  type Weekday,
} from '@allot/shared-events';
import { demoCourses, demoRooms } from './demoCatalog.js';
import { DEMO_FACULTY_PROFILES, demoConfigurationName } from './demoConfiguration.js';
import { academicYearOf, demoPeriodName, demoTermsOf, type DemoTerm } from './demoPeriods.js';
import { demoPlan, type DemoInstructor, type PlannedSection } from './demoPlan.js';
import { demoCourseTaxonomies, meetingOf } from './demoTeaching.js';

/**
 * The demo institution as the files a university would bring it in with (docs/data-services.md
 * "The demo as files"): one CSV per import kind, in the order they import, written from the demo
 * plan the seed runs — not read back from a database — the way a student information or HR
 * system writes them: headings as Allot's templates head them, records named by name, code,
 * number, employee id or username, never by Allot's ids. Importing them into a demo without its
 * teaching plan gives the plan the seed writes (demoImportFiles.int.test.ts).
 */

export interface DemoImportFile {
  kind: ImportKindName;
  /** Numbered in import order, so a folder lists them as they are to be imported. */
  fileName: string;
  csv: string;
  /** Rows below the headings. */
  rows: number;
}

export interface DemoImportFilesOptions {
  /** The day the demo was seeded: its periods are named after the academic year it falls in. */
  now?: Date;
  /**
   * Whether the people's file carries their points required. Financial data: only whoever may
   * change it may import it (the demo's financial reporting user), so it is left out by default.
   */
  pointsRequired?: boolean;
}

type Row = Readonly<Record<string, string>>;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const list = (names: readonly string[]) => names.join('; ');
const named = (resource: ResourceDefinition, keys: readonly string[]) =>
  list(keys.map((key) => demoConfigurationName(resource, key)));

/** Days the way SIS extracts write them: M T W R F S U ("MWF", "TR"). */
const DAY_LETTERS: Record<Weekday, string> = {
  MO: 'M',
  TU: 'T',
  WE: 'W',
  TH: 'R',
  FR: 'F',
  SA: 'S',
  SU: 'U',
};

/** A file of `kind` with these columns (by key, headed by their labels) and rows. */
function fileOf(
  kind: ImportKindName,
  fileName: string,
  keys: readonly string[],
  rows: readonly Row[],
): DemoImportFile {
  const columns = keys.map((key) => {
    const column = IMPORT_KINDS[kind].columns.find((c) => c.key === key);
    // A column renamed in the kinds must fail here, not import as nothing.
    if (!column) throw new Error(`The ${kind} import has no column ${key}`);
    return column;
  });
  const table = [columns.map((c) => c.label), ...rows.map((r) => keys.map((k) => r[k] ?? ''))];
  return { kind, fileName, csv: stringify(table), rows: rows.length };
}

/** How a person names an instructor in a file: by employee id, else (a demo account) username. */
const instructorOf = (instructor: Pick<DemoInstructor, 'employeeId' | 'username'>) =>
  instructor.employeeId || instructor.username;

function roomsFile(): DemoImportFile {
  const rows = demoRooms().map((room) => ({
    code: room.code,
    description: room.description,
    capacity: String(room.capacity),
    isActive: 'Yes',
  }));
  return fileOf('locations', '1-rooms.csv', ['code', 'description', 'capacity', 'isActive'], rows);
}

/** The profile a faculty member carries, by slug or code: the plan's, or a demo account's own. */
function profileOf(instructor: DemoInstructor) {
  if (!instructor.demoAccount) {
    return {
      instructorType: instructor.type,
      rank: instructor.rank,
      division: instructor.department.division,
      track: instructor.track,
      campuses: instructor.campuses,
      programs: instructor.programs,
      majors: instructor.majors,
      specialties: instructor.specialties,
    };
  }
  const profile = DEMO_FACULTY_PROFILES.find((p) => p.username === instructor.username);
  if (!profile) throw new Error(`The demo account ${instructor.username} has no faculty profile`);
  return { ...profile, specialties: [] as string[] };
}

function facultyFile(withPointsRequired: boolean): DemoImportFile {
  const rows = demoPlan().instructors.map((instructor) => {
    const profile = profileOf(instructor);
    return {
      EmployeeId: instructor.employeeId,
      username: instructor.username,
      email: instructor.email,
      firstName: instructor.firstName,
      lastName: instructor.lastName,
      isFaculty: 'Yes',
      isActive: 'Yes',
      instructorType: demoConfigurationName(instructorTypes, profile.instructorType),
      rank: profile.rank ? demoConfigurationName(ranks, profile.rank) : '',
      division: demoConfigurationName(divisions, profile.division),
      track: demoConfigurationName(tracks, profile.track),
      campuses: named(campuses, profile.campuses),
      programs: named(programs, profile.programs),
      majors: named(majors, profile.majors),
      specialties: named(specialties, profile.specialties),
      receiveAssignments: 'Yes',
      pointsRequired: String(instructor.pointsRequired),
    };
  });
  const keys = [
    'EmployeeId',
    'username',
    'email',
    'firstName',
    'lastName',
    'isFaculty',
    'isActive',
    'instructorType',
    'rank',
    'division',
    'track',
    'campuses',
    'programs',
    'majors',
    'specialties',
    'receiveAssignments',
    ...(withPointsRequired ? ['pointsRequired'] : []),
  ];
  return fileOf('users', '2-faculty.csv', keys, rows);
}

function coursesFile(): DemoImportFile {
  const rows = demoCourses().map((course) => {
    const wants = demoCourseTaxonomies(course);
    return {
      courseNumber: course.courseNumber,
      name: course.name,
      workgroup: course.department.name,
      sectionCreditHours: String(course.creditHours),
      unitsMax: String(course.creditHours),
      sectionMaxStudents: String(course.sectionMaxStudents),
      isOffered: yesNo(course.isOffered),
      isActive: 'Yes',
      programs: named(programs, wants.programs),
      majors: named(majors, wants.majors),
      specialties: named(specialties, wants.specialties),
    };
  });
  const keys = [
    'courseNumber',
    'name',
    'workgroup',
    'sectionCreditHours',
    'unitsMax',
    'sectionMaxStudents',
    'isOffered',
    'isActive',
    'programs',
    'majors',
    'specialties',
  ];
  return fileOf('courses', '3-courses.csv', keys, rows);
}

/** The period and its terms by key, as the files name them. */
interface Calendar {
  period: string;
  terms: Record<DemoTerm['key'], DemoTerm>;
}

function offeringsFile(calendar: Calendar): DemoImportFile {
  const rows = demoPlan().offerings.flatMap(({ course, termModes }) => {
    const offering = { courseNumber: course.courseNumber, period: calendar.period };
    // An offering without terms is still a row (none in the demo: every offered course is taught).
    if (termModes.length === 0) return [offering];
    return termModes.map(([term, mode]) => ({
      ...offering,
      term: calendar.terms[term].name,
      teachingMode: demoConfigurationName(teachingModes, mode),
    }));
  });
  const keys = ['courseNumber', 'period', 'term', 'teachingMode'];
  return fileOf('courseOfferings', '4-course-offerings.csv', keys, rows);
}

/** The columns that name a section, in a sections or teaching assignments file. */
function sectionKeyOf(section: PlannedSection, calendar: Calendar): Row {
  return {
    courseNumber: section.course.courseNumber,
    period: calendar.period,
    term: calendar.terms[section.term].name,
    teachingMode: demoConfigurationName(teachingModes, section.mode),
    sectionNumber: section.sectionNumber,
  };
}
const SECTION_KEY_COLUMNS = ['courseNumber', 'period', 'term', 'teachingMode', 'sectionNumber'];

/**
 * A section's points as a file says them: empty when the course's credit hours apply. Allot has
 * one column for a section's own points and its default points (a lab counts its contact hours),
 * so the seed's default points are written as the section's points.
 */
function pointsOf(section: PlannedSection): string {
  const points = section.points ?? section.defaultPoints;
  return points === section.course.creditHours ? '' : String(points);
}

function sectionsFile(calendar: Calendar): DemoImportFile {
  const rows = demoPlan().sections.flatMap((section) => {
    const base = {
      ...sectionKeyOf(section, calendar),
      name: section.name,
      workgroup: section.course.department.name,
      enrollment: String(section.enrollment),
      points: pointsOf(section),
    };
    // A section without meetings (online) is one row with the meeting columns empty.
    if (section.meetings.length === 0) return [base];
    const term = calendar.terms[section.term];
    return section.meetings.map((planned) => {
      // The seed's own meeting: classes end a week before the term (finals), so dates are given.
      const meeting = meetingOf(planned, section.term, term);
      return {
        ...base,
        days: meeting.days.map((d) => DAY_LETTERS[d]).join(''),
        startTime: meeting.startTime,
        endTime: meeting.endTime,
        startDate: meeting.startDate,
        endDate: meeting.until ?? '',
        room: planned.room ?? '',
      };
    });
  });
  const keys = [
    ...SECTION_KEY_COLUMNS,
    'name',
    'workgroup',
    'enrollment',
    'points',
    'days',
    'startTime',
    'endTime',
    'startDate',
    'endDate',
    'room',
  ];
  return fileOf('sections', '5-sections.csv', keys, rows);
}

function instructorNamed(username: string): string {
  const instructor = demoPlan().instructors.find((i) => i.username === username);
  if (!instructor) throw new Error(`The demo plan has no instructor ${username}`);
  return instructorOf(instructor);
}

function teachingAssignmentsFile(calendar: Calendar): DemoImportFile {
  const rows = demoPlan().sections.flatMap((section) =>
    section.assignments.map((assignment) => ({
      ...sectionKeyOf(section, calendar),
      instructor: instructorNamed(assignment.username),
      // Empty: an equal split of what the others' shares leave.
      share: assignment.share === null ? '' : String(assignment.share),
    })),
  );
  const keys = [...SECTION_KEY_COLUMNS, 'instructor', 'share'];
  return fileOf('teachingAssignments', '6-teaching-assignments.csv', keys, rows);
}

function administrativeAssignmentsFile(calendar: Calendar): DemoImportFile {
  const rows = demoPlan().administrativeAssignments.map((work) => ({
    instructor: instructorNamed(work.username),
    period: calendar.period,
    type: demoConfigurationName(administrativeAssignmentTypes, work.type),
    term: work.term ? calendar.terms[work.term].name : '',
    points: String(work.points),
    takesWholeTerm: yesNo(work.takesWholeTerm),
    notes: work.notes,
  }));
  const keys = ['instructor', 'period', 'type', 'term', 'points', 'takesWholeTerm', 'notes'];
  return fileOf('administrativeAssignments', '7-administrative-assignments.csv', keys, rows);
}

/**
 * The demo as files, in import order: rooms, faculty, courses, course offerings, sections with
 * their meetings, teaching assignments, administrative assignments. The current period is the
 * one the seed makes system-active on `now`.
 */
export function demoImportFiles(options: DemoImportFilesOptions = {}): DemoImportFile[] {
  const year = academicYearOf(options.now ?? new Date());
  const terms = demoTermsOf(year);
  const calendar: Calendar = {
    period: demoPeriodName(year),
    terms: Object.fromEntries(terms.map((t) => [t.key, t])) as Calendar['terms'],
  };
  return [
    roomsFile(),
    facultyFile(options.pointsRequired === true),
    coursesFile(),
    offeringsFile(calendar),
    sectionsFile(calendar),
    teachingAssignmentsFile(calendar),
    administrativeAssignmentsFile(calendar),
  ];
}
