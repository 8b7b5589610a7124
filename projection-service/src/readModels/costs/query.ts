import type { Knex } from 'knex';
import {
  academicPeriods,
  instructorCosts,
  instructorRates,
  instructorTypes,
  ranks,
  users,
  workgroups,
  type CostLine,
  type CostLineKind,
  type CostLinesAnswer,
  type CostLinesQuery,
  type CostRatesAnswer,
  type CostSource,
  type CostTotalsAnswer,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { SECTION_ASSIGNMENTS_TABLE, SECTIONS_TABLE } from '../sections/schema.js';
import { sectionsProjection } from '../sections/projection.js';

/** Below this many points a section counts as covered (shares of thirds do not add up exactly). */
const COVERED_EPSILON = 0.005;

const money = (n: unknown) => Math.round(Number(n) * 100) / 100;
const points = (n: unknown) => Math.round(Number(n) * 100) / 100;

interface RateRow {
  id: string;
  revision: string | number;
  user_id: string | null;
  type_id: string | null;
  rank_id: string | null;
  rate: string;
  user_name: string | null;
}

interface TotalColumns {
  total_count: string | number;
  total_points: string | number | null;
  total_cost: string | number | null;
  total_unpriced: string | number;
}

interface LineRow {
  id: string;
  kind: CostLineKind;
  academic_period_id: string;
  section_id: string;
  course_number: string | null;
  section_number: string;
  course_name: string | null;
  workgroup_id: string | null;
  workgroup_name: string | null;
  user_id: string | null;
  user_name: string | null;
  type_id: string | null;
  type_name: string | null;
  rank_id: string | null;
  rank_name: string | null;
  points: string | number;
  rate: string | number | null;
  cost: string | number | null;
  source: CostSource;
  entry_id: string | null;
  entry_revision: string | number | null;
  entry_amount: string | number | null;
  entry_notes: string | null;
}

/**
 * Instructor costs (docs/costs.md), computed when read from the sections read model (each live
 * assignment's points; each section's points nobody covers), the people's instructor type and
 * rank, the period's rates and the costs set by hand — DOMAIN's rule in one place: a cost set by
 * hand, else the instructor's own rate, else their type and rank's, else their type's (any rank),
 * times the points. A section's uncovered points are its placeholder's, at the placeholder's type
 * and rank rate (or its amount); without a placeholder they are "not staffed" and priced at
 * nothing. Read-time like the workload: exact after any change, no projection joining others'.
 */
export function createCostQueries(knex: Knex, tables: TableResolver) {
  const recordsOf = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));

  /**
   * Every cost line of one period (or of all periods), as a SQL subquery and its bindings; a
   * workgroup narrows its sources (the sections and assignments read), not only its result.
   */
  async function linesSql(
    periodId: string | null,
    workgroupId: string | null = null,
  ): Promise<{ sql: string; bindings: Knex.RawBinding[] }> {
    const [sa, s, people, rates, entries, groups, types, rankTable] = await Promise.all([
      tables.table(sectionsProjection.name, SECTION_ASSIGNMENTS_TABLE),
      tables.table(sectionsProjection.name, SECTIONS_TABLE),
      recordsOf(users),
      recordsOf(instructorRates),
      recordsOf(instructorCosts),
      recordsOf(workgroups),
      recordsOf(instructorTypes),
      recordsOf(ranks),
    ]);
    const inPeriod = (table: string) =>
      [
        periodId === null ? 'true' : `${table}.academic_period_id = ?`,
        workgroupId === null ? 'true' : `${table}.workgroup_id = ?`,
      ].join(' AND ');
    const periodValue = [
      ...(periodId === null ? [] : [periodId]),
      ...(workgroupId === null ? [] : [workgroupId]),
    ];
    const sql = `
      WITH rate AS (
        SELECT data->>'AcademicPeriodId' AS period_id, data->>'UserId' AS user_id,
               data->>'InstructorTypeId' AS type_id, data->>'RankId' AS rank_id,
               (data->>'ratePerPoint')::numeric AS rate
          FROM ?? WHERE deleted_at IS NULL
      ), entry AS (
        SELECT id, revision, data->>'SectionId' AS section_id, data->>'UserId' AS user_id,
               data->>'InstructorTypeId' AS type_id, data->>'RankId' AS rank_id,
               (data->>'amount')::numeric AS amount, data->>'notes' AS notes
          FROM ?? WHERE deleted_at IS NULL
      ), assigned AS (
        SELECT a.id, 'assignment'::text AS kind, a.academic_period_id, a.section_id,
               a.course_number, a.section_number, a.course_name, a.workgroup_id,
               a.user_id, a.user_name,
               u.data->'FacultyProfile'->>'InstructorTypeId' AS type_id,
               u.data->'FacultyProfile'->>'RankId' AS rank_id,
               a.points::numeric AS points, e.id AS entry_id, e.revision AS entry_revision,
               e.amount AS entry_amount,
               e.notes AS entry_notes
          FROM ?? a
          LEFT JOIN ?? u ON u.id = a.user_id
          LEFT JOIN entry e ON e.section_id = a.section_id AND e.user_id = a.user_id
         WHERE NOT a.deleted AND a.status <> 'withdrawn' AND ${inPeriod('a')}
      ), uncovered AS (
        SELECT s.id AS section_id, s.academic_period_id, s.course_number, s.section_number,
               s.course_name, s.workgroup_id,
               (s.points - coalesce(sum(a.points), 0))::numeric AS points
          FROM ?? s
          LEFT JOIN ?? a ON a.section_id = s.id AND NOT a.deleted AND a.status <> 'withdrawn'
         WHERE NOT s.deleted AND ${inPeriod('s')}
         GROUP BY s.id
        HAVING s.points - coalesce(sum(a.points), 0) > ${String(COVERED_EPSILON)}
      ), opened AS (
        SELECT 'open-' || o.section_id AS id,
               CASE WHEN e.id IS NULL THEN 'unstaffed' ELSE 'placeholder' END AS kind,
               o.academic_period_id, o.section_id, o.course_number, o.section_number,
               o.course_name, o.workgroup_id, NULL::text AS user_id, NULL::text AS user_name,
               e.type_id, e.rank_id, o.points, e.id AS entry_id, e.revision AS entry_revision,
               e.amount AS entry_amount,
               e.notes AS entry_notes
          FROM uncovered o
          LEFT JOIN entry e ON e.section_id = o.section_id AND e.user_id IS NULL
      ), lines AS (
        SELECT * FROM assigned UNION ALL SELECT * FROM opened
      ), priced AS (
        SELECT l.*,
               CASE WHEN l.kind = 'unstaffed' OR l.entry_amount IS NOT NULL THEN NULL
                    ELSE coalesce(pr.rate, trr.rate, tr.rate) END AS rate,
               CASE WHEN l.kind = 'unstaffed' THEN 'none'
                    WHEN l.entry_amount IS NOT NULL THEN 'set'
                    WHEN pr.rate IS NOT NULL THEN 'personal'
                    WHEN trr.rate IS NOT NULL THEN 'typeRank'
                    WHEN tr.rate IS NOT NULL THEN 'type'
                    ELSE 'none' END AS source
          FROM lines l
          LEFT JOIN rate pr ON l.kind = 'assignment' AND pr.period_id = l.academic_period_id
               AND pr.user_id = l.user_id
          LEFT JOIN rate trr ON trr.period_id = l.academic_period_id AND trr.user_id IS NULL
               AND trr.type_id = l.type_id AND trr.rank_id = l.rank_id
          LEFT JOIN rate tr ON tr.period_id = l.academic_period_id AND tr.user_id IS NULL
               AND tr.type_id = l.type_id AND tr.rank_id IS NULL
      )
      SELECT p.*,
             round(CASE WHEN p.entry_amount IS NOT NULL AND p.kind <> 'unstaffed' THEN p.entry_amount
                        ELSE p.rate * p.points END, 2) AS cost,
             w.data->>'name' AS workgroup_name,
             t.data->>'name' AS type_name, r.data->>'name' AS rank_name
        FROM priced p
        LEFT JOIN ?? w ON w.id = p.workgroup_id
        LEFT JOIN ?? t ON t.id = p.type_id
        LEFT JOIN ?? r ON r.id = p.rank_id`;
    const bindings = [
      rates,
      entries,
      sa,
      people,
      ...periodValue,
      s,
      sa,
      ...periodValue,
      groups,
      types,
      rankTable,
    ];
    return { sql, bindings };
  }

  async function periodNamed(periodId: string): Promise<{ id: string; name: string } | null> {
    const row = await knex(await recordsOf(academicPeriods))
      .where({ id: periodId })
      .whereNull('deleted_at')
      .first<{ id: string; name: string } | undefined>('id', knex.raw("data->>'name' as name"));
    return row ?? null;
  }

  const SORT_COLUMNS: Record<CostLinesQuery['sort'], string> = {
    section: 'l.course_number, l.section_number',
    instructor: 'lower(l.user_name)',
    workgroup: 'lower(l.workgroup_name)',
    points: 'l.points',
    cost: 'l.cost',
  };

  async function lines(periodId: string | null, query: CostLinesQuery): Promise<CostLinesAnswer> {
    const empty = { period: null, count: 0, total: { points: 0, cost: 0, unpriced: 0 }, rows: [] };
    if (!periodId) return empty;
    const period = await periodNamed(periodId);
    if (!period) return empty;
    const { sql, bindings } = await linesSql(periodId, query.WorkgroupId ?? null);
    const where: string[] = [];
    const whereBindings: Knex.RawBinding[] = [];
    if (query.kind) {
      where.push('l.kind = ?');
      whereBindings.push(query.kind);
    }
    if (query.source) {
      where.push('l.source = ?');
      whereBindings.push(query.source);
    }
    if (query.q) {
      const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        // The section as the page names it ("BIOL 101-001"), its course and its instructor.
        `lower(concat_ws(' ', concat_ws('-', l.course_number, l.section_number), l.course_name, l.user_name)) LIKE ?`,
      );
      whereBindings.push(like);
    }
    const filtered = `FROM (${sql}) l ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
    const all = [...bindings, ...whereBindings];
    const direction = query.direction === 'DESC' ? 'DESC' : 'ASC';
    const order = SORT_COLUMNS[query.sort]
      .split(', ')
      .map((c) => `${c} ${direction} NULLS LAST`)
      .join(', ');
    // One pass: the page, with the totals of every line that matches as window sums beside it.
    const page = await knex.raw<{ rows: (LineRow & TotalColumns)[] }>(
      `SELECT l.*, count(*) OVER () AS total_count, sum(l.points) OVER () AS total_points,
              sum(l.cost) OVER () AS total_cost,
              count(*) FILTER (WHERE l.cost IS NULL) OVER () AS total_unpriced
         ${filtered} ORDER BY ${order}, l.course_number, l.section_number, l.id LIMIT ? OFFSET ?`,
      [...all, query.take, query.skip],
    );
    // A page past the end has no row to carry the totals: counted apart (rare).
    const total: TotalColumns | undefined =
      page.rows[0] ??
      (query.skip > 0
        ? (
            await knex.raw<{ rows: TotalColumns[] }>(
              `SELECT count(*) AS total_count, sum(l.points) AS total_points,
                      sum(l.cost) AS total_cost,
                      count(*) FILTER (WHERE l.cost IS NULL) AS total_unpriced ${filtered}`,
              all,
            )
          ).rows[0]
        : undefined);
    return {
      period,
      count: Number(total?.total_count ?? 0),
      total: {
        points: points(total?.total_points ?? 0),
        cost: money(total?.total_cost ?? 0),
        unpriced: Number(total?.total_unpriced ?? 0),
      },
      rows: page.rows.map(toLine),
    };
  }

  /** Totals per workgroup and period, for every period with sections (newest first). */
  async function totals(): Promise<CostTotalsAnswer> {
    const { sql, bindings } = await linesSql(null);
    const cells = await knex.raw<{
      rows: {
        period_id: string;
        workgroup_id: string | null;
        assigned: string | null;
        placeholders: string | null;
        unpriced: string;
      }[];
    }>(
      `SELECT l.academic_period_id AS period_id, l.workgroup_id,
              sum(l.cost) FILTER (WHERE l.kind = 'assignment') AS assigned,
              sum(l.cost) FILTER (WHERE l.kind = 'placeholder') AS placeholders,
              count(*) FILTER (WHERE l.cost IS NULL) AS unpriced
         FROM (${sql}) l
        WHERE l.academic_period_id IS NOT NULL
        GROUP BY l.academic_period_id, l.workgroup_id`,
      bindings,
    );
    const periodIds = [...new Set(cells.rows.map((c) => c.period_id))];
    const workgroupIds = [
      ...new Set(cells.rows.flatMap((c) => (c.workgroup_id ? [c.workgroup_id] : []))),
    ];
    const [periods, groups] = await Promise.all([
      knex(await recordsOf(academicPeriods))
        .whereIn('id', periodIds)
        .whereNull('deleted_at')
        .orderByRaw("data->>'startDate' DESC, id")
        .select<{ id: string; name: string }[]>('id', knex.raw("data->>'name' as name")),
      knex(await recordsOf(workgroups))
        .whereIn('id', workgroupIds)
        .whereNull('deleted_at')
        .orderByRaw("lower(data->>'name'), id")
        .select<{ id: string; name: string }[]>('id', knex.raw("data->>'name' as name")),
    ]);
    const known = new Set(periods.map((p) => p.id));
    return {
      periods,
      workgroups: groups,
      cells: cells.rows
        .filter((c) => known.has(c.period_id))
        .map((c) => {
          const assigned = money(c.assigned ?? 0);
          const placeholders = money(c.placeholders ?? 0);
          return {
            AcademicPeriodId: c.period_id,
            WorkgroupId: c.workgroup_id,
            assigned,
            placeholders,
            total: money(assigned + placeholders),
            unpriced: Number(c.unpriced),
          };
        }),
    };
  }

  /** The rate grid of one period: instructor types by ranks, and single instructors' rates. */
  async function rates(periodId: string | null): Promise<CostRatesAnswer> {
    const [types, rankList] = await Promise.all(
      [instructorTypes, ranks].map(async (kind) =>
        knex(await recordsOf(kind))
          .whereNull('deleted_at')
          .whereRaw("(data->>'isActive')::boolean IS NOT FALSE")
          .orderByRaw("lower(data->>'name'), id")
          .select<{ id: string; name: string }[]>('id', knex.raw("data->>'name' as name")),
      ),
    );
    const period = periodId ? await periodNamed(periodId) : null;
    if (!period)
      return { period: null, types: types ?? [], ranks: rankList ?? [], cells: [], people: [] };
    const [rateTable, people] = await Promise.all([recordsOf(instructorRates), recordsOf(users)]);
    const rows = await knex({ r: rateTable })
      .leftJoin({ u: people }, 'u.id', knex.raw("r.data->>'UserId'"))
      .whereNull('r.deleted_at')
      .whereRaw("r.data->>'AcademicPeriodId' = ?", [period.id])
      .orderByRaw("lower(coalesce(u.data->>'displayName', u.data->>'lastName', '')), r.id")
      .select<RateRow[]>(
        'r.id',
        'r.revision',
        knex.raw("r.data->>'UserId' as user_id"),
        knex.raw("r.data->>'InstructorTypeId' as type_id"),
        knex.raw("r.data->>'RankId' as rank_id"),
        knex.raw("(r.data->>'ratePerPoint')::numeric as rate"),
        knex.raw(
          "coalesce(nullif(u.data->>'displayName', ''), concat_ws(' ', u.data->>'firstName', u.data->>'lastName')) as user_name",
        ),
      );
    return {
      period,
      types: types ?? [],
      ranks: rankList ?? [],
      cells: rows.flatMap((r) =>
        !r.user_id && r.type_id
          ? [
              {
                id: r.id,
                revision: Number(r.revision),
                InstructorTypeId: r.type_id,
                RankId: r.rank_id,
                ratePerPoint: money(r.rate),
              },
            ]
          : [],
      ),
      people: rows.flatMap((r) =>
        r.user_id
          ? [
              {
                id: r.id,
                revision: Number(r.revision),
                instructor: { id: r.user_id, name: r.user_name ?? r.user_id },
                ratePerPoint: money(r.rate),
              },
            ]
          : [],
      ),
    };
  }

  return { lines, totals, rates };
}

const named = (id: string | null, name: string | null) => (id ? { id, name: name ?? id } : null);

function toLine(r: LineRow): CostLine {
  const sectionName = [r.course_number, r.section_number].filter(Boolean).join('-');
  const amount = r.entry_amount === null ? null : money(r.entry_amount);
  return {
    id: r.id,
    kind: r.kind,
    section: { id: r.section_id, name: sectionName, title: r.course_name },
    workgroup: named(r.workgroup_id, r.workgroup_name),
    instructor: named(r.user_id, r.user_name),
    instructorType: named(r.type_id, r.type_name),
    rank: named(r.rank_id, r.rank_name),
    points: points(r.points),
    ratePerPoint: r.rate === null ? null : money(r.rate),
    cost: r.cost === null ? null : money(r.cost),
    source: r.source,
    entry: r.entry_id
      ? { id: r.entry_id, revision: Number(r.entry_revision), amount, notes: r.entry_notes }
      : null,
  };
}
