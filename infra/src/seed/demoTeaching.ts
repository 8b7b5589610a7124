import { DomainRuleError } from '@allot/command-service';
import {
  academicTerms,
  campuses,
  divisions,
  instructorTypes,
  locations,
  majors,
  programs,
  ranks,
  specialties,
  streamId,
  teachingModes,
  tracks,
  type Meeting,
  type Weekday,
} from '@allot/shared-events';
import {
  DEMO_DEPARTMENTS,
  EARLIER_WORKGROUP_KEYS,
  addedDemoRooms,
  demoCourses,
  type DemoCourse,
} from './demoCatalog.js';
import { CONFIGURATION_LOCATIONS, demoConfigurationId } from './demoConfiguration.js';
import { createOnce } from './demoCreate.js';
import { academicYearOf, demoAcademicPeriodId, demoAcademicTermId } from './demoPeriods.js';
import {
  demoPlan,
  type DemoInstructor,
  type PlannedAssignment,
  type PlannedMeeting,
  type PlannedSection,
  type TermKey,
} from './demoPlan.js';
import { demoUserId } from './demoUsers.js';
import { deterministicId } from '@allot/shared-events';
import { runInLanes } from './seedConcurrency.js';
import type { SeedContext, SeedStep } from './seedStep.js';

/**
 * The demo institution at scale (issue 6): rooms, faculty, departments, the course catalog, the
 * current period's offerings and sections with their meetings, and who teaches them — every
 * record through the same commands a person's request runs. The plan itself is demoPlan.ts.
 */

/** Commands of one step that do not depend on each other run this many at a time. */
export const SEED_CONCURRENCY = 8;

const STEPS = {
  rooms: 'demo-rooms',
  faculty: 'demo-faculty',
  departments: 'demo-departments',
  courses: 'demo-courses',
  offerings: 'demo-course-offerings',
  sections: 'demo-sections',
  assignments: 'demo-teaching-assignments',
} as const;

// ---------------------------------------------------------------------------------------------
// Ids other steps (and tests) use

const EARLIER_ROOM_CODES = new Set(CONFIGURATION_LOCATIONS.map(([code]) => code));

/** A room's location id: the configuration step's seven, or one of `demo-rooms`. */
export function demoRoomId(code: string): string {
  return EARLIER_ROOM_CODES.has(code)
    ? demoConfigurationId(locations, code)
    : deterministicId(`${STEPS.rooms}/location/${code}`);
}

/** A faculty member's user id: a demo sign-in account's, or one `demo-faculty` created. */
export function demoInstructorId(
  instructor: Pick<DemoInstructor, 'username' | 'demoAccount'>,
): string {
  return instructor.demoAccount
    ? demoUserId(instructor.username)
    : deterministicId(`${STEPS.faculty}/user/${instructor.username}`);
}

/** A department's workgroup id (Mathematics, Biology and English are `demo-workgroups`'). */
export function demoDepartmentId(key: string): string {
  return EARLIER_WORKGROUP_KEYS.has(key)
    ? deterministicId(`demo-workgroups/workgroup/${key}`)
    : deterministicId(`${STEPS.departments}/workgroup/${key}`);
}

export function demoCourseId(courseKey: string): string {
  return deterministicId(`${STEPS.courses}/course/${courseKey}`);
}

export function demoOfferingId(courseKey: string): string {
  return deterministicId(`${STEPS.offerings}/courseOffering/active/${courseKey}`);
}

export function demoSectionId(sectionKey: string): string {
  return deterministicId(`${STEPS.sections}/section/${sectionKey}`);
}

export function demoAssignmentId(sectionKey: string, username: string): string {
  return deterministicId(`${STEPS.assignments}/assignment/${sectionKey}/${username}`);
}

function instructorIdOf(username: string): string {
  const instructor = demoPlan().instructors.find((i) => i.username === username);
  if (!instructor) throw new Error(`The demo plan has no instructor ${username}`);
  return demoInstructorId(instructor);
}

// ---------------------------------------------------------------------------------------------
// Running commands once

/**
 * Runs a command; a refusal saying it was done already (a step re-run after a crash) is fine.
 * Answers whether the command ran now.
 */
async function runOnce(
  ctx: SeedContext,
  commandName: string,
  payload: Record<string, unknown>,
  alreadyDone: readonly string[],
): Promise<boolean> {
  try {
    await ctx.execute(commandName, payload);
    return true;
  } catch (err) {
    if (err instanceof DomainRuleError && alreadyDone.includes(err.message)) return false;
    throw err;
  }
}

const inParallel = <T>(items: readonly T[], work: (item: T) => Promise<unknown>) =>
  runInLanes(items, { concurrency: SEED_CONCURRENCY }, work);

// ---------------------------------------------------------------------------------------------
// Rooms, faculty, departments

/** The rest of the campus: rooms in six buildings, labs included. */
export const demoRoomsStep: SeedStep = {
  name: STEPS.rooms,
  async run(ctx) {
    await inParallel(addedDemoRooms(), (room) =>
      createOnce(ctx, locations.commandNames.create, {
        id: demoRoomId(room.code),
        code: room.code,
        description: room.description,
        capacity: room.capacity,
      }),
    );
  },
};

const byConfig = demoConfigurationId;

/** What is entered about a faculty member's load: the points required (assigned is computed). */
function financialDataOf(instructor: DemoInstructor) {
  return { pointsRequired: instructor.pointsRequired };
}

/**
 * The faculty who teach: new users with the faculty role, profile and financial data; the demo
 * sign-in accounts who teach get their financial data (their accounts stay as they are).
 */
export const demoFacultyStep: SeedStep = {
  name: STEPS.faculty,
  async run(ctx) {
    const { instructors } = demoPlan();
    await inParallel(instructors, async (instructor) => {
      if (instructor.demoAccount) {
        // An update records only changes: a re-run after a crash records nothing new.
        await ctx.execute('UpdateUser', {
          id: demoInstructorId(instructor),
          FinancialData: financialDataOf(instructor),
        });
        return;
      }
      await createOnce(ctx, 'CreateUser', {
        id: demoInstructorId(instructor),
        firstName: instructor.firstName,
        lastName: instructor.lastName,
        ...(instructor.honorific ? { honorific: instructor.honorific } : {}),
        email: instructor.email,
        username: instructor.username,
        EmployeeId: instructor.employeeId,
        Roles: [{ slug: 'faculty' }],
        isActive: true,
        isFaculty: true,
        FacultyProfile: {
          InstructorTypeId: byConfig(instructorTypes, instructor.type),
          isActive: true,
          receiveAssignments: true,
          DivisionId: byConfig(divisions, instructor.department.division),
          TrackId: byConfig(tracks, instructor.track),
          RankId: instructor.rank ? byConfig(ranks, instructor.rank) : null,
          CampusIds: instructor.campuses.map((c) => byConfig(campuses, c)),
          ProgramIds: instructor.programs.map((p) => byConfig(programs, p)),
          MajorIds: instructor.majors.map((m) => byConfig(majors, m)),
          SpecialtyIds: instructor.specialties.map((s) => byConfig(specialties, s)),
          CohortIds: [],
        },
        FinancialData: financialDataOf(instructor),
      });
    });
  },
};

/** The departments beyond the first three, each with a chair, an approver and a scheduler. */
export const demoDepartmentsStep: SeedStep = {
  name: STEPS.departments,
  async run(ctx) {
    const { members } = demoPlan();
    const added = DEMO_DEPARTMENTS.filter((d) => !EARLIER_WORKGROUP_KEYS.has(d.key));
    await inParallel(added, (department) =>
      createOnce(ctx, 'CreateWorkgroup', {
        id: demoDepartmentId(department.key),
        name: department.name,
        members: (members.get(department.key) ?? []).map(([username, permission]) => ({
          UserId: instructorIdOf(username),
          permission,
        })),
      }),
    );
  },
};

// ---------------------------------------------------------------------------------------------
// Catalog and offerings

/**
 * What a course wants its instructors to carry, by slug: its program, the department's major for
 * upper-level courses, the department's specialty for the courses it names.
 */
export function demoCourseTaxonomies(course: DemoCourse): {
  programs: string[];
  majors: string[];
  specialties: string[];
} {
  const { department } = course;
  const number = course.courseNumber.split(' ')[1] ?? '';
  const { major, specialty } = department;
  return {
    programs: [course.level === 5 ? 'graduate' : 'undergraduate'],
    majors: major !== undefined && course.level >= 3 ? [major] : [],
    specialties: specialty?.courses.includes(number) ? [specialty.slug] : [],
  };
}

/** Every course of the catalog, offered this year or not. */
export const demoCoursesStep: SeedStep = {
  name: STEPS.courses,
  async run(ctx) {
    await inParallel(demoCourses(), (course) => {
      const wants = demoCourseTaxonomies(course);
      return createOnce(ctx, 'CreateCourse', {
        id: demoCourseId(course.key),
        courseNumber: course.courseNumber,
        name: course.name,
        unitsMax: course.creditHours,
        isActive: true,
        isOffered: course.isOffered,
        sectionMaxStudents: course.sectionMaxStudents,
        sectionCreditHours: course.creditHours,
        WorkgroupId: demoDepartmentId(course.department.key),
        programs: wants.programs.map((p) => byConfig(programs, p)),
        ...(wants.majors.length > 0
          ? { majors: wants.majors.map((m) => byConfig(majors, m)) }
          : {}),
        ...(wants.specialties.length > 0
          ? { specialties: wants.specialties.map((s) => byConfig(specialties, s)) }
          : {}),
      });
    });
  },
};

/** The current (system-active) period's offerings with the terms and modes of their sections. */
export const demoOfferingsStep: SeedStep = {
  name: STEPS.offerings,
  async run(ctx) {
    await inParallel(demoPlan().offerings, (offering) =>
      createOnce(ctx, 'CreateCourseOffering', {
        id: demoOfferingId(offering.course.key),
        CourseId: demoCourseId(offering.course.key),
        AcademicPeriodId: demoAcademicPeriodId('active'),
        termModes: offering.termModes.map(([term, mode]) => ({
          AcademicTermId: demoAcademicTermId('active', term),
          TeachingModeId: byConfig(teachingModes, mode),
        })),
      }),
    );
  },
};

// ---------------------------------------------------------------------------------------------
// Sections and meetings

interface TermDates {
  startDate: string;
  endDate: string;
}

/** The active period's term dates as the periods step stored them (not recomputed from today). */
async function activeTermDates(ctx: SeedContext): Promise<Record<TermKey, TermDates>> {
  const read = async (term: TermKey): Promise<TermDates> => {
    const events = await ctx.read(academicTerms.streamId(demoAcademicTermId('active', term)));
    let dates: Partial<TermDates> = {};
    for (const event of events) {
      const data = event.data as Partial<TermDates>;
      dates = { ...dates, ...(data.startDate ? { startDate: data.startDate } : {}) };
      dates = { ...dates, ...(data.endDate ? { endDate: data.endDate } : {}) };
    }
    if (!dates.startDate || !dates.endDate) {
      throw new Error(`The ${term} term of the active demo period has no dates.`);
    }
    return { startDate: dates.startDate, endDate: dates.endDate };
  };
  return { fall: await read('fall'), spring: await read('spring'), summer: await read('summer') };
}

const DAY_MS = 86_400_000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (text: string) => new Date(`${text}T00:00:00Z`);
const addDays = (text: string, days: number) => iso(new Date(utc(text).getTime() + days * DAY_MS));
const WEEKDAY_OF_UTC: readonly Weekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/** The `n`th (1-based) `weekday` (0 = Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1));
    const offset = (weekday - first.getUTCDay() + 7) % 7;
    return iso(new Date(Date.UTC(year, month, 1 + offset + (n - 1) * 7)));
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  const offset = (last.getUTCDay() - weekday + 7) % 7;
  return iso(new Date(Date.UTC(year, month + 1, -offset)));
}

/** Days the university is closed in the academic year whose fall starts in `year`. */
export function demoHolidays(year: number): string[] {
  const thanksgiving = nthWeekday(year, 10, 4, 4);
  const springBreak = nthWeekday(year + 1, 2, 1, 2);
  const july4 = utc(`${String(year + 1)}-07-04`).getUTCDay();
  const independence =
    july4 === 6
      ? `${String(year + 1)}-07-03`
      : july4 === 0
        ? `${String(year + 1)}-07-05`
        : `${String(year + 1)}-07-04`;
  return [
    nthWeekday(year, 8, 1, 1), // Labor Day
    addDays(thanksgiving, -1),
    thanksgiving,
    addDays(thanksgiving, 1),
    nthWeekday(year + 1, 0, 1, 3), // Martin Luther King Jr. Day
    ...[0, 1, 2, 3, 4].map((d) => addDays(springBreak, d)),
    nthWeekday(year + 1, 4, 1, -1), // Memorial Day
    `${String(year + 1)}-06-19`, // Juneteenth
    independence,
  ];
}

/** A planned weekly meeting over its term: classes end a week before the term (finals week). */
export function meetingOf(planned: PlannedMeeting, term: TermKey, dates: TermDates): Meeting {
  const until = term === 'summer' ? dates.endDate : addDays(dates.endDate, -7);
  const year = academicYearOf(utc(dates.startDate));
  const exceptions = demoHolidays(year).filter(
    (day) =>
      day >= dates.startDate &&
      day <= until &&
      planned.days.includes(WEEKDAY_OF_UTC[utc(day).getUTCDay()] ?? 'SU'),
  );
  return {
    id: planned.id,
    days: planned.days,
    startTime: planned.startTime,
    endTime: planned.endTime,
    startDate: dates.startDate,
    until,
    frequency: 'weekly',
    ...(exceptions.length > 0 ? { exceptions } : {}),
    ...(planned.room ? { LocationId: demoRoomId(planned.room) } : {}),
    ...(planned.description ? { description: planned.description } : {}),
  };
}

function createSectionPayload(section: PlannedSection): Record<string, unknown> {
  return {
    id: demoSectionId(section.key),
    CourseOfferingId: demoOfferingId(section.course.key),
    WorkgroupId: demoDepartmentId(section.course.department.key),
    name: section.name,
    sectionNumber: section.sectionNumber,
    enrollment: section.enrollment,
    defaultPoints: section.defaultPoints,
    points: section.points,
    notes: section.notes,
    TermMode: {
      AcademicTermId: demoAcademicTermId('active', section.term),
      TeachingModeId: byConfig(teachingModes, section.mode),
    },
  };
}

/**
 * Every section of the current period, then its meetings. The plan books no room twice, so the
 * meetings of different sections are set side by side; the one intended double booking is set
 * last, with override, once the section it clashes with has its meetings.
 */
export const demoSectionsStep: SeedStep = {
  name: STEPS.sections,
  async run(ctx) {
    const { sections } = demoPlan();
    const dates = await activeTermDates(ctx);
    const existing = new Set<string>();
    await inParallel(sections, async (section) => {
      const created = await runOnce(ctx, 'CreateSection', createSectionPayload(section), [
        'This section already exists.',
      ]);
      if (!created) existing.add(section.key);
    });
    const setMeetings = async (section: PlannedSection) => {
      // A section an earlier, interrupted run created may have its meetings already (the log
      // keeps them in its own key order, so comparing payloads would not tell).
      if (existing.has(section.key)) {
        const events = await ctx.read(streamId('section', demoSectionId(section.key)));
        if (events.some((e) => e.type === 'SectionMeetingsSet')) return;
      }
      await ctx.execute('SetMeetings', {
        id: demoSectionId(section.key),
        meetings: section.meetings.map((m) => meetingOf(m, section.term, dates[section.term])),
        ...(section.overrideMeetings ? { override: true } : {}),
      });
    };
    const scheduled = sections.filter((s) => s.meetings.length > 0);
    await inParallel(
      scheduled.filter((s) => !s.overrideMeetings),
      setMeetings,
    );
    for (const section of scheduled.filter((s) => s.overrideMeetings)) await setMeetings(section);
  },
};

// ---------------------------------------------------------------------------------------------
// Teaching assignments

interface PlannedPair {
  section: PlannedSection;
  assignment: PlannedAssignment;
}

/**
 * Who teaches what: most sections have their instructor (proposed), some are shared, some only
 * half covered, some still open; the reviewed departments have approved part of their plan and
 * academic affairs made a few final. One instructor is double-booked on purpose (override).
 * One instructor's assignments run in order, so the warnings they record are the same each run.
 */
export const demoAssignmentsStep: SeedStep = {
  name: STEPS.assignments,
  async run(ctx) {
    const pairs: PlannedPair[] = demoPlan().sections.flatMap((section) =>
      section.assignments.map((assignment) => ({ section, assignment })),
    );
    const assign = ({ section, assignment }: PlannedPair) =>
      runOnce(
        ctx,
        'AssignInstructor',
        {
          id: demoSectionId(section.key),
          assignmentId: demoAssignmentId(section.key, assignment.username),
          UserId: instructorIdOf(assignment.username),
          share: assignment.share,
          notes: assignment.notes,
          ...(assignment.override ? { override: true } : {}),
        },
        ['This assignment already exists.'],
      );
    await runInLanes(
      pairs.filter((p) => !p.assignment.override),
      { concurrency: SEED_CONCURRENCY, laneOf: (p) => p.assignment.username },
      assign,
    );
    for (const pair of pairs.filter((p) => p.assignment.override)) await assign(pair);

    const approve = (pair: PlannedPair, level: 'workgroup' | 'academicAffairs') =>
      runOnce(
        ctx,
        'ApproveAssignment',
        {
          id: demoSectionId(pair.section.key),
          assignmentId: demoAssignmentId(pair.section.key, pair.assignment.username),
          level,
        },
        [
          'The workgroup has approved this assignment; academic affairs makes it final.',
          'This assignment is already final.',
        ],
      );
    const approved = pairs.filter((p) => p.assignment.status !== 'proposed');
    await inParallel(approved, (pair) => approve(pair, 'workgroup'));
    await inParallel(
      approved.filter((p) => p.assignment.status === 'final'),
      (pair) => approve(pair, 'academicAffairs'),
    );
  },
};
