import {
  UsersMerged,
  activeAssignments,
  courseOfferings,
  courses,
  coverageOf,
  evolveSection,
  initialSectionState,
  REALTIME_EVENT_OF,
  roundPoints,
  SECTION_EVENTS,
  sectionPoints,
  sharesOf,
  teachingEventSchemas,
  users,
  type Coverage,
  type RecordedEvent,
  type SectionEvent,
  type SectionState,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Projection, ProjectionContext, RealtimeNotification } from '../runner/projection.js';
import { isSectionChange, SectionChanges, type SectionChange } from './sectionsChanged.js';
import { sectionView } from './sectionView.js';

export const SECTIONS_TABLE = 'sections';
/**
 * The list's filter and sort columns of each section, without its state: a row is a tenth of a
 * `sections` row, so counting and ordering a period's sections reads a tenth of the pages
 * (docs/benchmarks.md). Written with `sections`, from the same values.
 */
export const SECTION_LIST_TABLE = 'section_list';
export const SECTION_ASSIGNMENTS_TABLE = 'section_assignments';
/** What the sections read model keeps of other streams, so rows need no join at read time. */
export const SECTION_COURSES_TABLE = 'section_courses';
export const SECTION_OFFERINGS_TABLE = 'section_offerings';
export const SECTION_PEOPLE_TABLE = 'section_people';

const SECTION_EVENT_TYPES: readonly string[] = Object.values(SECTION_EVENTS);
const COURSE_EVENT_TYPES = Object.values(courses.eventTypes).filter(
  (t): t is string => t !== undefined,
);
const OFFERING_EVENT_TYPES = Object.values(courseOfferings.eventTypes).filter(
  (t): t is string => t !== undefined,
);
const USER_EVENT_TYPES = [
  ...Object.values(users.eventTypes).filter((t): t is string => t !== undefined),
  'UsersMerged',
];

type Live = Extract<SectionState, { status: 'live' | 'deleted' }>;

interface CourseFacts {
  courseNumber: string | null;
  name: string | null;
  sectionCreditHours: number | null;
}
interface OfferingFacts {
  CourseId: string | null;
  AcademicPeriodId: string | null;
}

/** The coverage of a live section: its points (course credit hours last) against its shares. */
export function coverageOfState(state: SectionState, creditHours?: number | null): Coverage | null {
  if (state.status === 'absent') return null;
  const points = sectionPoints(state.section, creditHours);
  return coverageOf(points, activeAssignments(state));
}

/**
 * The schema of the pg_trgm extension, created if it can be (it is a trusted extension: a
 * database owner may), else null: the search then tests each row, as it must without it.
 */
async function trigramSchema(trx: Knex.Transaction): Promise<string | null> {
  try {
    // A savepoint: a refusal must not abort the migration's transaction. In `public`, not the
    // read model's schema: dropping that schema must not take the extension from others.
    await trx.transaction((sp) => sp.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public'));
  } catch {
    // Not installed on this server, or not ours to create.
  }
  const found = await trx.raw<{ rows: { schema: string }[] }>(
    `SELECT n.nspname AS schema FROM pg_extension e
       JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
  );
  return found.rows[0]?.schema ?? null;
}

/** Lower-case text a search `q` matches (course number and name, section name and number). */
export function searchTextOf(parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .join(' ')
    .toLowerCase();
}

const Loose = z.looseObject({ id: z.string() });
const Id = z.object({ id: z.string() });

/** Lookups read during one batch (the batch's own writes replace them). */
class Lookups {
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

/** One section to write: its state after a batch, and when what changed in it changed. */
interface SectionWrite {
  state: Live;
  revision: string;
  /** When the row was first written: the stored created_at, or this batch's first event. */
  createdAt: string;
  updatedAt: string;
  /**
   * Per assignment, when it first appeared and when its own fields (status, share, notes, user,
   * the section's deletion) last changed in the batch: its row's created_at and updated_at.
   */
  assignmentTimes: ReadonlyMap<string, { created: string; changed: string }>;
}

/** The list's columns: each is a `sections` column too, written from the same value. */
const LIST_FIELDS = [
  'id',
  'workgroup_id',
  'course_offering_id',
  'academic_period_id',
  'course_number',
  'course_name',
  'section_number',
  'name',
  'enrollment',
  'points',
  'coverage_status',
  'coverage_variance',
  'search',
  'deleted',
  'updated_at',
] as const;
const SECTION_FIELDS = [
  ...LIST_FIELDS,
  'revision',
  'course_id',
  'state',
  'coverage',
  'created_at',
  'view',
] as const;
type SectionField = (typeof SECTION_FIELDS)[number];
const JSONB_FIELDS: ReadonlySet<string> = new Set(['state', 'coverage']);

interface Upsert {
  columns: string;
  values: string;
  conflict: string;
}

/** An upsert of whole rows by id: every column but the id and those kept takes the new value. */
function upsertOf(fields: readonly string[], keep: readonly string[] = []): Upsert {
  const updated = fields.filter((f) => f !== 'id' && !keep.includes(f));
  return {
    columns: `(${fields.join(', ')})`,
    values: `(${fields.map((f) => (JSONB_FIELDS.has(f) ? '?::jsonb' : '?')).join(', ')})`,
    conflict: `ON CONFLICT (id) DO UPDATE SET ${updated.map((f) => `${f} = excluded.${f}`).join(', ')}`,
  };
}

// An existing row keeps its created_at.
const SECTION_UPSERT = upsertOf(SECTION_FIELDS, ['created_at']);
const LIST_UPSERT = upsertOf(LIST_FIELDS);
const ASSIGNMENT_COLUMNS = `(id, section_id, workgroup_id, user_id, status, share, notes, deleted,
  course_offering_id, academic_period_id, course_number, course_name, section_number, section_name,
  user_name, share_percent, points, created_at, updated_at)`;
const ASSIGNMENT_VALUES = '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';
/** Rows per INSERT: about 10,000 bindings, well under PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 500;

async function insertRows(
  trx: Knex.Transaction,
  table: string,
  { columns, values, conflict }: Upsert,
  rows: readonly Knex.Value[][],
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
    await trx.raw(
      `INSERT INTO ?? AS t ${columns} VALUES ${chunk.map(() => values).join(', ')} ${conflict}`,
      [table, ...chunk.flat()],
    );
  }
}

/**
 * Writes sections' rows and their assignments' rows from their states and what they name: the
 * lookups in three queries, then one multi-row upsert per table (per 500 rows).
 */
async function writeSections(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  lookups: Lookups,
  writes: readonly SectionWrite[],
): Promise<void> {
  if (writes.length === 0) return;
  await lookups.preload(writes.map((w) => w.state));
  const sectionRows: Knex.Value[][] = [];
  const listRows: Knex.Value[][] = [];
  const assignmentRows: Knex.Value[][] = [];
  for (const { state, revision, createdAt, updatedAt, assignmentTimes } of writes) {
    const { section } = state;
    const offering = await lookups.offering(section.CourseOfferingId);
    const course = await lookups.course(offering?.CourseId ?? null);
    const points = sectionPoints(section, course?.sectionCreditHours);
    const active = activeAssignments(state);
    const coverage = coverageOf(points, active);
    const deleted = state.status === 'deleted';
    const search = searchTextOf([
      course?.courseNumber,
      course?.name,
      section.name,
      section.sectionNumber,
    ]);
    const row: Record<SectionField, Knex.Value> = {
      id: section.id,
      revision,
      workgroup_id: section.WorkgroupId,
      course_offering_id: section.CourseOfferingId,
      academic_period_id: offering?.AcademicPeriodId ?? null,
      course_id: offering?.CourseId ?? null,
      course_number: course?.courseNumber ?? null,
      course_name: course?.name ?? null,
      section_number: section.sectionNumber,
      name: section.name,
      enrollment: section.enrollment,
      points,
      coverage_status: coverage.status,
      coverage_variance: coverage.variance,
      search,
      deleted,
      state: JSON.stringify(state),
      coverage: JSON.stringify(coverage),
      created_at: createdAt,
      updated_at: updatedAt,
      view: JSON.stringify(
        sectionView({
          state,
          revision: Number(revision),
          CourseId: offering?.CourseId ?? null,
          AcademicPeriodId: offering?.AcademicPeriodId ?? null,
          courseNumber: course?.courseNumber ?? null,
          courseName: course?.name ?? null,
          points,
          coverage,
          instructorName: (userId) => lookups.knownName(userId),
          createdAt,
          updatedAt,
        }),
      ),
    };
    sectionRows.push(SECTION_FIELDS.map((f) => row[f]));
    listRows.push(LIST_FIELDS.map((f) => row[f]));
    const shares = sharesOf(active);
    // Every assignment row carries its section's facts, so keep them all current.
    for (const a of Object.values(state.assignments)) {
      const share = a.status === 'withdrawn' ? 0 : (shares.get(a.id) ?? 0);
      const times = assignmentTimes.get(a.id);
      assignmentRows.push([
        a.id,
        section.id,
        section.WorkgroupId,
        a.UserId,
        a.status,
        a.share,
        a.notes,
        deleted,
        section.CourseOfferingId,
        offering?.AcademicPeriodId ?? null,
        course?.courseNumber ?? null,
        course?.name ?? null,
        section.sectionNumber,
        section.name,
        await lookups.personName(a.UserId),
        roundPoints(share),
        roundPoints((points * share) / 100),
        times?.created ?? updatedAt,
        times?.changed ?? updatedAt,
      ]);
    }
  }
  await insertRows(trx, ctx.table(SECTIONS_TABLE), SECTION_UPSERT, sectionRows);
  await insertRows(trx, ctx.table(SECTION_LIST_TABLE), LIST_UPSERT, listRows);
  await insertRows(
    trx,
    ctx.table(SECTION_ASSIGNMENTS_TABLE),
    {
      columns: ASSIGNMENT_COLUMNS,
      values: ASSIGNMENT_VALUES,
      conflict: `ON CONFLICT (id) DO UPDATE SET section_id = excluded.section_id,
       workgroup_id = excluded.workgroup_id, user_id = excluded.user_id,
       status = excluded.status, share = excluded.share, notes = excluded.notes,
       deleted = excluded.deleted, course_offering_id = excluded.course_offering_id,
       academic_period_id = excluded.academic_period_id,
       course_number = excluded.course_number, course_name = excluded.course_name,
       section_number = excluded.section_number, section_name = excluded.section_name,
       user_name = excluded.user_name, share_percent = excluded.share_percent,
       points = excluded.points,
       updated_at = CASE WHEN t.status IS DISTINCT FROM excluded.status
         OR t.share IS DISTINCT FROM excluded.share OR t.notes IS DISTINCT FROM excluded.notes
         OR t.deleted IS DISTINCT FROM excluded.deleted
         OR t.user_id IS DISTINCT FROM excluded.user_id
         THEN excluded.updated_at ELSE t.updated_at END`,
    },
    assignmentRows,
  );
}

/** What decides an assignment row's updated_at: its own fields and its section's deletion. */
function assignmentKey(state: SectionState, id: string): string | null {
  if (state.status === 'absent') return null;
  const a = state.assignments[id];
  if (!a) return null;
  return JSON.stringify([a.status, a.share, a.notes, a.UserId, state.status === 'deleted']);
}

/**
 * The sections a batch touches: their rows read once at the start, their states evolved in memory,
 * and each written once (at a flush) however many of the batch's events it had.
 */
class SectionBatch {
  private readonly known = new Map<
    string,
    { revision: bigint; state: SectionState; createdAt?: string }
  >();
  /** Ids already read (found or not), so a new section is not looked up again per event. */
  private readonly looked = new Set<string>();
  private readonly pending = new Map<
    string,
    SectionWrite & { assignmentTimes: Map<string, { created: string; changed: string }> }
  >();

  constructor(
    private readonly trx: Knex.Transaction,
    private readonly ctx: ProjectionContext,
    private readonly lookups: Lookups,
  ) {}

  /** Reads the stored rows of these sections in one query. */
  async load(ids: readonly string[]): Promise<void> {
    const wanted = [...new Set(ids)].filter((id) => !this.looked.has(id));
    if (wanted.length === 0) return;
    for (const id of wanted) this.looked.add(id);
    const rows = (await this.trx(this.ctx.table(SECTIONS_TABLE))
      .select('id', 'revision', 'state', 'created_at')
      .whereIn('id', wanted)) as {
      id: string;
      revision: string | number;
      state: SectionState;
      created_at: Date | string;
    }[];
    for (const row of rows) {
      this.known.set(row.id, {
        revision: BigInt(row.revision),
        state: row.state,
        createdAt: new Date(row.created_at).toISOString(),
      });
    }
  }

  current(id: string): { revision: bigint; state: SectionState } | undefined {
    return this.known.get(id);
  }

  /** Records a section's state after one of its events; written at the next flush. */
  record(state: Live, previous: SectionState, revision: bigint, at: string): void {
    const id = state.section.id;
    const createdAt = this.known.get(id)?.createdAt ?? at;
    this.known.set(id, { revision, state, createdAt });
    const entry = this.pending.get(id) ?? {
      state,
      revision: '',
      createdAt,
      updatedAt: at,
      assignmentTimes: new Map<string, { created: string; changed: string }>(),
    };
    entry.state = state;
    entry.revision = revision.toString();
    entry.updatedAt = at;
    for (const assignmentId of Object.keys(state.assignments)) {
      if (assignmentKey(state, assignmentId) === assignmentKey(previous, assignmentId)) continue;
      const times = entry.assignmentTimes.get(assignmentId);
      entry.assignmentTimes.set(assignmentId, { created: times?.created ?? at, changed: at });
    }
    this.pending.set(id, entry);
  }

  /** Writes every pending section (before anything else reads or rewrites their rows). */
  async flush(): Promise<void> {
    const writes = [...this.pending.values()];
    this.pending.clear();
    await writeSections(this.trx, this.ctx, this.lookups, writes);
  }
}

interface StoredSection {
  id: string;
  revision: string | number;
  state: SectionState;
  created_at: Date | string;
  updated_at: Date | string;
}

/**
 * Re-derives the rows of sections whose course or offering changed, or whose instructor was
 * renamed (their own revision and times kept).
 */
async function refreshSections(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  lookups: Lookups,
  where: { course_offering_id?: string; course_id?: string; user_id?: string },
): Promise<void> {
  const sections = ctx.table(SECTIONS_TABLE);
  const query = trx(sections).select('id', 'revision', 'state', 'created_at', 'updated_at');
  if (where.course_offering_id) query.where({ course_offering_id: where.course_offering_id });
  if (where.course_id) {
    query.whereIn(
      'course_offering_id',
      trx(ctx.table(SECTION_OFFERINGS_TABLE)).select('id').where({ course_id: where.course_id }),
    );
  }
  if (where.user_id) {
    query.whereIn(
      'id',
      trx(ctx.table(SECTION_ASSIGNMENTS_TABLE))
        .select('section_id')
        .where({ user_id: where.user_id }),
    );
  }
  const rows = (await query) as StoredSection[];
  const writes: SectionWrite[] = [];
  for (const row of rows) {
    if (row.state.status === 'absent') continue;
    // Existing rows keep their times, and unchanged assignments their updated_at.
    writes.push({
      state: row.state,
      revision: String(row.revision),
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
      assignmentTimes: new Map(),
    });
  }
  await writeSections(trx, ctx, lookups, writes);
}

/** Applies one course, offering or user event to its lookup row (guarded by the stream revision). */
async function applyLookup(
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

function changesAny(event: RecordedEvent, keys: readonly string[]): boolean {
  const data = event.data as Record<string, unknown>;
  return keys.some((k) => k in data);
}

function only(keys: readonly string[]) {
  return (data: Record<string, unknown>) =>
    Object.fromEntries(keys.filter((k) => k in data).map((k) => [k, data[k]]));
}

function notificationOf(event: SectionEvent, actorId: string | null): RealtimeNotification | null {
  if (
    event.type !== 'TeachingAssignmentCreated' &&
    event.type !== 'TeachingAssignmentChanged' &&
    event.type !== 'TeachingAssignmentDeleted'
  ) {
    return null;
  }
  const { SectionId, id } = event.data;
  const status = event.type === 'TeachingAssignmentDeleted' ? null : event.data.status;
  return {
    event: REALTIME_EVENT_OF[event.type],
    rooms: ['all'],
    payload: { SectionId, id, status },
    actorId,
  };
}

/** What a section's own event announces: the section, its period and workgroup, who did it. */
async function sectionChange(
  lookups: Lookups,
  { section }: Live,
  recordedEvent: RecordedEvent,
): Promise<SectionChange> {
  const offering = await lookups.offering(section.CourseOfferingId);
  return {
    SectionId: section.id,
    AcademicPeriodId: offering?.AcademicPeriodId ?? null,
    WorkgroupId: section.WorkgroupId,
    actorId: recordedEvent.metadata.actorId ?? null,
  };
}

/** The section an event of the section aggregate belongs to. */
function sectionIdOf(event: RecordedEvent): string {
  const data = event.data as { id?: unknown; SectionId?: unknown };
  const id = event.type.startsWith('Section') ? data.id : data.SectionId;
  return typeof id === 'string' ? id : '';
}

async function applySectionEvent(
  trx: Knex.Transaction,
  ctx: ProjectionContext,
  lookups: Lookups,
  batch: SectionBatch,
  recordedEvent: RecordedEvent,
  changes: SectionChanges,
): Promise<RealtimeNotification | null> {
  const schema = teachingEventSchemas[recordedEvent.type as SectionEvent['type']];
  // A malformed event stops the projection rather than being skipped silently.
  const event = {
    type: recordedEvent.type,
    data: schema.parse(recordedEvent.data),
  } as SectionEvent;
  const sectionId = event.type.startsWith('Section')
    ? event.data.id
    : (event.data as { SectionId: string }).SectionId;
  await batch.load([sectionId]);
  const row = batch.current(sectionId);
  if (row && row.revision >= recordedEvent.revision) return null;
  const previous = row?.state ?? initialSectionState;
  const state = evolveSection(previous, event);
  if (state.status === 'absent') return null;
  if (isSectionChange(event.type)) changes.add(await sectionChange(lookups, state, recordedEvent));
  const updatedAt = recordedEvent.metadata.occurredAt ?? recordedEvent.createdAt.toISOString();
  batch.record(state, previous, recordedEvent.revision, updatedAt);
  if (event.type === 'TeachingAssignmentReassigned') {
    // A merge's move changes who teaches it: open lists refresh as for any assignment change.
    const { SectionId, id } = event.data;
    return {
      event: REALTIME_EVENT_OF.TeachingAssignmentChanged,
      rooms: ['all'],
      payload: { SectionId, id, status: state.assignments[id]?.status ?? null },
      actorId: recordedEvent.metadata.actorId ?? null,
    };
  }
  if (event.type === 'TeachingAssignmentDeleted') {
    // The deleted assignment's row is written (if it was new in this batch), then marked.
    await batch.flush();
    await trx(ctx.table(SECTION_ASSIGNMENTS_TABLE))
      .where({ id: event.data.id })
      .update({ deleted: true, updated_at: updatedAt });
  }
  return notificationOf(event, recordedEvent.metadata.actorId ?? null);
}

const COURSE_KEYS = ['courseNumber', 'name', 'sectionCreditHours'];
const OFFERING_KEYS = ['CourseId', 'AcademicPeriodId'];
const PERSON_KEYS = ['displayName', 'firstName', 'lastName', 'isFaculty', 'isActive'];
const NAME_KEYS = ['displayName', 'firstName', 'lastName'];

/**
 * Sections with their meetings, assignments and coverage, and one row per teaching assignment
 * for lists across sections. Each row carries its course (number, name) and period, and each
 * assignment row its instructor's name: the projection keeps what it needs of the course,
 * offering and user streams in tables of its own, in log order, so a replay builds the same rows.
 * Section rows are guarded by the stream revision, so a re-delivered or older event changes
 * nothing; a course, offering or name change re-derives the rows that name it.
 */
export const sectionsProjection: Projection = {
  name: 'sections',
  version: 5,
  eventTypes: [
    ...SECTION_EVENT_TYPES,
    ...COURSE_EVENT_TYPES,
    ...OFFERING_EVENT_TYPES,
    ...USER_EVENT_TYPES,
  ],
  tables: [
    SECTIONS_TABLE,
    SECTION_LIST_TABLE,
    SECTION_ASSIGNMENTS_TABLE,
    SECTION_COURSES_TABLE,
    SECTION_OFFERINGS_TABLE,
    SECTION_PEOPLE_TABLE,
  ],

  async migrate(trx, ctx) {
    const index = async (logical: string, suffix: string, columns: string): Promise<void> => {
      await trx.raw(`CREATE INDEX IF NOT EXISTS ?? ON ?? ${columns}`, [
        `${ctx.physicalName(logical)}_${suffix}`,
        ctx.table(logical),
      ]);
    };
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         revision bigint NOT NULL,
         workgroup_id text NOT NULL,
         course_offering_id text NOT NULL,
         academic_period_id text,
         course_id text,
         course_number text,
         course_name text,
         section_number text NOT NULL,
         name text NOT NULL,
         enrollment integer,
         points double precision NOT NULL,
         coverage_status text NOT NULL,
         coverage_variance double precision NOT NULL,
         search text NOT NULL,
         deleted boolean NOT NULL DEFAULT false,
         state jsonb NOT NULL,
         coverage jsonb,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL,
         view text NOT NULL
       )`,
      [ctx.table(SECTIONS_TABLE)],
    );
    await index(SECTIONS_TABLE, 'workgroup', '(workgroup_id)');
    await index(SECTIONS_TABLE, 'offering', '(course_offering_id)');
    await index(
      SECTIONS_TABLE,
      'period',
      '(academic_period_id, course_number, section_number, id) WHERE NOT deleted',
    );
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         workgroup_id text NOT NULL,
         course_offering_id text NOT NULL,
         academic_period_id text,
         course_number text,
         course_name text,
         section_number text NOT NULL,
         name text NOT NULL,
         enrollment integer,
         points double precision NOT NULL,
         coverage_status text NOT NULL,
         coverage_variance double precision NOT NULL,
         search text NOT NULL,
         deleted boolean NOT NULL DEFAULT false,
         updated_at timestamptz NOT NULL
       ) WITH (fillfactor = 70)`,
      [ctx.table(SECTION_LIST_TABLE)],
    );
    await index(SECTION_LIST_TABLE, 'workgroup', '(workgroup_id)');
    await index(
      SECTION_LIST_TABLE,
      'period',
      '(academic_period_id, course_number, section_number, id) WHERE NOT deleted',
    );
    // Counting a period's sections under the list's coverage, workgroup and instructor filters
    // reads this index alone, not the rows. The search text is left out: with it the planner
    // tests every row of the period here rather than ask the trigram index below.
    await index(
      SECTION_LIST_TABLE,
      'period_filters',
      '(academic_period_id, coverage_status) INCLUDE (workgroup_id, id) WHERE NOT deleted',
    );
    // A search matches anywhere in the text (LIKE '%…%'): a trigram index finds the few rows
    // that match instead of testing every row of the period, where pg_trgm can be had.
    const trigrams = await trigramSchema(trx);
    if (trigrams) {
      await index(
        SECTION_LIST_TABLE,
        'search',
        `USING gin (search "${trigrams.replaceAll(`"`, `""`)}".gin_trgm_ops)`,
      );
    }
    // The list's other sorts within a period: a page walks the index (then an incremental sort
    // by id) instead of sorting every section of the period (docs/benchmarks.md). Enrollment and
    // updated_at are left out: nearly every section event changes them, and an index on them
    // would turn each of those row updates from HOT into one that writes every index.
    for (const column of ['course_name', 'section_number', 'name', 'points', 'coverage_variance']) {
      await index(
        SECTION_LIST_TABLE,
        `period_${column}`,
        `(academic_period_id, ${column}) WHERE NOT deleted`,
      );
    }
    await trx.raw(
      `CREATE TABLE IF NOT EXISTS ?? (
         id text PRIMARY KEY,
         section_id text NOT NULL,
         workgroup_id text NOT NULL,
         user_id text NOT NULL,
         status text NOT NULL,
         share double precision,
         notes text,
         deleted boolean NOT NULL DEFAULT false,
         course_offering_id text NOT NULL,
         academic_period_id text,
         course_number text,
         course_name text,
         section_number text NOT NULL,
         section_name text NOT NULL,
         user_name text,
         share_percent double precision NOT NULL,
         points double precision NOT NULL,
         created_at timestamptz NOT NULL,
         updated_at timestamptz NOT NULL
       )`,
      [ctx.table(SECTION_ASSIGNMENTS_TABLE)],
    );
    await index(SECTION_ASSIGNMENTS_TABLE, 'user', '(user_id)');
    await index(SECTION_ASSIGNMENTS_TABLE, 'section', '(section_id)');
    await index(
      SECTION_ASSIGNMENTS_TABLE,
      'period',
      '(academic_period_id, course_number, section_number) WHERE NOT deleted',
    );
    for (const logical of [SECTION_COURSES_TABLE, SECTION_OFFERINGS_TABLE, SECTION_PEOPLE_TABLE]) {
      await trx.raw(
        `CREATE TABLE IF NOT EXISTS ?? (
           id text PRIMARY KEY,
           revision bigint NOT NULL,
           data jsonb NOT NULL,
           deleted boolean NOT NULL DEFAULT false
         )`,
        [ctx.table(logical)],
      );
    }
    // Generated columns name what the lookups read, so their queries stay plain.
    await trx.raw(
      `ALTER TABLE ?? ADD COLUMN IF NOT EXISTS course_number text GENERATED ALWAYS AS (data->>'courseNumber') STORED,
         ADD COLUMN IF NOT EXISTS name text GENERATED ALWAYS AS (data->>'name') STORED,
         ADD COLUMN IF NOT EXISTS credit_hours double precision GENERATED ALWAYS AS ((data->>'sectionCreditHours')::double precision) STORED`,
      [ctx.table(SECTION_COURSES_TABLE)],
    );
    await trx.raw(
      `ALTER TABLE ?? ADD COLUMN IF NOT EXISTS course_id text GENERATED ALWAYS AS (data->>'CourseId') STORED,
         ADD COLUMN IF NOT EXISTS academic_period_id text GENERATED ALWAYS AS (data->>'AcademicPeriodId') STORED`,
      [ctx.table(SECTION_OFFERINGS_TABLE)],
    );
    await index(SECTION_OFFERINGS_TABLE, 'course', '(course_id)');
    await trx.raw(
      `ALTER TABLE ?? ADD COLUMN IF NOT EXISTS display_name text GENERATED ALWAYS AS (
           COALESCE(NULLIF(data->>'displayName', ''),
             btrim(COALESCE(data->>'firstName', '') || ' ' || COALESCE(data->>'lastName', '')))) STORED,
         ADD COLUMN IF NOT EXISTS sort_name text GENERATED ALWAYS AS (
           lower(COALESCE(data->>'lastName', '') || ' ' || COALESCE(data->>'firstName', ''))) STORED,
         ADD COLUMN IF NOT EXISTS is_faculty boolean GENERATED ALWAYS AS (COALESCE((data->>'isFaculty')::boolean, false)) STORED,
         ADD COLUMN IF NOT EXISTS is_active boolean GENERATED ALWAYS AS (COALESCE((data->>'isActive')::boolean, true)) STORED`,
      [ctx.table(SECTION_PEOPLE_TABLE)],
    );
  },

  async apply(trx, events, ctx) {
    const lookups = new Lookups(trx, ctx);
    const notifications: RealtimeNotification[] = [];
    const changes = new SectionChanges();
    const batch = new SectionBatch(trx, ctx, lookups);
    // One read of every section the batch touches; each is written once, at a flush.
    await batch.load(events.filter((e) => SECTION_EVENT_TYPES.includes(e.type)).map(sectionIdOf));
    for (const event of events) {
      if (SECTION_EVENT_TYPES.includes(event.type)) {
        const notification = await applySectionEvent(trx, ctx, lookups, batch, event, changes);
        if (notification) notifications.push(notification);
        continue;
      }
      // Course, offering and user events read and rewrite section rows: those must be current.
      await batch.flush();
      if (COURSE_EVENT_TYPES.includes(event.type)) {
        const { id } = Id.parse(event.data);
        const table = ctx.table(SECTION_COURSES_TABLE);
        if (await applyLookup(trx, table, event, courses.eventTypes, only(COURSE_KEYS))) {
          lookups.forget('course', id);
          if (event.type === courses.eventTypes.updated && changesAny(event, COURSE_KEYS)) {
            await refreshSections(trx, ctx, lookups, { course_id: id });
          }
        }
      } else if (OFFERING_EVENT_TYPES.includes(event.type)) {
        const { id } = Id.parse(event.data);
        const table = ctx.table(SECTION_OFFERINGS_TABLE);
        if (await applyLookup(trx, table, event, courseOfferings.eventTypes, only(OFFERING_KEYS))) {
          lookups.forget('offering', id);
          if (
            event.type === courseOfferings.eventTypes.updated &&
            changesAny(event, OFFERING_KEYS)
          ) {
            await refreshSections(trx, ctx, lookups, { course_offering_id: id });
          }
        }
      } else if (event.type === 'UsersMerged') {
        const { duplicateId } = UsersMerged.parse(event.data);
        await trx.raw(`UPDATE ?? SET data = data || '{"isActive": false}'::jsonb WHERE id = ?`, [
          ctx.table(SECTION_PEOPLE_TABLE),
          duplicateId,
        ]);
      } else if (USER_EVENT_TYPES.includes(event.type)) {
        const { id } = Id.parse(event.data);
        const table = ctx.table(SECTION_PEOPLE_TABLE);
        if (await applyLookup(trx, table, event, users.eventTypes, only(PERSON_KEYS))) {
          lookups.forget('person', id);
          if (event.type === users.eventTypes.updated && changesAny(event, NAME_KEYS)) {
            // Each section row carries its instructors' names in its stored view.
            await refreshSections(trx, ctx, lookups, { user_id: id });
          }
          await trx.raw(
            `UPDATE ?? AS a SET user_name = p.display_name FROM ?? AS p
             WHERE p.id = ? AND a.user_id = p.id AND a.user_name IS DISTINCT FROM p.display_name`,
            [ctx.table(SECTION_ASSIGNMENTS_TABLE), table, id],
          );
        }
      }
    }
    await batch.flush();
    return [...notifications, ...changes.notifications()];
  },
};
