import type { Knex } from 'knex';
import {
  academicPeriods,
  academicTerms,
  administrativeAssignmentTypes,
  administrativeAssignments,
  courseOfferings,
  courses,
  users,
  type CloneSnapshot,
  type Dated,
  type OfferingTermMode,
  type ResourceDefinition,
  type SourceMeeting,
  type SourceSection,
  type TermMode,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { SECTION_ASSIGNMENTS_TABLE, SECTIONS_TABLE } from '../sections/schema.js';
import { sectionsProjection } from '../sections/projection.js';

type Data = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown) => (typeof value === 'number' ? value : null);
const PERSON_NAME =
  "coalesce(nullif(u.data->>'displayName', ''), concat_ws(' ', u.data->>'firstName', u.data->>'lastName'))";

/**
 * What a clone between two periods is planned from (docs/cloning.md), read from the read models:
 * the source period's terms, offerings, sections (with meetings), live assignments and
 * administrative assignments, each named for the preview; the target's terms, its offering of
 * each course and the ids it holds already (so a second run plans nothing new). Null when either
 * period does not exist.
 */
export function createCloneSnapshotReader(knex: Knex, tables: TableResolver) {
  const recordsOf = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));

  async function dated(resource: ResourceDefinition, where: (q: Knex.QueryBuilder) => void) {
    const rows = await knex(await recordsOf(resource))
      .whereNull('deleted_at')
      .modify(where)
      .orderByRaw("data->>'startDate', id")
      .select<{ id: string; name: string; start_date: string }[]>(
        'id',
        knex.raw("data->>'name' as name"),
        knex.raw("data->>'startDate' as start_date"),
      );
    return rows.map((r): Dated => ({ id: r.id, name: r.name, startDate: r.start_date }));
  }

  return async function snapshot(
    SourcePeriodId: string,
    TargetPeriodId: string,
  ): Promise<CloneSnapshot | null> {
    const periods = await dated(academicPeriods, (q) => {
      void q.whereIn('id', [SourcePeriodId, TargetPeriodId]);
    });
    const source = periods.find((p) => p.id === SourcePeriodId);
    const target = periods.find((p) => p.id === TargetPeriodId);
    if (!source || !target) return null;
    const termsOf = (periodId: string) =>
      dated(academicTerms, (q) => {
        void q.whereRaw("data->>'AcademicPeriodId' = ?", [periodId]);
      });
    const [
      offeringTable,
      courseTable,
      sectionTable,
      assignmentTable,
      dutyTable,
      typeTable,
      people,
    ] = await Promise.all([
      recordsOf(courseOfferings),
      recordsOf(courses),
      tables.table(sectionsProjection.name, SECTIONS_TABLE),
      tables.table(sectionsProjection.name, SECTION_ASSIGNMENTS_TABLE),
      recordsOf(administrativeAssignments),
      recordsOf(administrativeAssignmentTypes),
      recordsOf(users),
    ]);
    const offeringsOf = (periodId: string) =>
      knex({ o: offeringTable })
        .leftJoin({ c: courseTable }, 'c.id', knex.raw("o.data->>'CourseId'"))
        .whereNull('o.deleted_at')
        .whereRaw("o.data->>'AcademicPeriodId' = ?", [periodId])
        .orderByRaw("c.data->>'courseNumber', o.id")
        .select(
          'o.id',
          knex.raw("o.data->>'CourseId' as course_id"),
          knex.raw("o.data->'termModes' as term_modes"),
          knex.raw("concat_ws(' ', c.data->>'courseNumber', c.data->>'name') as label"),
        ) as Promise<
        { id: string; course_id: string; term_modes: OfferingTermMode[] | null; label: string }[]
      >;
    const sectionsOf = (periodId: string) =>
      knex(sectionTable)
        .where({ academic_period_id: periodId, deleted: false })
        .orderBy(['course_number', 'section_number', 'id'])
        .select('id', 'course_number', 'section_number', 'state') as Promise<
        { id: string; course_number: string | null; section_number: string; state: Data }[]
      >;
    const assignmentsOf = (periodId: string) =>
      knex(assignmentTable)
        .where({ academic_period_id: periodId, deleted: false })
        .orderBy(['course_number', 'section_number', 'id'])
        .select(
          'id',
          'section_id',
          'user_id',
          'status',
          'share',
          'notes',
          'user_name',
          'course_number',
          'section_number',
        ) as Promise<
        {
          id: string;
          section_id: string;
          user_id: string;
          status: string;
          share: number | null;
          notes: string | null;
          user_name: string | null;
          course_number: string | null;
          section_number: string;
        }[]
      >;
    const dutiesOf = (periodId: string) =>
      knex({ d: dutyTable })
        .leftJoin({ t: typeTable }, 't.id', knex.raw("d.data->>'AdministrativeAssignmentTypeId'"))
        .leftJoin({ u: people }, 'u.id', knex.raw("d.data->>'UserId'"))
        .whereNull('d.deleted_at')
        .whereRaw("d.data->>'AcademicPeriodId' = ?", [periodId])
        .orderBy('d.id')
        .select(
          'd.id',
          'd.data',
          knex.raw(`concat_ws(': ', t.data->>'name', ${PERSON_NAME}) as label`),
        ) as Promise<{ id: string; data: Data; label: string }[]>;

    const [
      sourceTerms,
      targetTerms,
      offerings,
      targetOfferings,
      sections,
      targetSections,
      assignments,
      targetAssignments,
      duties,
      targetDuties,
    ] = await Promise.all([
      termsOf(source.id),
      termsOf(target.id),
      offeringsOf(source.id),
      offeringsOf(target.id),
      sectionsOf(source.id),
      knex(sectionTable)
        .where({ academic_period_id: target.id, deleted: false })
        .pluck('id') as Promise<string[]>,
      assignmentsOf(source.id),
      knex(assignmentTable)
        .where({ academic_period_id: target.id, deleted: false })
        .pluck('id') as Promise<string[]>,
      dutiesOf(source.id),
      knex(dutyTable)
        .whereNull('deleted_at')
        .whereRaw("data->>'AcademicPeriodId' = ?", [target.id])
        .pluck('id') as Promise<string[]>,
    ]);
    const sectionLabel = (courseNumber: string | null, sectionNumber: string) =>
      [courseNumber, sectionNumber].filter(Boolean).join('-');
    return {
      source: {
        period: source,
        terms: sourceTerms,
        offerings: offerings.map((o) => ({
          id: o.id,
          label: o.label,
          CourseId: o.course_id,
          termModes: o.term_modes ?? [],
        })),
        sections: sections.map((row): SourceSection => {
          const section = (row.state.section ?? {}) as Data;
          return {
            id: row.id,
            label: sectionLabel(row.course_number, row.section_number),
            CourseOfferingId: String(section.CourseOfferingId),
            WorkgroupId: String(section.WorkgroupId),
            name: String(section.name),
            sectionNumber: String(section.sectionNumber),
            enrollment: num(section.enrollment),
            defaultPoints: num(section.defaultPoints),
            points: num(section.points),
            notes: text(section.notes),
            TermMode: (section.TermMode as TermMode | null | undefined) ?? null,
            allowOverlap: section.allowOverlap === true,
            meetings: (section.meetings as SourceMeeting[] | undefined) ?? [],
          };
        }),
        assignments: assignments.map((a) => ({
          id: a.id,
          label: `${a.user_name ?? a.user_id} on ${sectionLabel(a.course_number, a.section_number)}`,
          SectionId: a.section_id,
          UserId: a.user_id,
          share: a.share,
          notes: a.notes,
          withdrawn: a.status === 'withdrawn',
        })),
        administrativeAssignments: duties.map((d) => ({
          id: d.id,
          label: d.label,
          UserId: String(d.data.UserId),
          AdministrativeAssignmentTypeId: String(d.data.AdministrativeAssignmentTypeId),
          AcademicTermId: text(d.data.AcademicTermId),
          points: num(d.data.points) ?? 0,
          takesWholeTerm: d.data.takesWholeTerm === true,
          notes: text(d.data.notes),
        })),
      },
      target: {
        period: target,
        terms: targetTerms,
        offeringOfCourse: new Map(targetOfferings.map((o) => [o.course_id, o.id])),
        existing: new Set([
          ...targetOfferings.map((o) => o.id),
          ...targetSections,
          ...targetAssignments,
          ...targetDuties,
        ]),
      },
    };
  };
}

export type CloneSnapshotReader = ReturnType<typeof createCloneSnapshotReader>;
