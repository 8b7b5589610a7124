import type { Weekday } from '@allot/shared-events';
import { APPROVE_BIT, ASSIGN_BIT } from '@allot/shared-events';
import {
  DEMO_DEPARTMENTS,
  demoCourses,
  demoRooms,
  type DemoCourse,
  type DemoDepartment,
  type DemoRoom,
} from './demoCatalog.js';
import { FAMILY_NAMES, GIVEN_NAMES } from './demoNames.js';
import { SeededRandom } from './random.js';

/**
 * The plan of the demo institution's current academic period, computed once and the same on
 * every start (a seeded generator, no clock): which courses are offered in which terms and modes,
 * the sections with their weekly meetings and rooms, the faculty, their administrative work, and
 * who teaches what. The seed steps (demoTeaching.ts, demoAdministrativeAssignments.ts) only turn it
 * into commands; dates come from the period's terms then.
 *
 * The schedule is built free of clashes: no room or instructor is booked twice at once, rooms
 * seat the enrollment, and nobody teaches back to back in two buildings. Two clashes are
 * intended, so the schedule has something to flag: one instructor double-booked and one room
 * booked twice, both written with an explicit override.
 */

export type TermKey = 'fall' | 'spring' | 'summer';
export type ModeKey = 'in-person' | 'online' | 'hybrid';
export type InstructorType = 'tenure-line' | 'lecturer' | 'adjunct' | 'graduate-student';
export type PlannedStatus = 'proposed' | 'approved' | 'final';

export const TERMS: readonly TermKey[] = ['fall', 'spring', 'summer'];

export interface PlannedMeeting {
  /** Stable within its section. */
  id: 'lecture' | 'recitation' | 'lab' | 'seminar' | 'class';
  days: Weekday[];
  startTime: string;
  endTime: string;
  /** Room code, null for none. */
  room: string | null;
  description: string | null;
}

export interface PlannedAssignment {
  username: string;
  /** Percent; null = an equal split. */
  share: number | null;
  notes: string | null;
  status: PlannedStatus;
  /** Assigned over a known double booking (the command passes override). */
  override: boolean;
}

export interface PlannedSection {
  /** Stable key: course key, term and section number. */
  key: string;
  course: DemoCourse;
  term: TermKey;
  mode: ModeKey;
  sectionNumber: string;
  name: string;
  enrollment: number;
  defaultPoints: number;
  points: number | null;
  notes: string | null;
  meetings: PlannedMeeting[];
  /** Its meetings are set with override: an intended double booking of a room. */
  overrideMeetings: boolean;
  assignments: PlannedAssignment[];
}

export interface PlannedOffering {
  course: DemoCourse;
  termModes: [TermKey, ModeKey][];
}

export interface DemoInstructor {
  username: string;
  firstName: string;
  lastName: string;
  honorific: string | null;
  email: string;
  employeeId: string;
  department: DemoDepartment;
  type: InstructorType;
  /** Rank slug; graduate students hold none. */
  rank: string | null;
  track: string;
  campuses: string[];
  programs: string[];
  majors: string[];
  specialties: string[];
  pointsRequired: number;
  /** One of the demo sign-in accounts (created by `demo-users`, never re-created). */
  demoAccount: boolean;
}

/** Slugs of the administrative assignment types the demo uses (demoConfiguration.ts seeds them). */
export type AdministrativeTypeKey =
  | 'department-chair'
  | 'program-director'
  | 'committee-service'
  | 'advising'
  | 'sabbatical'
  | 'leave';

/** Non-teaching work credited with points in the current period (DOMAIN.md). */
export interface PlannedAdministrativeAssignment {
  /** Stable key: type and username. */
  key: string;
  username: string;
  type: AdministrativeTypeKey;
  /** null: the whole period. */
  term: TermKey | null;
  points: number;
  /** A sabbatical or leave: no teaching in its term. */
  takesWholeTerm: boolean;
  notes: string;
}

export interface DemoPlan {
  offerings: PlannedOffering[];
  sections: PlannedSection[];
  /** Every faculty member who may teach, demo accounts included. */
  instructors: DemoInstructor[];
  /** Members of the departments this plan adds as workgroups: username and permission bits. */
  members: Map<string, [username: string, permission: number][]>;
  /** Each department's chair (username), who also holds a Department Chair assignment. */
  chairs: Map<string, string>;
  /** Chairs, directors, committees, advising, a sabbatical and a leave; reserved before teaching. */
  administrativeAssignments: PlannedAdministrativeAssignment[];
  /** Points each instructor teaches in the plan (shares applied). */
  assignedPoints: Map<string, number>;
  /** Points of each instructor's administrative assignments. */
  administrativePoints: Map<string, number>;
}

// ---------------------------------------------------------------------------------------------
// Time grid

const MWF: Weekday[] = ['MO', 'WE', 'FR'];
const TR: Weekday[] = ['TU', 'TH'];
const MTWR: Weekday[] = ['MO', 'TU', 'WE', 'TH'];
const WEEKNIGHTS: Weekday[] = ['MO', 'TU', 'WE', 'TH'];
const WEEKDAYS: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR'];

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const at = (h: number, m = 0) => h * 60 + m;

/** MWF classes: 50 minutes on the hour, 8:00 to 16:50. Mid-morning first (most popular). */
const MWF_STARTS = [10, 11, 9, 13, 12, 14, 8, 15, 16].map((h) => at(h));
/** TuTh classes: 75 minutes, 8:00 to 18:15. */
const TR_STARTS = [at(9, 30), at(11), at(12, 30), at(14), at(8), at(15, 30), at(17)];
const LAB_STARTS = [at(14), at(8), at(11), at(18)];

interface Pattern {
  id: PlannedMeeting['id'];
  days: Weekday[];
  start: number;
  minutes: number;
  /** Needs a lab room. */
  lab?: boolean;
  description: string | null;
}

/** The weekly patterns a section of this course may take, most wanted first. */
function patternOptions(section: Draft, rng: SeededRandom): Pattern[][] {
  const { course, mode, term } = section;
  if (term === 'summer') {
    return rng
      .shuffle([at(9), at(13), at(10)])
      .map((start) => [
        { id: 'class', days: MTWR, start, minutes: 110, description: 'Summer session' },
      ]);
  }
  if (mode === 'hybrid') {
    return rng.shuffle(TR).flatMap((day) =>
      TR_STARTS.map((start) => [
        {
          id: 'class' as const,
          days: [day],
          start,
          minutes: 75,
          description: 'In person; the other session online',
        },
      ]),
    );
  }
  if (course.isLab) {
    return LAB_STARTS.flatMap((start) =>
      rng
        .shuffle(WEEKDAYS)
        .map((day) => [
          { id: 'lab' as const, days: [day], start, minutes: 170, lab: true, description: null },
        ]),
    );
  }
  if (course.level === 5) {
    return rng
      .shuffle(WEEKNIGHTS)
      .map((day) => [
        { id: 'seminar', days: [day], start: at(18, 30), minutes: 150, description: 'Seminar' },
      ]);
  }
  if (course.creditHours <= 2) {
    const minutes = course.creditHours === 1 ? 50 : 110;
    return rng
      .shuffle(WEEKDAYS)
      .flatMap((day) =>
        [at(16), at(12), at(15)].map((start) => [
          { id: 'seminar' as const, days: [day], start, minutes, description: null },
        ]),
      );
  }
  if (course.courseNumber.endsWith('490') || course.courseNumber.endsWith('491')) {
    return rng
      .shuffle(WEEKNIGHTS)
      .map((day) => [
        { id: 'seminar', days: [day], start: at(14), minutes: 150, description: 'Seminar' },
      ]);
  }
  const lectureMWF = MWF_STARTS.map((start) => ({
    id: 'lecture' as const,
    days: MWF,
    start,
    minutes: 50,
    description: null,
  }));
  if (course.creditHours >= 4) {
    // A lecture three times a week and a recitation on Tuesday or Thursday.
    const options: Pattern[][] = [];
    for (const lecture of lectureMWF) {
      for (const day of rng.shuffle(TR)) {
        for (const start of rng.shuffle(TR_STARTS.slice(0, 6))) {
          options.push([
            lecture,
            {
              id: 'recitation',
              days: [day],
              start,
              minutes: 50,
              description: 'Recitation',
            },
          ]);
        }
      }
    }
    return options;
  }
  const lectureTR = TR_STARTS.map((start) => ({
    id: 'lecture' as const,
    days: TR,
    start,
    minutes: 75,
    description: null,
  }));
  const evening =
    course.level >= 3 && rng.chance(0.12)
      ? rng.shuffle(WEEKNIGHTS).map((day) => ({
          id: 'lecture' as const,
          days: [day],
          start: at(18, 30),
          minutes: 150,
          description: 'Evening section',
        }))
      : [];
  const first = rng.chance(0.5) ? lectureMWF : lectureTR;
  const second = first === lectureMWF ? lectureTR : lectureMWF;
  return [...evening, ...first, ...second].map((p) => [p]);
}

// ---------------------------------------------------------------------------------------------
// Bookings: a room or an instructor, per term, per day

interface Booking {
  day: Weekday;
  start: number;
  end: number;
  building: string | null;
}

class Calendar {
  private readonly bookings = new Map<string, Booking[]>();

  private key(term: TermKey, who: string): string {
    return `${term}|${who}`;
  }

  /** Free at every day and time of `slots` (touching times do not overlap). */
  isFree(term: TermKey, who: string, slots: readonly Booking[]): boolean {
    const booked = this.bookings.get(this.key(term, who)) ?? [];
    return slots.every((s) =>
      booked.every((b) => b.day !== s.day || s.end <= b.start || b.end <= s.start),
    );
  }

  /** A meeting within 15 minutes of another in a different building (a back-to-back walk). */
  hasTightWalk(term: TermKey, who: string, slots: readonly Booking[]): boolean {
    const booked = this.bookings.get(this.key(term, who)) ?? [];
    return slots.some((s) =>
      booked.some(
        (b) =>
          b.day === s.day &&
          b.building !== null &&
          s.building !== null &&
          b.building !== s.building &&
          (Math.abs(s.start - b.end) <= 15 || Math.abs(b.start - s.end) <= 15),
      ),
    );
  }

  book(term: TermKey, who: string, slots: readonly Booking[]): void {
    const key = this.key(term, who);
    this.bookings.set(key, [...(this.bookings.get(key) ?? []), ...slots]);
  }
}

function slotsOf(meetings: readonly PlannedMeeting[], rooms: ReadonlyMap<string, DemoRoom>) {
  return meetings.flatMap((m) =>
    m.days.map((day) => ({
      day,
      start: minutesOf(m.startTime),
      end: minutesOf(m.endTime),
      building: m.room ? (rooms.get(m.room)?.building ?? null) : null,
      room: m.room,
    })),
  );
}

function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

// ---------------------------------------------------------------------------------------------
// Sections

interface Draft {
  course: DemoCourse;
  term: TermKey;
  mode: ModeKey;
}

/** How many sections of which term and mode a course gets this year. */
function draftsOf(course: DemoCourse, rng: SeededRandom): Draft[] {
  const drafts: Draft[] = [];
  const add = (term: TermKey, mode: ModeKey, count: number) => {
    for (let i = 0; i < count; i++) drafts.push({ course, term, mode });
  };
  const { level, department } = course;
  const number = course.courseNumber.split(' ')[1] ?? '';
  if (course.isLab) {
    // The first course of a sequence fills its labs in fall, the second in spring.
    const firstOfSequence = /1L$/.test(number);
    add('fall', 'in-person', firstOfSequence ? rng.int(8, 10) : rng.int(3, 4));
    add('spring', 'in-person', firstOfSequence ? rng.int(3, 4) : rng.int(7, 9));
    return drafts;
  }
  if (level === 1) {
    const base = department.introSections;
    add('fall', 'in-person', Math.max(1, Math.round(base * (0.8 + rng.next() * 0.6))));
    add('spring', 'in-person', Math.max(1, Math.round(base * (0.5 + rng.next() * 0.6))));
    if (rng.chance(0.45)) add('fall', 'online', 1);
    if (rng.chance(0.45)) add('spring', 'online', 1);
    if (rng.chance(0.2)) add(rng.chance(0.5) ? 'fall' : 'spring', 'hybrid', 1);
    if (rng.chance(0.4)) add('summer', 'online', 1);
    if (rng.chance(0.12)) add('summer', 'in-person', 1);
    return drafts;
  }
  if (level === 2) {
    add('fall', 'in-person', rng.int(1, 3));
    add('spring', 'in-person', rng.int(1, 2));
    if (rng.chance(0.15)) add(rng.chance(0.5) ? 'fall' : 'spring', 'hybrid', 1);
    if (rng.chance(0.2)) add(rng.chance(0.5) ? 'fall' : 'spring', 'online', 1);
    if (rng.chance(0.2)) add('summer', 'online', 1);
    return drafts;
  }
  if (number === '491') {
    add('spring', 'in-person', 1);
    return drafts;
  }
  if (number === '490' && department.key === 'mechanical-engineering') {
    add('fall', 'in-person', 1);
    return drafts;
  }
  const term: TermKey = rng.chance(0.5) ? 'fall' : 'spring';
  add(term, level === 3 && rng.chance(0.1) ? 'online' : 'in-person', 1);
  if (level === 3 && rng.chance(0.35)) add(term === 'fall' ? 'spring' : 'fall', 'in-person', 1);
  return drafts;
}

/** Registrar-style numbers per term: 001… in person, H01… hybrid, W01… online. */
function numbered(drafts: Draft[]): (Draft & { sectionNumber: string })[] {
  const counters = new Map<string, number>();
  return drafts.map((d) => {
    const series = d.mode === 'online' ? 'W' : d.mode === 'hybrid' ? 'H' : '';
    const key = `${d.term}|${series}`;
    const n = (counters.get(key) ?? 0) + 1;
    counters.set(key, n);
    const sectionNumber = series
      ? `${series}${String(n).padStart(2, '0')}`
      : String(n).padStart(3, '0');
    return { ...d, sectionNumber };
  });
}

function pointsOf(
  course: DemoCourse,
  seats: number,
): { defaultPoints: number; points: number | null } {
  // Labs count their contact hours; large lectures earn one point more than their credits.
  const defaultPoints = course.isLab ? 1.5 : course.creditHours;
  return { defaultPoints, points: !course.isLab && seats >= 100 ? course.creditHours + 1 : null };
}

function newSection(d: Draft & { sectionNumber: string }, rng: SeededRandom): PlannedSection {
  const { course } = d;
  const seats = course.sectionMaxStudents;
  const fill = d.term === 'summer' ? 0.4 + rng.next() * 0.4 : 0.6 + rng.next() * 0.4;
  const honors =
    course.level === 1 && d.mode === 'in-person' && d.sectionNumber === '002' && rng.chance(0.25);
  return {
    key: `${course.key}/${d.term}/${d.sectionNumber}`,
    course,
    term: d.term,
    mode: d.mode,
    sectionNumber: d.sectionNumber,
    name: honors ? `${course.name} (Honors)` : course.name,
    enrollment: Math.max(3, Math.round(seats * fill)),
    ...pointsOf(course, seats),
    notes: honors ? 'Honors section: enrollment by permission of the honors program.' : null,
    meetings: [],
    overrideMeetings: false,
    assignments: [],
  };
}

/** Rooms of a building in order of seats, smallest first. */
function roomsBySeats(rooms: readonly DemoRoom[]): DemoRoom[] {
  return [...rooms].sort((a, b) => a.capacity - b.capacity || a.code.localeCompare(b.code));
}

/**
 * Gives every in-person or hybrid section a weekly pattern and rooms: the department's building
 * first, then any building; the smallest free room that seats its enrollment.
 */
function scheduleRooms(sections: PlannedSection[], rng: SeededRandom, calendar: Calendar): void {
  const rooms = roomsBySeats(demoRooms());
  const roomByCode = new Map(rooms.map((r) => [r.code, r]));
  const order = [...sections].sort(
    (a, b) =>
      TERMS.indexOf(a.term) - TERMS.indexOf(b.term) ||
      b.enrollment - a.enrollment ||
      a.key.localeCompare(b.key),
  );
  for (const section of order) {
    if (section.mode === 'online') continue;
    const home = section.course.isLab
      ? (section.course.department.labBuilding ?? section.course.department.building)
      : section.course.department.building;
    const placed = placeSection(section, home, rooms, roomByCode, rng, calendar);
    if (!placed) {
      // The campus is full at every time this course may meet: it is taught online instead.
      section.mode = 'online';
      section.meetings = [];
    }
  }
}

function placeSection(
  section: PlannedSection,
  home: string,
  rooms: readonly DemoRoom[],
  roomByCode: ReadonlyMap<string, DemoRoom>,
  rng: SeededRandom,
  calendar: Calendar,
): boolean {
  const options = patternOptions(section, rng);
  const fits = (room: DemoRoom, pattern: Pattern, seats: number) =>
    room.capacity >= seats &&
    (pattern.lab ? room.isLab : !room.isLab || pattern.id === 'recitation');
  for (const buildings of [[home], null]) {
    for (const option of options) {
      const chosen: PlannedMeeting[] = [];
      for (const pattern of option) {
        // Every meeting's room seats the whole section (the capacity rule looks at each).
        const seats = section.enrollment;
        const meeting = meetingOf(pattern, null);
        const room = rooms.find(
          (r) =>
            (buildings === null || buildings.includes(r.building)) &&
            fits(r, pattern, seats) &&
            calendar.isFree(section.term, `room:${r.code}`, slotsOf([meeting], roomByCode)) &&
            chosen.every((c) => c.room !== r.code || !overlaps(c, meeting)),
        );
        if (!room) break;
        chosen.push({ ...meeting, room: room.code });
      }
      if (chosen.length !== option.length) continue;
      if (overlapsItself(chosen)) continue;
      section.meetings = chosen;
      for (const m of chosen) {
        if (m.room) calendar.book(section.term, `room:${m.room}`, slotsOf([m], roomByCode));
      }
      return true;
    }
  }
  return false;
}

/** Two meetings of one section must not overlap each other (its instructor attends both). */
function overlapsItself(meetings: readonly PlannedMeeting[]): boolean {
  return meetings.some((a, i) => meetings.slice(i + 1).some((b) => overlaps(a, b)));
}

function overlaps(a: PlannedMeeting, b: PlannedMeeting): boolean {
  return (
    a.days.some((d) => b.days.includes(d)) &&
    minutesOf(a.startTime) < minutesOf(b.endTime) &&
    minutesOf(b.startTime) < minutesOf(a.endTime)
  );
}

function meetingOf(pattern: Pattern, room: string | null): PlannedMeeting {
  return {
    id: pattern.id,
    days: pattern.days,
    startTime: hhmm(pattern.start),
    endTime: hhmm(pattern.start + pattern.minutes),
    room,
    description: pattern.description,
  };
}

// ---------------------------------------------------------------------------------------------
// Faculty

/** The demo sign-in accounts who teach (profiles in demoConfiguration.ts). */
const DEMO_ACCOUNT_FACULTY: readonly [string, string, string, string, InstructorType][] = [
  ['faculty', 'Fiona', 'Faculty', 'mathematics', 'tenure-line'],
  ['mgarcia', 'Maria', 'Garcia', 'mathematics', 'tenure-line'],
  ['jchen', 'James', 'Chen', 'mathematics', 'lecturer'],
  ['aokafor', 'Adaeze', 'Okafor', 'english', 'adjunct'],
  ['lnguyen', 'Linh', 'Nguyen', 'biology', 'tenure-line'],
  ['rmueller', 'Rainer', 'Müller', 'biology', 'tenure-line'],
  ['spatel', 'Sunita', 'Patel', 'english', 'lecturer'],
];

/** Points a year each kind of instructor is expected to teach (FinancialData.pointsRequired). */
export const POINTS_REQUIRED: Record<InstructorType, number> = {
  'tenure-line': 12,
  lecturer: 21,
  adjunct: 9,
  'graduate-student': 6,
};

const TENURE_RANKS = ['assistant-professor', 'associate-professor', 'full-professor'] as const;

/** The mix of a department's new hires, repeated until its teaching is covered. */
function hiringCycle(department: DemoDepartment): InstructorType[] {
  const labs = department.courses.some((line) => /^\d+L\|/.test(line));
  const writing = department.key === 'english';
  return [
    'tenure-line',
    'lecturer',
    'tenure-line',
    labs || writing ? 'graduate-student' : 'adjunct',
    'tenure-line',
    'adjunct',
    'lecturer',
    labs ? 'graduate-student' : 'tenure-line',
  ];
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

function profileOf(
  department: DemoDepartment,
  type: InstructorType,
  rng: SeededRandom,
): Pick<DemoInstructor, 'rank' | 'track' | 'campuses' | 'programs' | 'majors' | 'specialties'> {
  const rank =
    type === 'tenure-line'
      ? rng.pick(TENURE_RANKS)
      : type === 'lecturer'
        ? rng.chance(0.4)
          ? 'senior-lecturer'
          : 'lecturer'
        : type === 'adjunct'
          ? 'lecturer'
          : null;
  const track =
    type === 'tenure-line'
      ? department.key === 'psychology' && rng.chance(0.3)
        ? 'clinical'
        : 'tenure'
      : 'non-tenure';
  const campuses = type === 'adjunct' && rng.chance(0.5) ? ['downtown'] : ['main'];
  if (type !== 'adjunct' && rng.chance(0.2)) campuses.push('downtown');
  const programs = type === 'tenure-line' ? ['undergraduate', 'graduate'] : ['undergraduate'];
  const majors = department.major && type !== 'graduate-student' ? [department.major] : [];
  const specialties =
    department.specialty && type === 'tenure-line' && rng.chance(0.5)
      ? [department.specialty.slug]
      : [];
  return { rank, track, campuses, programs, majors, specialties };
}

class Hiring {
  private readonly taken = new Set<string>(DEMO_ACCOUNT_FACULTY.map(([u]) => u));
  private readonly names = new Set<string>();
  private serial = 0;

  constructor(private readonly rng: SeededRandom) {
    // Every demo sign-in name stays its own.
    for (const u of ['admin', 'faculty']) this.taken.add(u);
  }

  hire(department: DemoDepartment, type: InstructorType): DemoInstructor {
    let firstName = '';
    let lastName = '';
    do {
      firstName = this.rng.pick(GIVEN_NAMES);
      lastName = this.rng.pick(FAMILY_NAMES);
    } while (this.names.has(`${firstName} ${lastName}`));
    this.names.add(`${firstName} ${lastName}`);
    const base = `${ascii(firstName).charAt(0)}${ascii(lastName)}`;
    let username = base;
    for (let n = 2; this.taken.has(username); n++) username = `${base}${String(n)}`;
    this.taken.add(username);
    this.serial += 1;
    return {
      username,
      firstName,
      lastName,
      honorific: type === 'tenure-line' ? 'Dr.' : null,
      email: `${username}@northbridge.example.edu`,
      employeeId: `NB${String(104000 + this.serial * 37)}`,
      department,
      type,
      ...profileOf(department, type, this.rng),
      pointsRequired: POINTS_REQUIRED[type],
      demoAccount: false,
    };
  }
}

function demoAccountInstructors(): DemoInstructor[] {
  return DEMO_ACCOUNT_FACULTY.map(([username, firstName, lastName, key, type]) => {
    const department = DEMO_DEPARTMENTS.find((d) => d.key === key);
    if (!department) throw new Error(`No demo department ${key}`);
    return {
      username,
      firstName,
      lastName,
      honorific: type === 'tenure-line' ? 'Dr.' : null,
      email: `${username}@demo.allot.test`,
      employeeId: '',
      department,
      type,
      rank: null,
      track: '',
      campuses: [],
      programs: [],
      majors: [],
      specialties: [],
      pointsRequired: POINTS_REQUIRED[type],
      demoAccount: true,
    };
  });
}

/** Points of a section for workload: its points, else its default points. */
export function sectionPoints(section: Pick<PlannedSection, 'points' | 'defaultPoints'>): number {
  return section.points ?? section.defaultPoints;
}

// ---------------------------------------------------------------------------------------------
// Who teaches what

/** May this kind of instructor teach this section? */
function eligible(type: InstructorType, section: PlannedSection): boolean {
  const { course } = section;
  if (course.isLab) return type !== 'tenure-line';
  if (type === 'graduate-student')
    return course.level === 1 && course.sectionMaxStudents <= 40 && section.term !== 'summer';
  if (course.level === 5) return type === 'tenure-line';
  if (course.level === 4) return type === 'tenure-line' || type === 'lecturer';
  if (section.term === 'summer') return type !== 'tenure-line';
  return true;
}

/** Sections left for later on purpose: new lines not yet filled, late-added online sections. */
function leftUnassigned(section: PlannedSection, rng: SeededRandom): boolean {
  const base = section.term === 'summer' ? 0.45 : section.term === 'spring' ? 0.1 : 0.06;
  return rng.chance(section.mode === 'online' ? base + 0.1 : base);
}

interface Load {
  instructor: DemoInstructor;
  /** Points still open per term (a year's requirement split between fall and spring). */
  open: Record<TermKey, number>;
  assigned: number;
  /** Terms taken whole by a sabbatical or leave: no teaching there. */
  away: Set<TermKey>;
}

/** Each department's share of its fall-and-spring teaching points that falls in fall. */
function fallSharesOf(sections: readonly PlannedSection[]): Map<string, number> {
  const fallShare = new Map<string, number>();
  for (const department of DEMO_DEPARTMENTS) {
    const points = (term: TermKey) =>
      sections
        .filter((s) => s.course.department === department && s.term === term)
        .reduce((sum, s) => sum + sectionPoints(s), 0);
    const fall = points('fall');
    const spring = points('spring');
    fallShare.set(department.key, fall + spring > 0 ? fall / (fall + spring) : 0.5);
  }
  return fallShare;
}

/**
 * Each instructor's year split between fall and spring the way their department's teaching is
 * (a little room above it, so the terms need not split exactly); summer is extra, for some.
 * Administrative points are reserved first: a term's in that term, the period's split like the
 * year; a term taken whole leaves nothing open there.
 */
function loadsOf(
  instructors: readonly DemoInstructor[],
  fallShare: ReadonlyMap<string, number>,
  administrative: readonly PlannedAdministrativeAssignment[],
): Map<string, Load> {
  const loads = new Map(
    instructors.map((instructor) => {
      const share = fallShare.get(instructor.department.key) ?? 0.5;
      const required = instructor.pointsRequired;
      const load: Load = {
        instructor,
        open: {
          fall: required * share + 1,
          spring: required * (1 - share) + 1,
          summer: instructor.type === 'adjunct' || instructor.type === 'lecturer' ? 3 : 0,
        },
        assigned: 0,
        away: new Set(),
      };
      return [instructor.username, load];
    }),
  );
  for (const work of administrative) {
    const load = loads.get(work.username);
    if (!load) continue;
    if (work.term === null) {
      const share = fallShare.get(load.instructor.department.key) ?? 0.5;
      load.open.fall -= work.points * share;
      load.open.spring -= work.points * (1 - share);
    } else {
      load.open[work.term] -= work.points;
    }
    if (work.takesWholeTerm && work.term !== null) {
      load.away.add(work.term);
      load.open[work.term] = 0;
    }
  }
  return loads;
}

/** May this instructor take (a share of) a section worth `points` in `term`? */
function hasRoom(load: Load, term: TermKey, points: number): boolean {
  return !load.away.has(term) && load.open[term] >= points;
}

function assignSections(
  sections: PlannedSection[],
  loads: Map<string, Load>,
  rng: SeededRandom,
  calendar: Calendar,
): void {
  const roomByCode = new Map(demoRooms().map((r) => [r.code, r]));
  const byDepartment = new Map<string, Load[]>();
  for (const load of loads.values()) {
    const key = load.instructor.department.key;
    byDepartment.set(key, [...(byDepartment.get(key) ?? []), load]);
  }
  // Hardest to staff first: graduate seminars, upper-level courses, then labs and the rest.
  const rank = (s: PlannedSection) =>
    s.course.level === 5
      ? 0
      : s.course.level === 4
        ? 1
        : s.course.isLab
          ? 3
          : s.course.level === 3
            ? 2
            : 4;
  const order = [...sections]
    .filter((s) => !leftUnassigned(s, rng))
    .sort((a, b) => rank(a) - rank(b) || a.key.localeCompare(b.key));
  for (const section of order) {
    const slots = slotsOf(section.meetings, roomByCode);
    const points = sectionPoints(section);
    const pool = byDepartment.get(section.course.department.key) ?? [];
    const candidates = pool.filter(
      (l) =>
        eligible(l.instructor.type, section) &&
        hasRoom(l, section.term, points) &&
        calendar.isFree(section.term, `user:${l.instructor.username}`, slots),
    );
    const walkable = candidates.filter(
      (l) => !calendar.hasTightWalk(section.term, `user:${l.instructor.username}`, slots),
    );
    const choice = best(walkable.length > 0 ? walkable : candidates, section, rng);
    if (!choice) continue;
    choice.open[section.term] -= points;
    choice.assigned += points;
    calendar.book(section.term, `user:${choice.instructor.username}`, slots);
    section.assignments.push({
      username: choice.instructor.username,
      share: null,
      notes: null,
      status: 'proposed',
      override: false,
    });
  }
}

/**
 * Who fits a section best: graduate students run labs and small first-year sections, lecturers
 * teach the first years too; otherwise whoever has the most points still open (ties broken by
 * the generator). The demo accounts are slightly preferred, so their own pages are not empty.
 */
function best(
  candidates: readonly Load[],
  section: PlannedSection,
  rng: SeededRandom,
): Load | undefined {
  const fit = (type: InstructorType) => {
    if (section.course.isLab) return type === 'graduate-student' ? 10 : 0;
    if (section.course.level === 1)
      return type === 'graduate-student' ? 6 : type === 'lecturer' ? 1 : 0;
    return 0;
  };
  let chosen: Load | undefined;
  let top = -Infinity;
  for (const load of rng.shuffle(candidates)) {
    const { instructor } = load;
    const score =
      load.open[section.term] + fit(instructor.type) + (instructor.demoAccount ? 0.5 : 0);
    if (score > top) {
      top = score;
      chosen = load;
    }
  }
  return chosen;
}

/**
 * Shared teaching and partial coverage: a few upper-level sections get a second instructor
 * (50 % each), a few keep one instructor at half while a second is sought.
 */
function shareSomeSections(
  sections: PlannedSection[],
  loads: Map<string, Load>,
  rng: SeededRandom,
  calendar: Calendar,
): void {
  const roomByCode = new Map(demoRooms().map((r) => [r.code, r]));
  const upper = sections.filter(
    (s) =>
      s.assignments.length === 1 && s.course.level >= 3 && !s.course.isLab && s.term !== 'summer',
  );
  for (const section of upper) {
    const first = section.assignments[0];
    if (!first) continue;
    const roll = rng.next();
    if (roll < 0.08) {
      const slots = slotsOf(section.meetings, roomByCode);
      const points = sectionPoints(section);
      const partner = rng
        .shuffle([...loads.values()])
        .find(
          (l) =>
            l.instructor.department.key === section.course.department.key &&
            l.instructor.username !== first.username &&
            l.instructor.type === 'tenure-line' &&
            hasRoom(l, section.term, points / 2) &&
            calendar.isFree(section.term, `user:${l.instructor.username}`, slots) &&
            !calendar.hasTightWalk(section.term, `user:${l.instructor.username}`, slots),
        );
      if (!partner) continue;
      const firstLoad = loads.get(first.username);
      if (firstLoad) {
        firstLoad.open[section.term] += points / 2;
        firstLoad.assigned -= points / 2;
      }
      partner.open[section.term] -= points / 2;
      partner.assigned += points / 2;
      calendar.book(section.term, `user:${partner.instructor.username}`, slots);
      first.share = 50;
      first.notes = 'Team-taught';
      section.assignments.push({
        username: partner.instructor.username,
        share: 50,
        notes: 'Team-taught',
        status: 'proposed',
        override: false,
      });
    } else if (roll < 0.12) {
      const firstLoad = loads.get(first.username);
      if (firstLoad) {
        firstLoad.open[section.term] += sectionPoints(section) / 2;
        firstLoad.assigned -= sectionPoints(section) / 2;
      }
      first.share = 50;
      first.notes = 'Half of the section; a second instructor is being sought.';
    }
  }
}

/**
 * The intended room clash: a spring sociology section on Tuesdays and Thursdays is booked into
 * the room and hour of another one (its meetings are set with override). Runs before instructors
 * are chosen, so whoever teaches the moved section is free at its new time.
 */
function intendedRoomConflict(sections: PlannedSection[]): void {
  const roomByCode = new Map(demoRooms().map((r) => [r.code, r]));
  const spring = sections.filter(
    (s) =>
      s.term === 'spring' &&
      s.course.department.key === 'sociology' &&
      s.meetings.length === 1 &&
      s.meetings[0]?.days.join() === TR.join(),
  );
  for (const host of spring) {
    const hostMeeting = host.meetings[0];
    const room = hostMeeting?.room ? roomByCode.get(hostMeeting.room) : undefined;
    if (!hostMeeting || !room) continue;
    const guest = spring.find(
      (s) =>
        s !== host &&
        s.enrollment <= room.capacity &&
        s.meetings[0]?.startTime !== hostMeeting.startTime,
    );
    const meeting = guest?.meetings[0];
    if (!guest || !meeting) continue;
    guest.meetings = [
      {
        ...meeting,
        room: room.code,
        startTime: hostMeeting.startTime,
        endTime: hostMeeting.endTime,
      },
    ];
    guest.overrideMeetings = true;
    guest.notes = `Booked into ${room.code} at the same time as ${host.course.courseNumber}-${host.sectionNumber}; the registrar is finding another room.`;
    return;
  }
}

/**
 * The intended instructor clash: a historian also takes a fall section that meets at the same
 * time as one of theirs (assigned with override), covering until an adjunct is hired.
 */
function intendedInstructorConflict(sections: PlannedSection[], loads: Map<string, Load>): void {
  const history = sections.filter(
    (s) => s.term === 'fall' && s.course.department.key === 'history' && s.mode === 'in-person',
  );
  for (const taught of history) {
    const teacher = taught.assignments[0];
    if (taught.assignments.length !== 1 || !teacher || teacher.share !== null) continue;
    const clash = history.find(
      (s) =>
        s !== taught &&
        s.assignments.every((a) => a.username !== teacher.username && a.share === null) &&
        s.assignments.length <= 1 &&
        s.meetings.some((m) => taught.meetings.some((t) => overlaps(m, t))),
    );
    if (!clash) continue;
    // Whoever had the clashing section gives it up.
    for (const previous of clash.assignments) {
      const load = loads.get(previous.username);
      if (load) load.assigned -= sectionPoints(clash);
    }
    clash.assignments = [
      {
        username: teacher.username,
        share: null,
        notes: `Overlaps ${taught.course.courseNumber}-${taught.sectionNumber}; covering until the adjunct search closes.`,
        status: 'proposed',
        override: true,
      },
    ];
    const load = loads.get(teacher.username);
    if (load) load.assigned += sectionPoints(clash);
    return;
  }
}

/** Department review (step 6) is under way: some departments have approved part of their plan. */
function approveSome(sections: PlannedSection[], rng: SeededRandom): void {
  const reviewed = new Set(['mathematics', 'history', 'chemistry']);
  let finals = 0;
  for (const section of sections) {
    if (!reviewed.has(section.course.department.key) || section.term !== 'fall') continue;
    if (section.course.level < 2 || section.course.isLab) continue;
    for (const a of section.assignments) {
      if (a.override || a.share !== null || !rng.chance(0.55)) continue;
      a.status =
        finals < 8 && section.course.department.key === 'mathematics' ? 'final' : 'approved';
      if (a.status === 'final') finals += 1;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Administrative work

/** Each department's chair, approver and scheduler (the chair is its tenured full professor). */
function departmentMembers(instructors: readonly DemoInstructor[]): {
  chairs: Map<string, string>;
  members: Map<string, [string, number][]>;
} {
  const chairs = new Map<string, string>();
  const members = new Map<string, [string, number][]>();
  for (const department of DEMO_DEPARTMENTS) {
    const staff = instructors.filter((i) => i.department === department && !i.demoAccount);
    const tenured = staff.filter((i) => i.type === 'tenure-line');
    const chair = tenured.find((i) => i.rank === 'full-professor') ?? tenured[0];
    const associate = tenured.find((i) => i !== chair);
    const coordinator = staff.find((i) => i.type === 'lecturer') ?? staff.find((i) => i !== chair);
    const list: [string, number][] = [];
    if (chair) {
      chairs.set(department.key, chair.username);
      list.push([chair.username, APPROVE_BIT | ASSIGN_BIT]);
    }
    if (associate) list.push([associate.username, APPROVE_BIT]);
    if (coordinator && coordinator !== associate) list.push([coordinator.username, ASSIGN_BIT]);
    members.set(department.key, list);
  }
  return { chairs, members };
}

type Holder = 'associate-professor' | 'full-professor' | 'tenure-line' | 'lecturer';

/**
 * Who does what besides teaching, by department and kind of holder: the first such faculty
 * member (in hiring order) who holds no other administrative work; a demo account by name.
 */
const ADMINISTRATIVE_WORK: readonly {
  type: Exclude<AdministrativeTypeKey, 'department-chair'>;
  department: string;
  holder: Holder | { username: string };
  points: number;
  notes: string;
  /** A spring sabbatical or leave: the points are what the holder would teach that term. */
  spring?: true;
}[] = [
  {
    type: 'program-director',
    department: 'mathematics',
    holder: 'associate-professor',
    points: 1.5,
    notes: 'Directs the graduate program in mathematics (MS and PhD).',
  },
  {
    type: 'program-director',
    department: 'biology',
    holder: 'associate-professor',
    points: 1.5,
    notes: 'Directs the graduate program in biology.',
  },
  {
    type: 'program-director',
    department: 'computer-science',
    holder: 'associate-professor',
    points: 1.5,
    notes: 'Directs the MS program in computer science.',
  },
  {
    type: 'program-director',
    department: 'psychology',
    holder: 'associate-professor',
    points: 1.5,
    notes: 'Directs the graduate program in clinical psychology.',
  },
  {
    type: 'committee-service',
    department: 'mathematics',
    holder: { username: 'mgarcia' },
    points: 1,
    notes: 'Chairs the graduate curriculum committee.',
  },
  {
    type: 'committee-service',
    department: 'chemistry',
    holder: 'full-professor',
    points: 1,
    notes: 'Faculty senate.',
  },
  {
    type: 'committee-service',
    department: 'history',
    holder: 'associate-professor',
    points: 0.5,
    notes: 'University library committee.',
  },
  {
    type: 'committee-service',
    department: 'economics',
    holder: 'full-professor',
    points: 0.5,
    notes: 'Faculty search committee.',
  },
  {
    type: 'committee-service',
    department: 'philosophy',
    holder: 'associate-professor',
    points: 0.5,
    notes: 'Institutional review board.',
  },
  {
    type: 'advising',
    department: 'biology',
    holder: 'tenure-line',
    points: 1,
    notes: 'Pre-health advising.',
  },
  {
    type: 'advising',
    department: 'english',
    holder: 'lecturer',
    points: 1,
    notes: 'Advises first-year writing students.',
  },
  {
    type: 'advising',
    department: 'mechanical-engineering',
    holder: 'tenure-line',
    points: 1,
    notes: 'Advises the senior design teams.',
  },
  {
    type: 'advising',
    department: 'sociology',
    holder: 'lecturer',
    points: 0.5,
    notes: 'Advises sociology majors.',
  },
  {
    type: 'sabbatical',
    department: 'physics',
    holder: 'full-professor',
    points: 0,
    notes: 'Sabbatical in the spring term (research at an observatory abroad); no teaching.',
    spring: true,
  },
  {
    type: 'leave',
    department: 'economics',
    holder: 'associate-professor',
    points: 0,
    notes: 'Parental leave in the spring term; no teaching.',
    spring: true,
  },
];

const halves = (points: number) => Math.round(points * 2) / 2;

/**
 * The current period's administrative assignments, chosen before anyone is given a section so
 * their points are reserved: every chair's course release, then ADMINISTRATIVE_WORK. Holders of
 * a term taken whole are never members of their workgroup (its approver or scheduler).
 */
function planAdministrativeWork(
  instructors: readonly DemoInstructor[],
  chairs: ReadonlyMap<string, string>,
  members: ReadonlyMap<string, readonly [string, number][]>,
  fallShare: ReadonlyMap<string, number>,
): PlannedAdministrativeAssignment[] {
  const planned: PlannedAdministrativeAssignment[] = [];
  const add = (work: Omit<PlannedAdministrativeAssignment, 'key'>) =>
    planned.push({ ...work, key: `${work.type}/${work.username}` });
  for (const department of DEMO_DEPARTMENTS) {
    const chair = chairs.get(department.key);
    if (!chair) continue;
    add({
      username: chair,
      type: 'department-chair',
      term: null,
      points: 3,
      takesWholeTerm: false,
      notes: `Chairs the Department of ${department.name}; a course release each term.`,
    });
  }
  const busy = (username: string) => planned.some((p) => p.username === username);
  for (const work of ADMINISTRATIVE_WORK) {
    const { holder } = work;
    const memberNames = new Set((members.get(work.department) ?? []).map(([u]) => u));
    const instructor = instructors.find((i) =>
      typeof holder === 'object'
        ? i.username === holder.username
        : i.department.key === work.department &&
          !i.demoAccount &&
          !busy(i.username) &&
          !(work.spring && memberNames.has(i.username)) &&
          (holder === 'lecturer'
            ? i.type === 'lecturer'
            : i.type === 'tenure-line' && (holder === 'tenure-line' || i.rank === holder)),
    );
    if (!instructor) throw new Error(`No ${JSON.stringify(holder)} in ${work.department}`);
    const springShare = 1 - (fallShare.get(work.department) ?? 0.5);
    add({
      username: instructor.username,
      type: work.type,
      term: work.spring ? 'spring' : null,
      points: work.spring ? halves(instructor.pointsRequired * springShare) : work.points,
      takesWholeTerm: work.spring === true,
      notes: work.notes,
    });
  }
  return planned;
}

// ---------------------------------------------------------------------------------------------
// The whole plan

let cached: DemoPlan | undefined;

/** The demo plan (computed once per process; the same on every run). */
export function demoPlan(): DemoPlan {
  cached ??= buildDemoPlan();
  return cached;
}

/** A fresh plan (tests compare two for determinism); steps use the cached `demoPlan()`. */
export function buildDemoPlan(): DemoPlan {
  const rng = new SeededRandom('northbridge-demo-plan-v1');
  const calendar = new Calendar();
  const courses = demoCourses().filter((c) => c.isOffered);
  const sections = courses.flatMap((course) =>
    numbered(draftsOf(course, rng)).map((d) => newSection(d, rng)),
  );
  scheduleRooms(sections, rng, calendar);
  intendedRoomConflict(sections);
  // Rooms may have turned a section online: offerings list the term modes their sections have.
  const offerings = courses.map((course) => {
    const modes = new Map<string, [TermKey, ModeKey]>();
    for (const s of sections)
      if (s.course === course) modes.set(`${s.term}|${s.mode}`, [s.term, s.mode]);
    return { course, termModes: [...modes.values()] };
  });

  // Faculty: the demo accounts, then hires per department until its teaching is covered.
  const hiring = new Hiring(rng);
  const instructors = demoAccountInstructors();
  for (const department of DEMO_DEPARTMENTS) {
    const demand = sections
      .filter((s) => s.course.department === department && s.term !== 'summer')
      .reduce((sum, s) => sum + sectionPoints(s), 0);
    const cycle = hiringCycle(department);
    let capacity = instructors
      .filter((i) => i.department === department)
      .reduce((sum, i) => sum + i.pointsRequired, 0);
    for (let n = 0; capacity < demand * 1.04; n++) {
      const type = cycle[n % cycle.length] ?? 'adjunct';
      const hire = hiring.hire(department, type);
      instructors.push(hire);
      capacity += hire.pointsRequired;
    }
  }

  // Administrative work first, so its points are reserved before anyone is given a section.
  const { chairs, members } = departmentMembers(instructors);
  const fallShare = fallSharesOf(sections);
  const administrativeAssignments = planAdministrativeWork(instructors, chairs, members, fallShare);
  const loads = loadsOf(instructors, fallShare, administrativeAssignments);
  assignSections(sections, loads, rng, calendar);
  shareSomeSections(sections, loads, rng, calendar);
  intendedInstructorConflict(sections, loads);
  approveSome(sections, rng);

  const assignedPoints = new Map<string, number>();
  for (const s of sections) {
    const explicit = s.assignments.reduce((sum, a) => sum + (a.share ?? 0), 0);
    const open = s.assignments.filter((a) => a.share === null).length;
    for (const a of s.assignments) {
      const share = a.share ?? (open > 0 ? (100 - explicit) / open : 0);
      assignedPoints.set(
        a.username,
        (assignedPoints.get(a.username) ?? 0) + (sectionPoints(s) * share) / 100,
      );
    }
  }
  const administrativePoints = new Map<string, number>();
  for (const work of administrativeAssignments) {
    administrativePoints.set(
      work.username,
      (administrativePoints.get(work.username) ?? 0) + work.points,
    );
  }
  return {
    offerings,
    sections,
    instructors,
    members,
    chairs,
    administrativeAssignments,
    assignedPoints,
    administrativePoints,
  };
}
