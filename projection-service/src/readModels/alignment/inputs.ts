import type { Knex } from 'knex';
import {
  administrativeAssignments,
  alignmentOf,
  courses,
  overlappingDates,
  timesOverlap,
  users,
  type AlignmentSection,
  type CandidateInput,
  type Meeting,
  type PreferenceAlignment,
  type ResourceDefinition,
  type SectionState,
  type TeachingPreferenceInput,
  type UnavailableTime,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import {
  PREFERENCE_SUBMISSIONS_TABLE,
  TEACHING_PREFERENCES_TABLE,
  preferencesProjection,
} from '../preferences/projection.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import {
  SECTION_ASSIGNMENTS_TABLE,
  SECTIONS_TABLE,
  sectionsProjection,
} from '../sections/projection.js';
import { createWorkloadQuery } from '../workload/query.js';

type Data = Record<string, unknown>;
export type LiveSection = Extract<SectionState, { status: 'live' | 'deleted' }>;

/** Course taxonomy field → the faculty-profile field naming the same kind (DOMAIN.md: A term). */
const TAXONOMY_FIELDS = [
  ['campuses', 'CampusIds'],
  ['programs', 'ProgramIds'],
  ['specialties', 'SpecialtyIds'],
  ['majors', 'MajorIds'],
  ['cohorts', 'CohortIds'],
] as const;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** What the alignment reads of a section: its own fields (meetings, term and mode) and course. */
export interface SectionBasics {
  state: { section: LiveSection['section'] };
  course_id: string | null;
}

/** A section row of the sections read model, as the alignment needs it. */
export interface SectionFacts extends SectionBasics {
  state: LiveSection;
  academic_period_id: string | null;
  points: number;
}

/** Everything about one instructor in one period that their alignment on a section reads. */
export interface InstructorFacts {
  UserId: string;
  data: Data;
  pointsRequired: number | null;
  pointsAssigned: number;
  preferences: TeachingPreferenceInput[];
  unavailable: UnavailableTime[];
  leaves: { AcademicTermId: string | null }[];
  /** Their live assignments' sections (meetings), with the points each brings them. */
  teaching: { SectionId: string; meetings: Meeting[]; allowOverlap: boolean; points: number }[];
}

/** How many of `mine` overlap one of `theirs` (on a shared date, at overlapping times). */
function conflictsBetween(mine: readonly Meeting[], theirs: readonly Meeting[]): number {
  return mine.filter((m) =>
    theirs.some(
      (t) =>
        m.days.some((d) => t.days.includes(d)) &&
        timesOverlap(m, t) &&
        overlappingDates(m, t).length > 0,
    ),
  ).length;
}

/** The alignment's view of a section, an instructor earning `points` on it. */
export function sectionInput(
  section: SectionBasics,
  wanted: readonly string[],
  points: number,
): AlignmentSection {
  const { TermMode, meetings } = section.state.section;
  return {
    CourseId: section.course_id ?? '',
    assignmentType: null,
    AcademicTermId: TermMode?.AcademicTermId ?? null,
    TeachingModeId: TermMode?.TeachingModeId ?? null,
    wantedAttributes: wanted,
    meetings,
    points: Math.round(points * 100) / 100,
  };
}

/** An instructor as a candidate for `section`: this section's own points left out of the load. */
export function candidate(facts: InstructorFacts, section: SectionBasics): CandidateInput {
  const own = section.state.section;
  const here = facts.teaching.filter((t) => t.SectionId === own.id);
  const elsewhere = facts.teaching.filter(
    (t) => t.SectionId !== own.id && !(t.allowOverlap && own.allowOverlap),
  );
  const termId = own.TermMode?.AcademicTermId ?? null;
  const profile = (facts.data.FacultyProfile ?? {}) as Data;
  return {
    UserId: facts.UserId,
    instructor: {
      attributes: TAXONOMY_FIELDS.flatMap(([, field]) => strings(profile[field])),
      unavailable: facts.unavailable,
      pointsRequired: facts.pointsRequired,
      pointsMax: null,
      pointsAssigned: facts.pointsAssigned - here.reduce((sum, t) => sum + t.points, 0),
      wholeTermLeaves: facts.leaves
        .filter((l) => !l.AcademicTermId || !termId || l.AcademicTermId === termId)
        .map((l) => ({
          AcademicTermId: l.AcademicTermId,
          name: 'an administrative assignment that takes the term',
        })),
    },
    preferences: facts.preferences,
    meetingConflicts: conflictsBetween(
      own.meetings,
      elsewhere.flatMap((t) => t.meetings),
    ),
  };
}

/** An instructor's alignment on a section they hold, earning `points` on it. */
export function assignmentAlignment(
  section: SectionBasics,
  facts: InstructorFacts,
  wanted: readonly string[],
  points: number,
): PreferenceAlignment {
  const input = candidate(facts, section);
  return alignmentOf({
    section: sectionInput(section, wanted, points),
    instructor: input.instructor,
    preferences: input.preferences,
    meetingConflicts: input.meetingConflicts,
  });
}

/** The taxonomy ids a course wants its instructors to carry. */
export function wantedOf(course: Data): string[] {
  return TAXONOMY_FIELDS.flatMap(([field]) => strings(course[field]));
}

/**
 * Reads the inputs of the alignment score (DOMAIN.md) from the read models, in a few set-wise
 * queries per request: preferences and availability, workload, whole-term leaves, the sections
 * each instructor already teaches, and what a section's course wants.
 */
export function createAlignmentReader(knex: Knex, tables: TableResolver) {
  const workloads = createWorkloadQuery(knex, tables);
  const kind = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));
  const sectionsTable = (logical: string) => tables.table(sectionsProjection.name, logical);
  const preferencesTable = (logical: string) => tables.table(preferencesProjection.name, logical);

  async function instructors(
    periodId: string,
    ids: readonly string[],
    people?: readonly { id: string; data: Data }[],
  ): Promise<Map<string, InstructorFacts>> {
    if (ids.length === 0) return new Map();
    const list = [...ids];
    const [persons, loads, prefRows, submissions, leaves, teaching] = await Promise.all([
      people ??
        (knex(await kind(users))
          .select('id', 'data')
          .whereIn('id', list) as Promise<{ id: string; data: Data }[]>),
      workloads.list({ AcademicPeriodId: periodId, UserIds: list, take: list.length, skip: 0 }),
      knex(await preferencesTable(TEACHING_PREFERENCES_TABLE))
        .where({ period_id: periodId })
        .whereIn('user_id', list)
        .orderBy('position') as Promise<
        {
          id: string;
          user_id: string;
          level: TeachingPreferenceInput['level'];
          weight: number | null;
          course_id: string | null;
          assignment_type_id: string | null;
          academic_term_id: string | null;
          teaching_mode_id: string | null;
        }[]
      >,
      knex(await preferencesTable(PREFERENCE_SUBMISSIONS_TABLE))
        .select('user_id', 'state')
        .where({ period_id: periodId })
        .whereIn('user_id', list) as Promise<
        { user_id: string; state: { unavailable: UnavailableTime[] } }[]
      >,
      knex(await kind(administrativeAssignments))
        .select('data')
        .whereNull('deleted_at')
        .whereRaw("data->>'AcademicPeriodId' = ?", [periodId])
        .whereRaw("coalesce((data->>'takesWholeTerm')::boolean, false)")
        .whereRaw("data->>'UserId' = any(?)", [list]) as Promise<{ data: Data }[]>,
      knex({ a: await sectionsTable(SECTION_ASSIGNMENTS_TABLE) })
        .join({ s: await sectionsTable(SECTIONS_TABLE) }, 's.id', 'a.section_id')
        .select('a.user_id', 'a.section_id', 'a.points', 's.state')
        .where({ 'a.deleted': false, 'a.academic_period_id': periodId })
        .whereNot('a.status', 'withdrawn')
        .whereIn('a.user_id', list) as Promise<
        { user_id: string; section_id: string; points: number; state: LiveSection }[]
      >,
    ]);
    const facts = new Map<string, InstructorFacts>();
    for (const person of persons) {
      const load = loads.rows.find((l) => l.UserId === person.id);
      const financial = person.data.FinancialData as { pointsRequired?: number } | null | undefined;
      facts.set(person.id, {
        UserId: person.id,
        data: person.data,
        pointsRequired: financial?.pointsRequired ?? null,
        pointsAssigned: load?.assigned ?? 0,
        preferences: prefRows
          .filter((r) => r.user_id === person.id)
          .map((r) => ({
            id: r.id,
            level: r.level,
            weight: r.weight,
            CourseId: r.course_id,
            assignmentType: r.assignment_type_id,
            AcademicTermId: r.academic_term_id,
            TeachingModeId: r.teaching_mode_id,
          })),
        unavailable: submissions.find((s) => s.user_id === person.id)?.state.unavailable ?? [],
        leaves: leaves
          .map((l) => l.data)
          .filter((l) => l.UserId === person.id)
          .map((l) => ({ AcademicTermId: (l.AcademicTermId as string | null) ?? null })),
        teaching: teaching
          .filter((t) => t.user_id === person.id)
          .map((t) => ({
            SectionId: t.section_id,
            meetings: t.state.section.meetings,
            allowOverlap: t.state.section.allowOverlap,
            points: Number(t.points),
          })),
      });
    }
    return facts;
  }

  /** The taxonomy ids each course wants its instructors to carry. */
  async function wantedBy(courseIds: readonly (string | null)[]): Promise<Map<string, string[]>> {
    const ids = [...new Set(courseIds.filter((c): c is string => Boolean(c)))];
    if (ids.length === 0) return new Map();
    const rows = (await knex(await kind(courses))
      .select('id', 'data')
      .whereIn('id', ids)) as {
      id: string;
      data: Data;
    }[];
    return new Map(rows.map((r) => [r.id, wantedOf(r.data)]));
  }

  /**
   * `preferenceAlignment` of teaching assignments (DOMAIN.md), computed when read from the
   * current read models, so it follows every change of preferences, meetings and workload.
   */
  async function alignmentsOf(
    rows: readonly {
      id: string;
      section_id: string;
      user_id: string;
      points: number;
      academic_period_id: string | null;
    }[],
  ): Promise<Map<string, PreferenceAlignment>> {
    const result = new Map<string, PreferenceAlignment>();
    const byPeriod = new Map<string, (typeof rows)[number][]>();
    for (const row of rows) {
      if (!row.academic_period_id) continue;
      byPeriod.set(row.academic_period_id, [...(byPeriod.get(row.academic_period_id) ?? []), row]);
    }
    for (const [periodId, list] of byPeriod) {
      const sections = (await knex(await sectionsTable(SECTIONS_TABLE))
        .select('id', 'state', 'course_id', 'academic_period_id', 'points')
        .whereIn('id', [...new Set(list.map((r) => r.section_id))])) as (SectionFacts & {
        id: string;
      })[];
      const [facts, wanted] = await Promise.all([
        instructors(periodId, [...new Set(list.map((r) => r.user_id))]),
        wantedBy(sections.map((s) => s.course_id)),
      ]);
      for (const row of list) {
        const section = sections.find((s) => s.id === row.section_id);
        const person = facts.get(row.user_id);
        if (!section || !person) continue;
        result.set(
          row.id,
          assignmentAlignment(
            section,
            person,
            wanted.get(section.course_id ?? '') ?? [],
            Number(row.points),
          ),
        );
      }
    }
    return result;
  }

  return { instructors, wantedBy, sectionInput, candidate, alignmentsOf };
}
export type AlignmentReader = ReturnType<typeof createAlignmentReader>;
