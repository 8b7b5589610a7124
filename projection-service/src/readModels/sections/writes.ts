import {
  activeAssignments,
  coverageOf,
  roundPoints,
  sectionPoints,
  sharesOf,
  type Coverage,
  type SectionState,
} from '@allot/shared-events';
import type { Knex } from 'knex';
import type { ProjectionContext } from '../../runner/projection.js';
import type { Live, Lookups } from './lookups.js';
import {
  SECTION_ASSIGNMENTS_TABLE,
  SECTION_LIST_TABLE,
  SECTION_OFFERINGS_TABLE,
  SECTIONS_TABLE,
} from './schema.js';
import { sectionView } from './view.js';

/** The coverage of a live section: its points (course credit hours last) against its shares. */
export function coverageOfState(state: SectionState, creditHours?: number | null): Coverage | null {
  if (state.status === 'absent') return null;
  const points = sectionPoints(state.section, creditHours);
  return coverageOf(points, activeAssignments(state));
}

/** Lower-case text a search `q` matches (course number and name, section name and number). */
export function searchTextOf(parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p !== '')
    .join(' ')
    .toLowerCase();
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
export class SectionBatch {
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
export async function refreshSections(
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
