import { meetingDates, minutesOf, weekdayOf, type Meeting, type Weekday } from './meetings.js';
import { ALIGNED_SCORE } from './alignedScore.js';
import { PREFERENCE_LEVELS, type PreferenceLevel } from './preferenceLevels.js';

export { PREFERENCE_LEVELS, type PreferenceLevel } from './preferenceLevels.js';
export { ALIGNED_SCORE } from './alignedScore.js';

/** P for each level (DOMAIN.md); `prohibited` blocks instead. Required counts as strongly preferred. */
const LEVEL_VALUE: Record<Exclude<PreferenceLevel, 'prohibited'>, number> = {
  required: 1,
  stronglyPreferred: 1,
  preferred: 0.625,
  neutral: 0.5,
  discouraged: 0.375,
  stronglyDiscouraged: 0,
};
const NEUTRAL = LEVEL_VALUE.neutral;

/** The term weights of S = 100 × (0.5·P + 0.2·A + 0.2·T + 0.1·L). */
export const ALIGNMENT_WEIGHTS = { P: 0.5, A: 0.2, T: 0.2, L: 0.1 } as const;
export type AlignmentTerm = keyof typeof ALIGNMENT_WEIGHTS;

/** A ranked choice maps onto the scale: first choice strongly preferred, next two preferred. */
export function levelForRank(rank: number): PreferenceLevel {
  if (rank <= 1) return 'stronglyPreferred';
  if (rank <= 3) return 'preferred';
  return 'neutral';
}

export interface TeachingPreferenceInput {
  id: string;
  level: PreferenceLevel;
  /** 0–1 (default 1): how strongly, within its level (see `levelValue`). */
  weight?: number | null;
  /** A course-level preference; otherwise it is about an assignment type. */
  CourseId?: string | null;
  assignmentType?: string | null;
  /** When given, the section's term / teaching mode must match for full credit. */
  AcademicTermId?: string | null;
  TeachingModeId?: string | null;
}

export interface AlignmentSection {
  CourseId: string;
  assignmentType: string | null;
  AcademicTermId: string | null;
  TeachingModeId: string | null;
  /** Taxonomy ids (campus, program, specialty, …) the section wants its instructor to carry. */
  wantedAttributes: readonly string[];
  meetings: readonly Meeting[];
  /** The points this instructor would earn on the section (their share). */
  points: number;
}

export interface UnavailableTime {
  day: Weekday;
  startTime: string;
  endTime: string;
}

export interface AlignmentInstructor {
  attributes: readonly string[];
  unavailable: readonly UnavailableTime[];
  pointsRequired: number | null;
  /** Above this the instructor may not be loaded; null: no maximum beyond the requirement. */
  pointsMax: number | null;
  /** Points already assigned in the period, without this section. */
  pointsAssigned: number;
  /** Administrative assignments that take a whole term (sabbatical, leave); null term = the period. */
  wholeTermLeaves: readonly { AcademicTermId: string | null; name: string }[];
}

export interface AlignmentInput {
  section: AlignmentSection;
  instructor: AlignmentInstructor;
  preferences: readonly TeachingPreferenceInput[];
  /** How many of the section's meetings overlap another assignment of the instructor. */
  meetingConflicts: number;
}

export type AlignmentReasonCode =
  | 'prohibited'
  | 'meetingConflict'
  | 'aboveMaximum'
  | 'wholeTermLeave'
  | 'coursePreference'
  | 'assignmentTypePreference'
  | 'noPreference'
  | 'attributes'
  | 'availability'
  | 'load';

export interface AlignmentReason {
  code: AlignmentReasonCode;
  message: string;
  term?: AlignmentTerm;
  /** The term's points in the score (weight × value × 100). */
  contribution?: number;
  preferenceId?: string;
}

export interface TermValue {
  value: number;
  weight: number;
  contribution: number;
}

/** What an assignment stores as `preferenceAlignment` (DOMAIN.md). */
export interface PreferenceAlignment {
  score: number;
  blocked: boolean;
  terms: Record<AlignmentTerm, TermValue> | null;
  reasons: AlignmentReason[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * A level's P, scaled by weight within the level: weight 1 is the level's value, weight 0 is
 * halfway to the next level toward neutral, so a weight never moves a preference across levels.
 */
export function levelValue(level: Exclude<PreferenceLevel, 'prohibited'>, weight = 1): number {
  const value = LEVEL_VALUE[level];
  const index = PREFERENCE_LEVELS.indexOf(level);
  const neutralIndex = PREFERENCE_LEVELS.indexOf('neutral');
  const towardNeutral =
    index === neutralIndex
      ? value
      : LEVEL_VALUE[
          PREFERENCE_LEVELS[index < neutralIndex ? index + 1 : index - 1] as Exclude<
            PreferenceLevel,
            'prohibited'
          >
        ];
  const w = Math.min(1, Math.max(0, weight));
  return value - ((value - towardNeutral) / 2) * (1 - w);
}

interface Match {
  preference: TeachingPreferenceInput;
  kind: 'course' | 'assignmentType';
  termModeMatch: boolean;
}

function termModeMatches(p: TeachingPreferenceInput, s: AlignmentSection): boolean {
  const term = !p.AcademicTermId || p.AcademicTermId === s.AcademicTermId;
  const mode = !p.TeachingModeId || p.TeachingModeId === s.TeachingModeId;
  return term && mode;
}

/** The governing preference: a course-level match beats an assignment-type match. */
function governingPreference(
  preferences: readonly TeachingPreferenceInput[],
  section: AlignmentSection,
): Match | null {
  const matches: Match[] = [];
  for (const preference of preferences) {
    const kind =
      preference.CourseId && preference.CourseId === section.CourseId
        ? 'course'
        : !preference.CourseId &&
            preference.assignmentType &&
            preference.assignmentType === section.assignmentType
          ? 'assignmentType'
          : null;
    if (kind)
      matches.push({ preference, kind, termModeMatch: termModeMatches(preference, section) });
  }
  const rank = (m: Match) =>
    (m.kind === 'course' ? 4 : 0) +
    (m.termModeMatch ? 2 : 0) +
    // Among equals a prohibition is the safer reading.
    (m.preference.level === 'prohibited' ? 1 : 0);
  // Equals are then taken in id order, so the answer never depends on the order preferences are
  // read in (a record's preferences come back from jsonb in key order, not the order added).
  return (
    matches.sort(
      (a, b) =>
        rank(b) - rank(a) ||
        (a.preference.id < b.preference.id ? -1 : a.preference.id > b.preference.id ? 1 : 0),
    )[0] ?? null
  );
}

const LEVEL_WORDS: Record<PreferenceLevel, string> = {
  required: 'required',
  stronglyPreferred: 'strongly preferred',
  preferred: 'preferred',
  neutral: 'neutral',
  discouraged: 'discouraged',
  stronglyDiscouraged: 'strongly discouraged',
  prohibited: 'prohibited',
};

function unavailableMinutes(
  meeting: Meeting,
  day: Weekday,
  unavailable: readonly UnavailableTime[],
): number {
  const start = minutesOf(meeting.startTime);
  const end = minutesOf(meeting.endTime);
  // A minute counts once even when two unavailable spans cover it.
  const covered = new Set<number>();
  for (const u of unavailable) {
    if (u.day !== day) continue;
    for (
      let t = Math.max(start, minutesOf(u.startTime));
      t < Math.min(end, minutesOf(u.endTime));
      t++
    ) {
      covered.add(t);
    }
  }
  return covered.size;
}

/** T = 1 − share of the section's meeting minutes in the instructor's unavailable times. */
function availability(section: AlignmentSection, instructor: AlignmentInstructor): number {
  let total = 0;
  let blocked = 0;
  for (const meeting of section.meetings) {
    const length = minutesOf(meeting.endTime) - minutesOf(meeting.startTime);
    for (const date of meetingDates(meeting)) {
      total += length;
      blocked += unavailableMinutes(meeting, weekdayOf(date), instructor.unavailable);
    }
  }
  return total === 0 ? 1 : 1 - blocked / total;
}

/** L = 1 while assigned points stay ≤ required, falling linearly to 0 at the maximum. */
function load(after: number, required: number | null, max: number | null): number {
  if (required === null || after <= required) return 1;
  if (max === null || max <= required) return 0;
  return Math.max(0, 1 - (after - required) / (max - required));
}

function term(name: AlignmentTerm, value: number): TermValue {
  const weight = ALIGNMENT_WEIGHTS[name];
  return { value: round3(value), weight, contribution: round1(100 * weight * value) };
}

/**
 * The alignment score S ∈ [0, 100] of an instructor on a section, with its reasons (DOMAIN.md):
 * blocked (0) by a prohibition, a meeting conflict, points above the maximum or a whole-term
 * leave; else 100 × (0.5·P + 0.2·A + 0.2·T + 0.1·L).
 */
export function alignmentOf(input: AlignmentInput): PreferenceAlignment {
  const { section, instructor, preferences } = input;
  const blockers: AlignmentReason[] = [];
  const governing = governingPreference(preferences, section);
  if (governing?.preference.level === 'prohibited') {
    blockers.push({
      code: 'prohibited',
      preferenceId: governing.preference.id,
      message:
        governing.kind === 'course'
          ? 'The instructor prohibited teaching this course.'
          : 'The instructor prohibited this assignment type.',
    });
  }
  if (input.meetingConflicts > 0) {
    blockers.push({
      code: 'meetingConflict',
      message:
        input.meetingConflicts === 1
          ? 'A meeting overlaps another assignment of the instructor.'
          : `${input.meetingConflicts} meetings overlap other assignments of the instructor.`,
    });
  }
  const after = instructor.pointsAssigned + section.points;
  if (instructor.pointsMax !== null && after > instructor.pointsMax) {
    blockers.push({
      code: 'aboveMaximum',
      message: `The assignment brings the instructor to ${round1(after)} points, above the maximum of ${instructor.pointsMax}.`,
    });
  }
  for (const leave of instructor.wholeTermLeaves) {
    if (leave.AcademicTermId === null || leave.AcademicTermId === section.AcademicTermId) {
      blockers.push({
        code: 'wholeTermLeave',
        message: `The instructor is away for the whole term (${leave.name}).`,
      });
    }
  }
  if (blockers.length > 0) return { score: 0, blocked: true, terms: null, reasons: blockers };

  const reasons: AlignmentReason[] = [];
  let P = NEUTRAL;
  if (governing) {
    const { preference, kind, termModeMatch } = governing;
    const full = levelValue(
      preference.level as Exclude<PreferenceLevel, 'prohibited'>,
      preference.weight ?? 1,
    );
    // "Half otherwise": half of the preference's pull away from neutral.
    P = termModeMatch ? full : NEUTRAL + (full - NEUTRAL) / 2;
    const what = kind === 'course' ? 'this course' : 'this assignment type';
    const half = termModeMatch ? '' : ' (another term or teaching mode: half credit)';
    reasons.push({
      code: kind === 'course' ? 'coursePreference' : 'assignmentTypePreference',
      preferenceId: preference.id,
      term: 'P',
      contribution: term('P', P).contribution,
      message: `The instructor marked ${what} ${LEVEL_WORDS[preference.level]}${half}.`,
    });
  } else {
    reasons.push({
      code: 'noPreference',
      term: 'P',
      contribution: term('P', P).contribution,
      message: 'The instructor stated no preference for this course: counted as neutral.',
    });
  }

  const wanted = section.wantedAttributes;
  const had = wanted.filter((a) => instructor.attributes.includes(a)).length;
  const A = wanted.length === 0 ? 1 : had / wanted.length;
  reasons.push({
    code: 'attributes',
    term: 'A',
    contribution: term('A', A).contribution,
    message:
      wanted.length === 0
        ? 'The section asks for no particular attributes.'
        : `The instructor has ${had} of the ${wanted.length} attributes the section asks for.`,
  });

  const T = availability(section, instructor);
  reasons.push({
    code: 'availability',
    term: 'T',
    contribution: term('T', T).contribution,
    message:
      T === 1
        ? "Every meeting falls in the instructor's available times."
        : `${Math.round((1 - T) * 100)}% of the meeting time falls in the instructor's unavailable times.`,
  });

  const L = load(after, instructor.pointsRequired, instructor.pointsMax);
  reasons.push({
    code: 'load',
    term: 'L',
    contribution: term('L', L).contribution,
    message:
      L === 1
        ? `With this assignment the instructor carries ${round1(after)} points, within the ${round1(instructor.pointsRequired ?? 0)} required.`
        : `With this assignment the instructor carries ${round1(after)} points, above the ${round1(instructor.pointsRequired ?? 0)} required.`,
  });

  const terms = { P: term('P', P), A: term('A', A), T: term('T', T), L: term('L', L) };
  const score = round1(
    100 *
      (ALIGNMENT_WEIGHTS.P * P +
        ALIGNMENT_WEIGHTS.A * A +
        ALIGNMENT_WEIGHTS.T * T +
        ALIGNMENT_WEIGHTS.L * L),
  );
  return { score, blocked: false, terms, reasons };
}

/** How a set of assignments aligns: how many, their mean score, how many aligned and blocked. */
export interface AlignmentSummary {
  assignments: number;
  /** Mean score (0–100, one decimal), null without assignments. */
  meanScore: number | null;
  aligned: number;
  blocked: number;
}

export function summarizeAlignments(found: readonly PreferenceAlignment[]): AlignmentSummary {
  const total = found.reduce((sum, a) => sum + a.score, 0);
  return {
    assignments: found.length,
    meanScore: found.length ? round1(total / found.length) : null,
    aligned: found.filter((a) => !a.blocked && a.score >= ALIGNED_SCORE).length,
    blocked: found.filter((a) => a.blocked).length,
  };
}
