/**
 * The large benchmark institution (issue 6, "Data and speed"): Northbridge University's demo
 * seed (through commands, as `npm start` runs it) grown to 20,000 sections, 2,000 instructors and
 * 1,000,000 domain events, for `npm run bench` (teachingBench.ts). Never part of `npm test`.
 *
 * How the events are made, so that they are the events the product writes:
 * - the demo seed and every record the sections name (rooms, faculty users with profiles and
 *   financial data, departments with members, courses, course offerings of two periods,
 *   administrative assignments) run through the real command bus on the PostgreSQL store: the
 *   resource deciders, reference checks and uniqueness reservations write them;
 * - sections (their meetings, assignments, approvals, updates) and teaching preferences come from
 *   the real pure deciders (`sectionDecider`, `preferencesDecider`) fed the commands a planning
 *   year would send, with the command service's metadata, and are appended through the same
 *   store in batches (one append per stream and round, eight writers) instead of one command at
 *   a time; the cross-section rules are kept by construction: no room or instructor is booked
 *   twice at once (the plan allocates rooms and instructors per term and time slot), rooms seat
 *   the enrollment, and a department teaches in its own building (no back-to-back warnings);
 * - what is left of the event budget is the registrar's nightly enrollment feed: `UpdateSection`
 *   with a changed enrollment (SectionUpdated), spread over the sections' registration weeks.
 * Everything is deterministic (seeded generator, name-based ids) except the dates, which follow
 * the demo periods (the current academic year).
 */
import { randomUUID } from 'node:crypto';
import {
  DEMO_ACCOUNTS,
  createCommandBus,
  eventMetadataFor,
  type CommandBus,
  type CommandMeta,
} from '@allot/command-service';
import {
  academicTerms,
  administrativeAssignmentTypes,
  assignmentTypes,
  campuses,
  divisions,
  instructorTypes,
  preferenceStreamId,
  preferencesDecider,
  programs,
  ranks,
  sectionDecider,
  streamId,
  teachingModes,
  tracks,
  APPROVE_BIT,
  ASSIGN_BIT,
  type EventStore,
  type EventToAppend,
  type Meeting,
  type Weekday,
} from '@allot/shared-events';
import type pg from 'pg';
import { EVENT_STORE_SCHEMA } from '../src/embedded/eventStore.js';
import { demoConfigurationId } from '../src/seed/demoConfiguration.js';
import { FAMILY_NAMES, GIVEN_NAMES } from '../src/seed/demoNames.js';
import {
  academicYearOf,
  demoAcademicPeriodId,
  demoAcademicTermId,
  type DemoPeriodKey,
} from '../src/seed/demoPeriods.js';
import { POINTS_REQUIRED, type InstructorType } from '../src/seed/demoPlan.js';
import { demoSeedSteps } from '../src/seed/demoSeeds.js';
import { demoHolidays } from '../src/seed/demoTeaching.js';
import { demoUserId } from '../src/seed/demoUsers.js';
import { deterministicId } from '@allot/shared-events';
import { SeededRandom } from '../src/seed/random.js';
import { runSeeds } from '../src/seed/runSeeds.js';
import { runInLanes } from '../src/seed/seedConcurrency.js';
import { LARGE_DEPARTMENTS, TITLES_BY_LEVEL, type LargeDepartment } from './largeCatalog.js';

export interface LargeInstitutionOptions {
  /** Sections in all, the demo's 1,030 included (default 20,000). */
  sections?: number;
  /** Instructors in all, the demo's 241 included (default 2,000). */
  instructors?: number;
  /** Domain events in all, the demo seed's included (default 1,000,000). */
  events?: number;
  log?: (line: string) => void;
}

export type TermKey = 'fall' | 'spring' | 'summer';
type PeriodKey = Extract<DemoPeriodKey, 'past' | 'active'>;

/** One generated section as the HTTP benchmark needs it (which instructors cannot clash). */
export interface GeneratedSection {
  id: string;
  period: PeriodKey;
  term: TermKey;
  /** Index into the term's time slots; null for online sections (no meetings). */
  slot: number | null;
  WorkgroupId: string;
}

export interface LargeInstitution {
  /** Every generated section with meetings or not (the demo's not included). */
  sections: GeneratedSection[];
  /** Instructors with no section in the active period (new hires awaiting assignments). */
  unassignedInstructorIds: string[];
  instructorIds: string[];
  workgroupIds: string[];
  periodIds: Record<PeriodKey, string>;
  termIds: Record<PeriodKey, Record<TermKey, string>>;
  /** Event counts by phase, in the order they ran. */
  phases: { name: string; events: number; seconds: number }[];
}

const DEMO_SECTIONS = 1030;
const DEMO_INSTRUCTORS = 241;
const CONCURRENCY = 8;
const ROUNDS = 6;
const TERM_SHARE: Record<TermKey, number> = { fall: 0.46, spring: 0.44, summer: 0.1 };
const ENROLLMENT_SHARE: Record<PeriodKey, number> = { past: 0.55, active: 0.45 };

const byConfig = demoConfigurationId;
const id = (key: string) => deterministicId(`bench-large/${key}`);

// ---------------------------------------------------------------------------------------------
// Time slots: pairwise disjoint within a term, so two sections in different slots never clash.

interface Slot {
  days: Weekday[];
  startTime: string;
  endTime: string;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const slot = (days: Weekday[], start: number, length: number): Slot => ({
  days,
  startTime: hhmm(start),
  endTime: hhmm(start + length),
});

const MWF: Weekday[] = ['MO', 'WE', 'FR'];
const TR: Weekday[] = ['TU', 'TH'];
/** Fall and spring: MWF 50 minutes on the hour, TuTh 75 minutes, one evening a week 2½ hours. */
const REGULAR_SLOTS: readonly Slot[] = [
  ...[10, 11, 9, 13, 12, 14, 8, 15, 16].map((h) => slot(MWF, h * 60, 50)),
  ...[570, 660, 750, 840, 480, 930, 1020].map((m) => slot(TR, m, 75)),
  ...(['MO', 'TU', 'WE', 'TH'] as Weekday[]).map((d) => slot([d], 1110, 150)),
];
/** Summer: Monday to Thursday, 1 h 50. */
const SUMMER_SLOTS: readonly Slot[] = [480, 600, 780, 900].map((m) =>
  slot(['MO', 'TU', 'WE', 'TH'], m, 110),
);
export function slotsOf(term: TermKey): readonly Slot[] {
  return term === 'summer' ? SUMMER_SLOTS : REGULAR_SLOTS;
}
const EVENING_FIRST = 16;

// ---------------------------------------------------------------------------------------------
// Dates

interface TermDates {
  startDate: string;
  endDate: string;
}
const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const utc = (text: string) => new Date(`${text}T00:00:00Z`);
const addDays = (text: string, days: number) =>
  isoDay(new Date(utc(text).getTime() + days * DAY_MS));
const WEEKDAY_OF_UTC: readonly Weekday[] = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

async function termDates(store: EventStore, termId: string): Promise<TermDates> {
  const events = await store.readStream(academicTerms.streamId(termId));
  const dates: Partial<TermDates> = {};
  for (const event of events) {
    const data = event.data as Partial<TermDates>;
    if (data.startDate) dates.startDate = data.startDate;
    if (data.endDate) dates.endDate = data.endDate;
  }
  if (!dates.startDate || !dates.endDate) throw new Error(`term ${termId} has no dates`);
  return { startDate: dates.startDate, endDate: dates.endDate };
}

/** A weekly meeting over its term (classes end a week before the term), holidays excepted. */
function meetingIn(s: Slot, term: TermKey, dates: TermDates, LocationId: string): Meeting {
  const until = term === 'summer' ? dates.endDate : addDays(dates.endDate, -7);
  const year = academicYearOf(utc(dates.startDate));
  const exceptions = demoHolidays(year).filter(
    (day) =>
      day >= dates.startDate &&
      day <= until &&
      s.days.includes(WEEKDAY_OF_UTC[utc(day).getUTCDay()] ?? 'SU'),
  );
  return {
    id: 'class',
    days: s.days,
    startTime: s.startTime,
    endTime: s.endTime,
    startDate: dates.startDate,
    until,
    frequency: 'weekly',
    ...(exceptions.length > 0 ? { exceptions } : {}),
    LocationId,
  };
}

/** The `week`th date (0-based) on which a meeting's first weekday falls. */
function nthMeetingDay(meeting: Meeting, week: number): string {
  const start = utc(meeting.startDate);
  const target = WEEKDAY_OF_UTC.indexOf(meeting.days[0] ?? 'MO');
  const offset = (target - start.getUTCDay() + 7) % 7;
  return addDays(meeting.startDate, offset + week * 7);
}

// ---------------------------------------------------------------------------------------------
// The plan

interface Room {
  id: string;
  code: string;
  capacity: number;
  /** Busy slots per `period/term`. */
  busy: Map<string, Set<number>>;
}

interface Department extends LargeDepartment {
  id: string;
  rooms: Room[];
  instructors: Instructor[];
  courses: Course[];
}

interface Instructor {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  type: InstructorType;
  department: Department;
  pointsRequired: number;
  /** Points per period. */
  load: Map<PeriodKey, number>;
  busy: Map<string, Set<number>>;
  /** No section in the active period. */
  unassigned: boolean;
}

interface Course {
  id: string;
  number: string;
  name: string;
  level: 1 | 2 | 3 | 4 | 5;
  creditHours: number;
  seats: number;
  department: Department;
}

interface PlannedSection {
  id: string;
  course: Course;
  period: PeriodKey;
  term: TermKey;
  mode: 'in-person' | 'online' | 'hybrid';
  sectionNumber: string;
  enrollment: number;
  slot: number | null;
  room: Room | null;
  cancelled: boolean;
}

const CAPACITIES = [20, 30, 40, 60, 100, 150];

function seatsOf(level: number, random: SeededRandom): number {
  if (level === 1) return random.pick([40, 40, 60, 60, 100, 150]);
  if (level === 2) return random.pick([30, 40, 40, 60]);
  if (level === 3) return random.pick([20, 30, 30, 40]);
  if (level === 4) return random.pick([20, 20, 30]);
  return random.pick([20, 20]);
}

function busyIn(map: Map<string, Set<number>>, key: string): Set<number> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

/** Sections per period of a course, before scaling: intro courses run many, seminars one. */
function weightOf(level: number, random: SeededRandom): number {
  if (level === 1) return random.int(4, 12);
  if (level === 2) return random.int(2, 5);
  if (level === 3) return random.int(1, 3);
  return 1;
}

function usernameOf(first: string, last: string, n: number): string {
  const ascii = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase();
  return `${ascii(first).slice(0, 1)}${ascii(last)}${String(n)}`;
}

interface Plan {
  departments: Department[];
  instructors: Instructor[];
  sections: PlannedSection[];
}

function planInstitution(generatedSections: number, generatedInstructors: number): Plan {
  const random = new SeededRandom('bench-large-institution');
  const departmentCount = Math.max(
    4,
    Math.min(LARGE_DEPARTMENTS.length, Math.round(generatedSections / 400)),
  );
  const departments: Department[] = LARGE_DEPARTMENTS.slice(0, departmentCount).map((d) => ({
    ...d,
    id: id(`workgroup/${d.prefix}`),
    rooms: [],
    instructors: [],
    courses: [],
  }));

  // Courses: every level, 34 per department.
  for (const department of departments) {
    for (const level of [1, 2, 3, 4, 5] as const) {
      TITLES_BY_LEVEL[level].forEach((title, i) => {
        const number = `${department.prefix} ${String(level * 100 + 1 + i * 10 + random.int(0, 8))}`;
        department.courses.push({
          id: id(`course/${number}`),
          number,
          name: title.replace('{S}', department.name),
          level,
          creditHours: level === 1 && random.chance(0.25) ? 4 : 3,
          seats: seatsOf(level, random),
          department,
        });
      });
    }
  }

  // Instructors: spread over the departments; one in six is new this year (no section in the
  // active period yet), which the HTTP benchmark assigns.
  const instructors: Instructor[] = [];
  for (let n = 0; n < generatedInstructors; n++) {
    const department = departments[n % departments.length] as Department;
    const first = GIVEN_NAMES[(n * 7) % GIVEN_NAMES.length] ?? 'Alex';
    const last =
      FAMILY_NAMES[(n * 13 + Math.floor(n / FAMILY_NAMES.length)) % FAMILY_NAMES.length] ?? 'Lee';
    const roll = random.next();
    const type: InstructorType =
      roll < 0.45
        ? 'tenure-line'
        : roll < 0.7
          ? 'lecturer'
          : roll < 0.9
            ? 'adjunct'
            : 'graduate-student';
    const username = usernameOf(first, last, n);
    const instructor: Instructor = {
      id: id(`user/${username}`),
      username,
      firstName: first,
      lastName: last,
      type,
      department,
      pointsRequired: POINTS_REQUIRED[type],
      load: new Map(),
      busy: new Map(),
      unassigned: n % 6 === 5,
    };
    department.instructors.push(instructor);
    instructors.push(instructor);
  }

  // Sections: per period, courses weighted by level until the period's share is reached.
  const sections: PlannedSection[] = [];
  const perPeriod: Record<PeriodKey, number> = {
    past: Math.floor(generatedSections / 2),
    active: generatedSections - Math.floor(generatedSections / 2),
  };
  const allCourses = departments.flatMap((d) => d.courses);
  for (const period of ['past', 'active'] as const) {
    const weights = allCourses.map((c) => weightOf(c.level, random));
    const total = weights.reduce((a, b) => a + b, 0);
    const counts = weights.map((w) => Math.floor((w * perPeriod[period]) / total));
    let missing = perPeriod[period] - counts.reduce((a, b) => a + b, 0);
    for (let i = 0; missing > 0; i = (i + 1) % counts.length, missing--) {
      counts[i] = (counts[i] ?? 0) + 1;
    }
    allCourses.forEach((course, i) => {
      const numbers: Record<string, number> = {};
      for (let k = 0; k < (counts[i] ?? 0); k++) {
        const t = random.next();
        const term: TermKey =
          course.level >= 4 && t < TERM_SHARE.summer
            ? 'fall'
            : t < TERM_SHARE.fall
              ? 'fall'
              : t < TERM_SHARE.fall + TERM_SHARE.spring
                ? 'spring'
                : 'summer';
        const m = random.next();
        const mode = m < 0.84 ? 'in-person' : m < 0.94 ? 'online' : 'hybrid';
        const prefix = mode === 'online' ? 'W' : mode === 'hybrid' ? 'H' : '';
        const key = `${term}/${mode}`;
        numbers[key] = (numbers[key] ?? 0) + 1;
        const sectionNumber = `${prefix}${String(numbers[key]).padStart(prefix ? 2 : 3, '0')}`;
        sections.push({
          id: id(`section/${period}/${course.number}/${term}/${sectionNumber}`),
          course,
          period,
          term,
          mode,
          sectionNumber,
          enrollment: Math.max(5, Math.round(course.seats * (0.5 + random.next() * 0.45))),
          slot: null,
          room: null,
          cancelled: false,
        });
      }
    });
    // A few sections are cancelled before the term (created, then deleted): extra to the count.
    const cancelled = Math.round(perPeriod[period] * 0.01);
    for (let k = 0; k < cancelled; k++) {
      const course = random.pick(allCourses);
      sections.push({
        id: id(`section/${period}/${course.number}/cancelled/${String(k)}`),
        course,
        period,
        term: 'fall',
        mode: 'in-person',
        sectionNumber: `X${String(k + 1).padStart(2, '0')}`,
        enrollment: 0,
        slot: null,
        room: null,
        cancelled: true,
      });
    }
  }

  // Rooms and slots: the smallest free room of the department's building that seats the class;
  // a new room when none is free. Graduate seminars meet in the evening.
  for (const section of sections) {
    if (section.cancelled || section.mode === 'online') continue;
    const department = section.course.department;
    const key = `${section.period}/${section.term}`;
    const slots = slotsOf(section.term);
    const order = slots
      .map((_, i) => i)
      .filter((i) =>
        section.term === 'summer'
          ? true
          : section.course.level === 5
            ? i >= EVENING_FIRST
            : i < EVENING_FIRST,
      );
    const start = random.int(0, order.length - 1);
    const rotated = [...order.slice(start), ...order.slice(0, start)];
    const capacity = CAPACITIES.find((c) => c >= section.course.seats) ?? 150;
    let placed = false;
    for (const room of [...department.rooms].sort((a, b) => a.capacity - b.capacity)) {
      if (room.capacity < section.course.seats) continue;
      const busy = busyIn(room.busy, key);
      const free = rotated.find((i) => !busy.has(i));
      if (free !== undefined) {
        busy.add(free);
        section.slot = free;
        section.room = room;
        placed = true;
        break;
      }
    }
    if (!placed) {
      const code = `${department.prefix} ${String(100 + department.rooms.length)}`;
      const room: Room = { id: id(`location/${code}`), code, capacity, busy: new Map() };
      department.rooms.push(room);
      const first = rotated[0] ?? 0;
      busyIn(room.busy, key).add(first);
      section.slot = first;
      section.room = room;
    }
  }
  return { departments, instructors, sections };
}

// ---------------------------------------------------------------------------------------------
// Section commands of a planning year

interface TimedCommand {
  /** 0..1 through the period's planning year. */
  t: number;
  actorId: string | null;
  command: { type: string; data: Record<string, unknown> } & { context?: unknown };
}

const WITHDRAW_REASONS = [
  'Leave of absence approved by the dean.',
  'Reassigned to cover a graduate course.',
  'Course release for a research grant.',
];
const SECTION_NOTES = [
  'Room change requested by the department.',
  'Cross-listed with the graduate section.',
  'Enrollment capped by the department chair.',
  'Requires the instructor to be present on the first day.',
];
const ASSIGNMENT_NOTES = [
  'Covers the first half of the term.',
  'New course preparation.',
  'Shares grading with the co-instructor.',
  'Confirmed by the chair.',
];

function pointsOf(course: Course): number {
  return course.creditHours;
}

function canTeach(
  instructor: Instructor,
  section: PlannedSection,
  allowUnassigned: boolean,
): boolean {
  if (section.period === 'active' && instructor.unassigned && !allowUnassigned) return false;
  const load = instructor.load.get(section.period) ?? 0;
  if (load + pointsOf(section.course) > instructor.pointsRequired + 3) return false;
  if (instructor.type === 'graduate-student' && section.course.level >= 3) return false;
  if (section.slot === null) return true;
  return !busyIn(instructor.busy, `${section.period}/${section.term}`).has(section.slot);
}

function take(instructor: Instructor, section: PlannedSection): void {
  instructor.load.set(
    section.period,
    (instructor.load.get(section.period) ?? 0) + pointsOf(section.course),
  );
  if (section.slot !== null)
    busyIn(instructor.busy, `${section.period}/${section.term}`).add(section.slot);
}

function pickInstructor(
  section: PlannedSection,
  exclude: ReadonlySet<string>,
): Instructor | undefined {
  let best: Instructor | undefined;
  for (const instructor of section.course.department.instructors) {
    if (exclude.has(instructor.id) || !canTeach(instructor, section, false)) continue;
    const load = instructor.load.get(section.period) ?? 0;
    if (!best || load < (best.load.get(section.period) ?? 0)) best = instructor;
  }
  return best;
}

interface Context {
  periodIds: Record<PeriodKey, string>;
  termIds: Record<PeriodKey, Record<TermKey, string>>;
  dates: Record<PeriodKey, Record<TermKey, TermDates>>;
  offeringIdOf: (course: Course, period: PeriodKey) => string;
  chairOf: (department: Department) => string;
  schedulerOf: (department: Department) => string;
  academicAffairsId: string;
}

/** Everything one section goes through in a planning year, but the enrollment feed. */
function sectionCommands(
  section: PlannedSection,
  ctx: Context,
  random: SeededRandom,
): TimedCommand[] {
  const commands: TimedCommand[] = [];
  const department = section.course.department;
  const scheduler = ctx.schedulerOf(department);
  const chair = ctx.chairOf(department);
  const at = (from: number, to: number) => from + random.next() * (to - from);
  const sectionId = section.id;
  commands.push({
    t: at(0, 0.05),
    actorId: scheduler,
    command: {
      type: 'CreateSection',
      data: {
        id: sectionId,
        CourseOfferingId: ctx.offeringIdOf(section.course, section.period),
        WorkgroupId: department.id,
        name: section.course.name,
        sectionNumber: section.sectionNumber,
        enrollment: section.cancelled ? 0 : Math.round(section.enrollment * 0.2),
        defaultPoints: section.course.creditHours,
        ...(section.course.seats >= 100 ? { points: section.course.creditHours + 1 } : {}),
        TermMode: {
          AcademicTermId: ctx.termIds[section.period][section.term],
          TeachingModeId: byConfig(teachingModes, section.mode),
        },
      },
    },
  });
  if (section.cancelled) {
    commands.push({
      t: at(0.1, 0.4),
      actorId: scheduler,
      command: { type: 'DeleteSection', data: { id: sectionId } },
    });
    return commands;
  }
  if (section.slot !== null && section.room) {
    const dates = ctx.dates[section.period][section.term];
    const meeting = meetingIn(
      slotsOf(section.term)[section.slot] as Slot,
      section.term,
      dates,
      section.room.id,
    );
    commands.push({
      t: at(0.05, 0.1),
      actorId: scheduler,
      command: { type: 'SetMeetings', data: { id: sectionId, meetings: [meeting] } },
    });
    if (random.chance(0.2)) {
      // A cancelled class: one more exception.
      const held = new Set(meeting.exceptions ?? []);
      let week = random.int(2, 9);
      while (held.has(nthMeetingDay(meeting, week))) week++;
      const exceptions = [...held, nthMeetingDay(meeting, week)].sort();
      commands.push({
        t: at(0.3, 0.9),
        actorId: scheduler,
        command: {
          type: 'SetMeetings',
          data: { id: sectionId, meetings: [{ ...meeting, exceptions }] },
        },
      });
    } else if (random.chance(0.06)) {
      // Starts a week late (a subset of its dates: it cannot clash with anything new).
      commands.push({
        t: at(0.3, 0.9),
        actorId: scheduler,
        command: {
          type: 'MoveMeeting',
          data: { id: sectionId, meetingId: meeting.id, startDate: addDays(meeting.startDate, 7) },
        },
      });
    }
  }
  if (random.chance(0.1)) {
    commands.push({
      t: at(0.1, 0.9),
      actorId: scheduler,
      command: {
        type: 'UpdateSection',
        data: { id: sectionId, notes: random.pick(SECTION_NOTES) },
      },
    });
  }

  // Instructors.
  const uncovered = section.period === 'active' ? random.chance(0.12) : false;
  if (uncovered) return commands;
  const used = new Set<string>();
  const first = pickInstructor(section, used);
  if (!first) return commands;
  take(first, section);
  used.add(first.id);
  const team = random.chance(0.03) ? pickInstructor(section, used) : undefined;
  if (team) {
    take(team, section);
    used.add(team.id);
  }
  let n = 0;
  const assign = (instructor: Instructor, t: number, share: number | null) => {
    const assignmentId = id(`assignment/${sectionId}/${String(n++)}`);
    commands.push({
      t,
      actorId: chair,
      command: {
        type: 'AssignInstructor',
        data: { id: sectionId, assignmentId, UserId: instructor.id, share },
      },
    });
    return assignmentId;
  };
  const live: { assignmentId: string; t: number }[] = [];
  const tAssign = at(0.15, 0.45);
  if (random.chance(0.02)) {
    // Assigned by mistake and removed the same week (the colleague's slot stays free: kept busy
    // in the plan anyway, so nothing depends on the order).
    const wrong = pickInstructor(section, used);
    if (wrong) {
      take(wrong, section);
      used.add(wrong.id);
      const wrongId = assign(wrong, tAssign - 0.01, null);
      commands.push({
        t: tAssign - 0.005,
        actorId: chair,
        command: { type: 'UnassignInstructor', data: { id: sectionId, assignmentId: wrongId } },
      });
    }
  }
  live.push({ assignmentId: assign(first, tAssign, team ? 50 : null), t: tAssign });
  if (team) live.push({ assignmentId: assign(team, tAssign + 0.001, 50), t: tAssign + 0.001 });
  if (!team && random.chance(0.03)) {
    const replacement = pickInstructor(section, used);
    if (replacement) {
      take(replacement, section);
      used.add(replacement.id);
      const tw = at(tAssign + 0.02, 0.55);
      const withdrawn = live.pop();
      if (withdrawn) {
        commands.push({
          t: tw,
          actorId: chair,
          command: {
            type: 'WithdrawAssignment',
            data: {
              id: sectionId,
              assignmentId: withdrawn.assignmentId,
              reason: random.pick(WITHDRAW_REASONS),
            },
          },
        });
      }
      live.push({ assignmentId: assign(replacement, tw + 0.001, null), t: tw + 0.001 });
    }
  }

  // Approvals: the past period went through all of them; the active one is in department review.
  for (const { assignmentId, t } of live) {
    const approve = (when: number, level: 'workgroup' | 'academicAffairs') =>
      commands.push({
        t: when,
        actorId: level === 'workgroup' ? chair : ctx.academicAffairsId,
        command: {
          type: 'ApproveAssignment',
          data: { id: sectionId, assignmentId, level },
          context: { approvalAuthority: { workgroup: true, academicAffairs: true } },
        },
      });
    const notes = (when: number) =>
      commands.push({
        t: when,
        actorId: chair,
        command: {
          type: 'ChangeAssignment',
          data: { id: sectionId, assignmentId, notes: random.pick(ASSIGNMENT_NOTES) },
        },
      });
    if (section.period === 'past') {
      const tApprove = at(Math.max(t, 0.55) + 0.01, 0.7);
      approve(tApprove, 'workgroup');
      if (random.chance(0.1)) {
        notes(tApprove + 0.01); // re-opens the approval
        approve(tApprove + 0.02, 'workgroup');
      }
      approve(at(0.75, 0.9), 'academicAffairs');
    } else {
      if (random.chance(0.05)) notes(t + 0.01);
      if (random.chance(0.45)) {
        approve(at(Math.max(t, 0.55) + 0.02, 0.8), 'workgroup');
        if (random.chance(0.1)) approve(at(0.85, 0.95), 'academicAffairs');
      }
    }
  }
  return commands;
}

/** The registrar's nightly feed: each update changes the count (a no-change sync writes nothing). */
function enrollmentCommands(
  section: PlannedSection,
  count: number,
  random: SeededRandom,
): TimedCommand[] {
  const commands: TimedCommand[] = [];
  let enrollment = Math.round(section.enrollment * 0.2);
  const cap = section.course.seats;
  for (let k = 0; k < count; k++) {
    const progress = (k + 1) / count;
    const target = Math.round(section.enrollment * Math.min(1, 0.2 + progress));
    let next = Math.min(cap, Math.max(0, target + random.int(-2, 2)));
    if (next === enrollment) next = enrollment < cap ? enrollment + 1 : enrollment - 1;
    enrollment = next;
    commands.push({
      t: 0.12 + 0.86 * progress - random.next() * 0.01,
      actorId: null,
      command: { type: 'UpdateSection', data: { id: section.id, enrollment } },
    });
  }
  return commands;
}

// ---------------------------------------------------------------------------------------------
// Preferences of a planning year

function preferenceCommands(
  instructor: Instructor,
  period: PeriodKey,
  ctx: Context,
  random: SeededRandom,
): TimedCommand[] {
  const owner = { UserId: instructor.id, AcademicPeriodId: ctx.periodIds[period] };
  const commands: TimedCommand[] = [];
  const at = (from: number, to: number) => from + random.next() * (to - from);
  const courses = random.shuffle(instructor.department.courses).slice(0, random.int(2, 6));
  const ids: string[] = [];
  let t = at(0.01, 0.06);
  const levels = ['stronglyPreferred', 'preferred', 'preferred', 'neutral', 'discouraged'];
  for (const course of courses) {
    const prefId = id(`preference/${instructor.id}/${period}/${course.id}`);
    ids.push(prefId);
    commands.push({
      t: (t += 0.001),
      actorId: instructor.id,
      command: {
        type: 'AddTeachingPreference',
        data: {
          ...owner,
          id: prefId,
          level: random.pick(levels),
          weight: random.chance(0.5) ? random.pick([0.5, 0.75, 1]) : null,
          CourseId: course.id,
          AcademicTermId: random.chance(0.4)
            ? ctx.termIds[period][random.pick(['fall', 'spring'] as const)]
            : null,
          TeachingModeId: random.chance(0.2) ? byConfig(teachingModes, 'in-person') : null,
        },
      },
    });
  }
  if (random.chance(0.3)) {
    commands.push({
      t: (t += 0.001),
      actorId: instructor.id,
      command: {
        type: 'AddTeachingPreference',
        data: {
          ...owner,
          id: id(`preference/${instructor.id}/${period}/type`),
          level: 'preferred',
          AssignmentTypeId: byConfig(assignmentTypes, random.pick(['primary', 'co-instructor'])),
        },
      },
    });
  }
  const firstPref = ids[0];
  if (firstPref && random.chance(0.3)) {
    commands.push({
      t: (t += 0.002),
      actorId: instructor.id,
      command: {
        type: 'UpdateTeachingPreference',
        data: { ...owner, id: firstPref, level: 'stronglyPreferred', notes: 'My main course.' },
      },
    });
  }
  const lastPref = ids.at(-1);
  if (lastPref && ids.length > 2 && random.chance(0.15)) {
    commands.push({
      t: (t += 0.002),
      actorId: instructor.id,
      command: { type: 'RemoveTeachingPreference', data: { ...owner, id: lastPref } },
    });
  }
  if (random.chance(0.6)) {
    const day = random.pick(['MO', 'TU', 'WE', 'TH', 'FR'] as const);
    commands.push({
      t: (t += 0.002),
      actorId: instructor.id,
      command: {
        type: 'SetUnavailableTimes',
        data: { ...owner, unavailable: [{ day, startTime: '08:00', endTime: '10:00' }] },
      },
    });
  }
  if (random.chance(period === 'past' ? 0.95 : 0.8)) {
    commands.push({
      t: (t += 0.01),
      actorId: instructor.id,
      command: { type: 'SubmitTeachingPreferences', data: { ...owner, notes: null } },
    });
    if (random.chance(0.05)) {
      commands.push({
        t: (t += 0.01),
        actorId: ctx.schedulerOf(instructor.department),
        command: {
          type: 'ReopenTeachingPreferences',
          data: { ...owner, reason: 'Please add your summer availability.' },
        },
      });
      commands.push({
        t: (t += 0.01),
        actorId: instructor.id,
        command: { type: 'SubmitTeachingPreferences', data: { ...owner, notes: 'Updated.' } },
      });
    }
  }
  return commands;
}

// ---------------------------------------------------------------------------------------------
// Deciding and appending

interface Append {
  streamId: string;
  events: EventToAppend[];
}

/**
 * Runs one stream's commands through its decider in time order; its events are grouped into
 * `ROUNDS` appends by when they happen, so the log interleaves the streams as a year would.
 */
function decideStream<S>(
  stream: string,
  commands: TimedCommand[],
  decider: {
    initialState: S;
    decide(command: never, state: S, meta: CommandMeta): readonly { type: string; data: unknown }[];
    evolve(state: S, event: never): S;
  },
  periodStart: Date,
  rounds: Append[][],
): number {
  commands.sort((a, b) => a.t - b.t);
  let state = decider.initialState;
  let produced = 0;
  let current: { round: number; append: Append } | null = null;
  for (const { t, actorId, command } of commands) {
    const commandId = randomUUID();
    const meta: CommandMeta = {
      actorId,
      onBehalfOfId: null,
      correlationId: commandId,
      causationId: commandId,
      now: new Date(periodStart.getTime() + t * 365 * DAY_MS),
    };
    const events = decider.decide(command as never, state, meta);
    if (events.length === 0) {
      throw new Error(`${stream}: ${command.type} decided nothing (the plan repeats a value)`);
    }
    const metadata = eventMetadataFor(meta);
    const round = Math.min(ROUNDS - 1, Math.floor(t * ROUNDS));
    if (!current || current.round !== round) {
      current = { round, append: { streamId: stream, events: [] } };
      rounds[round]?.push(current.append);
    }
    for (const event of events) {
      state = decider.evolve(state, event as never);
      current.append.events.push({
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata,
      });
      produced++;
    }
  }
  return produced;
}

async function appendRounds(
  store: EventStore,
  rounds: Append[][],
  log: (line: string) => void,
  label: string,
): Promise<number> {
  const revisions = new Map<string, bigint>();
  let appended = 0;
  let reported = 0;
  const total = rounds.reduce((n, r) => n + r.reduce((m, a) => m + a.events.length, 0), 0);
  const started = performance.now();
  for (const round of rounds) {
    // One stream's appends of a round are one append; streams of a round run side by side.
    await runInLanes(round, { concurrency: CONCURRENCY }, async (append) => {
      const previous = revisions.get(append.streamId);
      const result = await store.appendToStream(append.streamId, append.events, {
        expectedState: previous ?? 'no_stream',
      });
      revisions.set(append.streamId, result.nextExpectedRevision);
      appended += append.events.length;
      if (appended - reported >= 50_000) {
        reported = appended;
        const seconds = (performance.now() - started) / 1000;
        log(
          `  ${label}: ${appended.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} events appended (${Math.round(appended / seconds).toLocaleString('en-US')}/s)`,
        );
      }
    });
  }
  return appended;
}

// ---------------------------------------------------------------------------------------------
// The generator

/**
 * Builds the large institution on `store` (an empty PostgreSQL event store): the demo seed, the
 * records through the command bus, then sections and preferences in batched appends.
 */
export async function generateLargeInstitution(
  store: EventStore,
  pool: pg.Pool,
  options: LargeInstitutionOptions = {},
): Promise<LargeInstitution> {
  const log = options.log ?? ((line: string) => console.log(line));
  const totalSections = options.sections ?? 20_000;
  const totalInstructors = options.instructors ?? 2_000;
  const targetEvents = options.events ?? 1_000_000;
  const phases: LargeInstitution['phases'] = [];
  const bus: CommandBus = createCommandBus({ store });
  const execute = (name: string, payload: unknown, actorId: string | null = 'bench') =>
    bus.execute(name, payload, { actorId });
  let eventsSoFar = 0;
  const phase = async (name: string, work: () => Promise<number>) => {
    const started = performance.now();
    const events = await work();
    const seconds = (performance.now() - started) / 1000;
    eventsSoFar += events;
    phases.push({ name, events, seconds });
    log(
      `  ${name}: ${events.toLocaleString('en-US')} events in ${seconds.toFixed(1)} s (total ${eventsSoFar.toLocaleString('en-US')})`,
    );
  };
  // Commands report no event count; count what the store gained instead.
  const countingEvents = async (work: () => Promise<void>): Promise<number> => {
    const before = await countEvents(pool);
    await work();
    return (await countEvents(pool)) - before;
  };

  // 1. The demo institution, exactly as `npm start` seeds it.
  await phase('demo seed (commands)', () =>
    countingEvents(async () => {
      await runSeeds({ store, bus, steps: demoSeedSteps });
    }),
  );

  const periodIds = { past: demoAcademicPeriodId('past'), active: demoAcademicPeriodId('active') };
  const termIds = {
    past: {
      fall: demoAcademicTermId('past', 'fall'),
      spring: demoAcademicTermId('past', 'spring'),
      summer: demoAcademicTermId('past', 'summer'),
    },
    active: {
      fall: demoAcademicTermId('active', 'fall'),
      spring: demoAcademicTermId('active', 'spring'),
      summer: demoAcademicTermId('active', 'summer'),
    },
  };
  const dates = {} as Record<PeriodKey, Record<TermKey, TermDates>>;
  for (const period of ['past', 'active'] as const) {
    dates[period] = {
      fall: await termDates(store, termIds[period].fall),
      spring: await termDates(store, termIds[period].spring),
      summer: await termDates(store, termIds[period].summer),
    };
  }

  const plan = planInstitution(
    Math.max(0, totalSections - DEMO_SECTIONS),
    Math.max(4, totalInstructors - DEMO_INSTRUCTORS),
  );
  const academicAffairs = DEMO_ACCOUNTS.find((a) => a.role === 'academicAffairsApprover');
  const offeringId = (course: Course, period: PeriodKey) =>
    id(`courseOffering/${period}/${course.number}`);
  const ctx: Context = {
    periodIds,
    termIds,
    dates,
    offeringIdOf: offeringId,
    chairOf: (d) => (d.instructors[0] as Instructor).id,
    schedulerOf: (d) => {
      const scheduler = d.instructors[1] ?? d.instructors[0];
      if (!scheduler) throw new Error(`${d.name} has no instructors`);
      return scheduler.id;
    },
    academicAffairsId: demoUserId(academicAffairs?.username ?? 'admin'),
  };

  // Decide the sections first (pure): the offerings must list the term modes they use.
  const random = new SeededRandom('bench-large-commands');
  const sectionPlans = plan.sections.map((section) => ({
    section,
    commands: sectionCommands(section, ctx, random),
  }));
  const termModes = new Map<string, Set<string>>();
  for (const section of plan.sections) {
    const key = offeringId(section.course, section.period);
    let set = termModes.get(key);
    if (!set) termModes.set(key, (set = new Set()));
    set.add(`${section.term}|${section.mode}`);
  }

  // 2. Rooms, faculty, departments, courses, offerings, administrative assignments: commands.
  const rooms = plan.departments.flatMap((d) => d.rooms);
  await phase('rooms (CreateLocation)', () =>
    countingEvents(() =>
      runInLanes(rooms, { concurrency: CONCURRENCY }, (room) =>
        execute('CreateLocation', {
          id: room.id,
          code: room.code,
          description: `${room.code.split(' ')[0] ?? ''} building, classroom`,
          capacity: room.capacity,
        }),
      ),
    ),
  );
  await phase('faculty (CreateUser)', () =>
    countingEvents(() =>
      runInLanes(plan.instructors, { concurrency: CONCURRENCY }, (instructor) =>
        execute('CreateUser', {
          id: instructor.id,
          firstName: instructor.firstName,
          lastName: instructor.lastName,
          email: `${instructor.username}@northbridge.example.edu`,
          username: instructor.username,
          EmployeeId: `L${instructor.username.replace(/\D/g, '').padStart(6, '0')}`,
          Roles: [{ slug: 'faculty' }],
          isActive: true,
          isFaculty: true,
          FacultyProfile: {
            InstructorTypeId: byConfig(instructorTypes, instructor.type),
            isActive: true,
            receiveAssignments: true,
            DivisionId: byConfig(divisions, instructor.department.division),
            TrackId: byConfig(tracks, instructor.type === 'tenure-line' ? 'tenure' : 'non-tenure'),
            RankId:
              instructor.type === 'graduate-student'
                ? null
                : byConfig(
                    ranks,
                    instructor.type === 'tenure-line' ? 'associate-professor' : 'lecturer',
                  ),
            CampusIds: [byConfig(campuses, 'main')],
            ProgramIds: [byConfig(programs, 'undergraduate')],
            MajorIds: [],
            SpecialtyIds: [],
            CohortIds: [],
          },
          FinancialData: { pointsRequired: instructor.pointsRequired },
        }),
      ),
    ),
  );
  await phase('departments (CreateWorkgroup)', () =>
    countingEvents(() =>
      runInLanes(plan.departments, { concurrency: CONCURRENCY }, (department) =>
        execute('CreateWorkgroup', {
          id: department.id,
          name: department.name,
          members: department.instructors.slice(0, 3).map((instructor, i) => ({
            UserId: instructor.id,
            permission: i === 0 ? APPROVE_BIT | ASSIGN_BIT : i === 1 ? ASSIGN_BIT : APPROVE_BIT,
          })),
        }),
      ),
    ),
  );
  const courses = plan.departments.flatMap((d) => d.courses);
  await phase('courses (CreateCourse)', () =>
    countingEvents(() =>
      runInLanes(courses, { concurrency: CONCURRENCY }, (course) =>
        execute('CreateCourse', {
          id: course.id,
          courseNumber: course.number,
          name: course.name,
          unitsMax: course.creditHours,
          isActive: true,
          isOffered: true,
          sectionMaxStudents: course.seats,
          sectionCreditHours: course.creditHours,
          WorkgroupId: course.department.id,
          programs: [byConfig(programs, course.level === 5 ? 'graduate' : 'undergraduate')],
        }),
      ),
    ),
  );
  const offerings = [...termModes.entries()];
  const courseByOffering = new Map(
    plan.sections.map((s) => [offeringId(s.course, s.period), s] as const),
  );
  await phase('course offerings (CreateCourseOffering)', () =>
    countingEvents(() =>
      runInLanes(offerings, { concurrency: CONCURRENCY }, ([offering, modes]) => {
        const section = courseByOffering.get(offering) as PlannedSection;
        return execute('CreateCourseOffering', {
          id: offering,
          CourseId: section.course.id,
          AcademicPeriodId: periodIds[section.period],
          termModes: [...modes].sort().map((mode) => {
            const [term, teachingMode] = mode.split('|') as [TermKey, string];
            return {
              AcademicTermId: termIds[section.period][term],
              TeachingModeId: byConfig(teachingModes, teachingMode),
            };
          }),
        });
      }),
    ),
  );
  const chairs = plan.departments.map((d) => d.instructors[0] as Instructor);
  await phase('administrative assignments (CreateAdministrativeAssignment)', () =>
    countingEvents(() =>
      runInLanes(
        (['past', 'active'] as const).flatMap((period) => chairs.map((c) => [c, period] as const)),
        { concurrency: CONCURRENCY },
        ([chair, period]) =>
          execute('CreateAdministrativeAssignment', {
            id: id(`adminAssignment/${chair.id}/${period}`),
            UserId: chair.id,
            AcademicPeriodId: periodIds[period],
            AdministrativeAssignmentTypeId: byConfig(
              administrativeAssignmentTypes,
              'department-chair',
            ),
            AcademicTermId: null,
            points: 3,
            takesWholeTerm: false,
            notes: 'Course release for chairing the department.',
          }),
      ),
    ),
  );

  // 3. Preferences and sections through their deciders; the enrollment feed fills the budget.
  const preferencePlans = (['past', 'active'] as const).flatMap((period) =>
    plan.instructors.map((instructor) => ({
      instructor,
      period,
      commands: preferenceCommands(instructor, period, ctx, random),
    })),
  );
  const planned =
    sectionPlans.reduce((n, p) => n + p.commands.length, 0) +
    preferencePlans.reduce((n, p) => n + p.commands.length, 0);
  const feedBudget = Math.max(0, targetEvents - eventsSoFar - planned);
  const live = sectionPlans.filter((p) => !p.section.cancelled);
  for (const period of ['past', 'active'] as const) {
    const mine = live.filter((p) => p.section.period === period);
    const budget = Math.round(
      feedBudget * (period === 'past' ? ENROLLMENT_SHARE.past : ENROLLMENT_SHARE.active),
    );
    const share =
      period === 'active' ? feedBudget - Math.round(feedBudget * ENROLLMENT_SHARE.past) : budget;
    const base = Math.floor(share / Math.max(1, mine.length));
    let extra = share - base * mine.length;
    for (const p of mine) {
      const count = base + (extra-- > 0 ? 1 : 0);
      p.commands.push(...enrollmentCommands(p.section, count, random));
    }
  }

  for (const period of ['past', 'active'] as const) {
    const rounds: Append[][] = Array.from({ length: ROUNDS }, () => []);
    const start = utc(addDays(dates[period].fall.startDate, -300));
    let decided = 0;
    const decideStarted = performance.now();
    for (const p of preferencePlans.filter((x) => x.period === period)) {
      decided += decideStream(
        preferenceStreamId(p.instructor.id, periodIds[period]),
        p.commands.map((c) => ({ ...c, command: { ...c.command, context: { dueDate: null } } })),
        preferencesDecider as never,
        start,
        rounds,
      );
    }
    for (const p of sectionPlans.filter((x) => x.section.period === period)) {
      decided += decideStream(
        streamId('section', p.section.id),
        p.commands,
        sectionDecider as never,
        start,
        rounds,
      );
    }
    log(
      `  ${period} period: ${decided.toLocaleString('en-US')} events decided in ${((performance.now() - decideStarted) / 1000).toFixed(1)} s`,
    );
    await phase(`${period} period: preferences and sections (deciders, batched appends)`, () =>
      appendRounds(store, rounds, log, `${period} period`),
    );
  }

  return { ...describePlan(plan), phases };
}

function describePlan(plan: Plan): Omit<LargeInstitution, 'phases'> {
  const periodIds = { past: demoAcademicPeriodId('past'), active: demoAcademicPeriodId('active') };
  const termIds = {
    past: {
      fall: demoAcademicTermId('past', 'fall'),
      spring: demoAcademicTermId('past', 'spring'),
      summer: demoAcademicTermId('past', 'summer'),
    },
    active: {
      fall: demoAcademicTermId('active', 'fall'),
      spring: demoAcademicTermId('active', 'spring'),
      summer: demoAcademicTermId('active', 'summer'),
    },
  };
  return {
    sections: plan.sections
      .filter((s) => !s.cancelled)
      .map((s) => ({
        id: s.id,
        period: s.period,
        term: s.term,
        slot: s.slot,
        WorkgroupId: s.course.department.id,
      })),
    unassignedInstructorIds: plan.instructors.filter((i) => i.unassigned).map((i) => i.id),
    instructorIds: plan.instructors.map((i) => i.id),
    workgroupIds: plan.departments.map((d) => d.id),
    periodIds,
    termIds,
  };
}

/**
 * What `generateLargeInstitution` with the same options made, without writing anything (the plan
 * is deterministic): for measuring again on a database kept from an earlier run.
 */
export function describeLargeInstitution(options: LargeInstitutionOptions = {}): LargeInstitution {
  const plan = planInstitution(
    Math.max(0, (options.sections ?? 20_000) - DEMO_SECTIONS),
    Math.max(4, (options.instructors ?? 2_000) - DEMO_INSTRUCTORS),
  );
  return { ...describePlan(plan), phases: [] };
}

/** How many events the PostgreSQL store holds (the bench's own database: nobody else writes). */
export async function countEvents(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM ${EVENT_STORE_SCHEMA}.es_events`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Events by type, most first. */
export async function countEventsByType(pool: pg.Pool): Promise<[string, number][]> {
  const { rows } = await pool.query<{ type: string; n: string }>(
    `SELECT event_type AS type, count(*) AS n FROM ${EVENT_STORE_SCHEMA}.es_events
     GROUP BY event_type ORDER BY count(*) DESC, event_type`,
  );
  return rows.map((r) => [r.type, Number(r.n)]);
}
