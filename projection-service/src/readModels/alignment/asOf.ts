import type { Knex } from 'knex';
import {
  administrativeAssignments,
  courseOfferings,
  courses,
  sharePoints,
  sectionPoints,
  users,
  type PreferenceAlignment,
} from '@allot/shared-events';
import type {
  AssignmentVersionState,
  PreferencesVersionState,
  SectionVersionState,
} from '../planHistory/versions.js';
import {
  assignmentAlignment,
  wantedOf,
  type InstructorFacts,
  type SectionBasics,
} from './inputs.js';

type Data = Record<string, unknown>;

interface VersionAt<State> {
  id: string;
  user_id: string | null;
  state: State;
}

/** One of a workgroup's assignments as it stood at the instant. */
export interface AssignmentAt {
  id: string;
  SectionId: string;
  UserId: string;
}

/** A version alive at `seq`: begun by it and not ended by it. */
const ALIVE = 'valid_from <= ? AND (valid_to IS NULL OR valid_to > ?)';

/**
 * The alignment of assignments as it stood at an earlier instant (the change feed's Compare):
 * every input the live alignment reads — the instructors' profiles and required points, their
 * preferences and unavailable times, their other sections' meetings and points, their
 * administrative assignments, the courses' wanted attributes — read instead from the plan's
 * history as of the event sequence `seq`, and scored by the same functions. It equals the
 * alignment a replay of the log up to that event would show.
 */
export function createAlignmentAsOf(knex: Knex) {
  async function alive<State>(
    versions: string,
    kind: string,
    seq: number,
    where: string,
    params: readonly Knex.Value[],
  ): Promise<VersionAt<State>[]> {
    const found = await knex.raw<{ rows: VersionAt<State>[] }>(
      `SELECT id, user_id, state FROM ?? WHERE kind = ? AND ${ALIVE} AND ${where}`,
      [versions, kind, seq, seq, ...params],
    );
    return found.rows;
  }

  return async function alignmentsAt(
    versions: string,
    periodId: string,
    seq: number,
    assignments: readonly AssignmentAt[],
  ): Promise<Map<string, PreferenceAlignment>> {
    const result = new Map<string, PreferenceAlignment>();
    const userIds = [...new Set(assignments.map((a) => a.UserId))];
    if (userIds.length === 0) return result;
    const inPeriod = 'period_id = ? AND user_id = ANY(?)';
    const [people, teaching, admin, preferences] = await Promise.all([
      alive<Data>(versions, users.name, seq, 'id = ANY(?)', [userIds]),
      alive<AssignmentVersionState>(versions, 'assignment', seq, `${inPeriod} AND status <> ?`, [
        periodId,
        userIds,
        'withdrawn',
      ]),
      alive<Data>(versions, administrativeAssignments.name, seq, inPeriod, [periodId, userIds]),
      alive<PreferencesVersionState>(versions, 'preferences', seq, inPeriod, [periodId, userIds]),
    ]);
    const sections = await alive<SectionVersionState>(versions, 'section', seq, 'id = ANY(?)', [
      [...new Set(teaching.map((t) => t.state.SectionId))],
    ]);
    const offerings = await alive<Data>(versions, courseOfferings.name, seq, 'id = ANY(?)', [
      [...new Set(sections.map((s) => s.state.section.CourseOfferingId))],
    ]);
    const courseOf = new Map(
      offerings.map((o) => [o.id, typeof o.state.CourseId === 'string' ? o.state.CourseId : null]),
    );
    const courseRows = await alive<Data>(versions, courses.name, seq, 'id = ANY(?)', [
      [...new Set([...courseOf.values()].filter((c): c is string => c !== null))],
    ]);
    const courseById = new Map(courseRows.map((c) => [c.id, c.state]));

    const sectionById = new Map<string, SectionBasics & { points: number }>();
    for (const { id, state } of sections) {
      const CourseId = courseOf.get(state.section.CourseOfferingId) ?? null;
      const credit = CourseId ? courseById.get(CourseId)?.sectionCreditHours : null;
      sectionById.set(id, {
        state,
        course_id: CourseId,
        points: sectionPoints(state.section, typeof credit === 'number' ? credit : null),
      });
    }
    const pointsOf = (a: AssignmentVersionState) =>
      sharePoints(sectionById.get(a.SectionId)?.points ?? 0, a.sharePercent);
    const pointsById = new Map(teaching.map((t) => [t.id, pointsOf(t.state)]));

    const facts = new Map<string, InstructorFacts>();
    for (const person of people) {
      const mine = teaching.filter(
        (t) => t.user_id === person.id && sectionById.has(t.state.SectionId),
      );
      const leaves = admin.filter((a) => a.user_id === person.id);
      const held = preferences.find((p) => p.user_id === person.id)?.state;
      const financial = person.state.FinancialData as
        { pointsRequired?: number } | null | undefined;
      facts.set(person.id, {
        UserId: person.id,
        data: person.state,
        pointsRequired: financial?.pointsRequired ?? null,
        pointsAssigned:
          mine.reduce((sum, t) => sum + (pointsById.get(t.id) ?? 0), 0) +
          leaves.reduce((sum, a) => sum + (Number(a.state.points) || 0), 0),
        preferences: Object.values(held?.preferences ?? {}).map((p) => ({
          id: p.id,
          level: p.level,
          weight: p.weight,
          CourseId: p.CourseId,
          assignmentType: p.AssignmentTypeId,
          AcademicTermId: p.AcademicTermId,
          TeachingModeId: p.TeachingModeId,
        })),
        unavailable: [...(held?.unavailable ?? [])],
        leaves: leaves
          .filter((a) => a.state.takesWholeTerm === true)
          .map((a) => ({ AcademicTermId: (a.state.AcademicTermId as string | null) ?? null })),
        teaching: mine.map((t) => {
          const { section } = sectionById.get(t.state.SectionId)!.state;
          return {
            SectionId: t.state.SectionId,
            meetings: section.meetings,
            allowOverlap: section.allowOverlap,
            points: pointsById.get(t.id) ?? 0,
          };
        }),
      });
    }

    for (const assignment of assignments) {
      const section = sectionById.get(assignment.SectionId);
      const person = facts.get(assignment.UserId);
      if (!section || !person) continue;
      const wanted = section.course_id ? wantedOf(courseById.get(section.course_id) ?? {}) : [];
      result.set(
        assignment.id,
        assignmentAlignment(section, person, wanted, pointsById.get(assignment.id) ?? 0),
      );
    }
    return result;
  };
}
export type AlignmentsAt = ReturnType<typeof createAlignmentAsOf>;
