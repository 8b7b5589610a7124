import type { RecordedEvent, SectionState } from '@allot/shared-events';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { ProjectionContext } from '../../runner/projection.js';
import { SECTION_COURSES_TABLE, SECTION_OFFERINGS_TABLE, SECTION_PEOPLE_TABLE } from './schema.js';

/** A section's state once it was created (live or deleted). */
export type Live = Extract<SectionState, { status: 'live' | 'deleted' }>;

export interface CourseFacts {
  courseNumber: string | null;
  name: string | null;
  sectionCreditHours: number | null;
}
export interface OfferingFacts {
  CourseId: string | null;
  AcademicPeriodId: string | null;
}

const Loose = z.looseObject({ id: z.string() });
export const Id = z.object({ id: z.string() });

/** Lookups read during one batch (the batch's own writes replace them). */
export class Lookups {
  private readonly courses = new Map<string, CourseFacts | null>();
  private readonly offerings = new Map<string, OfferingFacts | null>();
  private readonly people = new Map<string, string | null>();

  constructor(
    private readonly trx: Knex.Transaction,
    private readonly ctx: ProjectionContext,
  ) {}

  /**
   * Reads in three queries what a batch of section writes names (offerings, their courses, the
   * instructors), so writing many sections costs no query per section.
   */
  async preload(states: readonly Live[]): Promise<void> {
    const missing = <T>(map: Map<string, T>, ids: Iterable<string>) => [
      ...new Set([...ids].filter((id) => !map.has(id))),
    ];
    const offeringIds = missing(
      this.offerings,
      states.map((s) => s.section.CourseOfferingId),
    );
    if (offeringIds.length > 0) {
      const rows = (await this.trx(this.ctx.table(SECTION_OFFERINGS_TABLE))
        .select('id', 'course_id', 'academic_period_id')
        .whereIn('id', offeringIds)) as {
        id: string;
        course_id: string | null;
        academic_period_id: string | null;
      }[];
      for (const id of offeringIds) this.offerings.set(id, null);
      for (const r of rows) {
        this.offerings.set(r.id, { CourseId: r.course_id, AcademicPeriodId: r.academic_period_id });
      }
    }
    const courseIds = missing(
      this.courses,
      states.flatMap((s) => {
        const courseId = this.offerings.get(s.section.CourseOfferingId)?.CourseId;
        return courseId ? [courseId] : [];
      }),
    );
    if (courseIds.length > 0) {
      const rows = (await this.trx(this.ctx.table(SECTION_COURSES_TABLE))
        .select('id', 'course_number', 'name', 'credit_hours')
        .whereIn('id', courseIds)) as {
        id: string;
        course_number: string | null;
        name: string | null;
        credit_hours: number | null;
      }[];
      for (const id of courseIds) this.courses.set(id, null);
      for (const r of rows) {
        this.courses.set(r.id, {
          courseNumber: r.course_number,
          name: r.name,
          sectionCreditHours: r.credit_hours,
        });
      }
    }
    const personIds = missing(
      this.people,
      states.flatMap((s) => Object.values(s.assignments).map((a) => a.UserId)),
    );
    if (personIds.length > 0) {
      const rows = (await this.trx(this.ctx.table(SECTION_PEOPLE_TABLE))
        .select('id', 'display_name')
        .whereIn('id', personIds)) as { id: string; display_name: string | null }[];
      for (const id of personIds) this.people.set(id, null);
      for (const r of rows) this.people.set(r.id, r.display_name);
    }
  }

  forget(kind: 'course' | 'offering' | 'person', id: string): void {
    const map =
      kind === 'course' ? this.courses : kind === 'offering' ? this.offerings : this.people;
    map.delete(id);
  }

  async offering(id: string): Promise<OfferingFacts | null> {
    if (!this.offerings.has(id)) {
      const row = (await this.trx(this.ctx.table(SECTION_OFFERINGS_TABLE))
        .where({ id })
        .first()) as { course_id: string | null; academic_period_id: string | null } | undefined;
      this.offerings.set(
        id,
        row ? { CourseId: row.course_id, AcademicPeriodId: row.academic_period_id } : null,
      );
    }
    return this.offerings.get(id) ?? null;
  }

  async course(id: string | null): Promise<CourseFacts | null> {
    if (!id) return null;
    if (!this.courses.has(id)) {
      const row = (await this.trx(this.ctx.table(SECTION_COURSES_TABLE)).where({ id }).first()) as
        | { course_number: string | null; name: string | null; credit_hours: number | null }
        | undefined;
      this.courses.set(
        id,
        row
          ? {
              courseNumber: row.course_number,
              name: row.name,
              sectionCreditHours: row.credit_hours,
            }
          : null,
      );
    }
    return this.courses.get(id) ?? null;
  }

  /** A name `preload` read (null when the user is unknown or was not preloaded). */
  knownName(id: string): string | null {
    return this.people.get(id) ?? null;
  }

  async personName(id: string): Promise<string | null> {
    if (!this.people.has(id)) {
      const row = (await this.trx(this.ctx.table(SECTION_PEOPLE_TABLE)).where({ id }).first()) as
        { display_name: string | null } | undefined;
      this.people.set(id, row?.display_name ?? null);
    }
    return this.people.get(id) ?? null;
  }
}

/** Applies one course, offering or user event to its lookup row (guarded by the stream revision). */
export async function applyLookup(
  trx: Knex.Transaction,
  table: string,
  event: RecordedEvent,
  types: { created: string; updated: string; deleted: string; deactivated?: string | undefined },
  pick: (data: Record<string, unknown>) => Record<string, unknown>,
): Promise<boolean> {
  const revision = event.revision.toString();
  if (event.type === types.created) {
    const { id, ...data } = Loose.parse(event.data);
    const inserted = await trx.raw<{ rowCount: number }>(
      `INSERT INTO ?? (id, revision, data, deleted) VALUES (?, ?, ?::jsonb, false)
       ON CONFLICT (id) DO NOTHING`,
      [table, id, revision, JSON.stringify(pick(data))],
    );
    return inserted.rowCount > 0;
  }
  if (event.type === types.updated) {
    const { id, ...data } = Loose.parse(event.data);
    const updated = await trx.raw<{ rowCount: number }>(
      `UPDATE ?? SET data = data || ?::jsonb, revision = ? WHERE id = ? AND revision < ?`,
      [table, JSON.stringify(pick(data)), revision, id, revision],
    );
    return updated.rowCount > 0;
  }
  if (event.type === types.deactivated) {
    const { id } = Id.parse(event.data);
    const updated = await trx.raw<{ rowCount: number }>(
      `UPDATE ?? SET data = data || '{"isActive": false}'::jsonb, revision = ?
       WHERE id = ? AND revision < ?`,
      [table, revision, id, revision],
    );
    return updated.rowCount > 0;
  }
  if (event.type === types.deleted) {
    const { id } = Id.parse(event.data);
    const updated = await trx.raw<{ rowCount: number }>(
      `UPDATE ?? SET deleted = true, revision = ? WHERE id = ? AND revision < ?`,
      [table, revision, id, revision],
    );
    return updated.rowCount > 0;
  }
  return false;
}
