import type { Knex } from 'knex';
import {
  EFFORT_AREAS_SHOWN,
  EFFORT_FLAGS,
  academicPeriods,
  costCenterDescriptions,
  effortCategories,
  effortPayPeriods,
  effortPositions,
  users,
  workgroups,
  type EffortAreaShown,
  type EffortFlag,
  type EffortOverviewAnswer,
  type EffortOverviewQuery,
  type EffortOverviewRow,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../../resources/projection.js';
import { createWorkloadQuery } from '../../workload/query.js';
import {
  COUNTING_LINE,
  EFFORT_IMPORTS_TABLE,
  EFFORT_LINES_TABLE,
  effortImportsProjection,
} from '../imports/projection.js';

/** The most instructors one period's overview computes (a university's whole faculty). */
const ALL = 100_000;
const round = (n: number) => Math.round(n * 100) / 100;
const zeroAreas = (): Record<EffortAreaShown, number> =>
  Object.fromEntries(EFFORT_AREAS_SHOWN.map((a) => [a, 0])) as Record<EffortAreaShown, number>;

interface PayrollRow {
  user_id: string;
  pay_period_id: string;
  area: string | null;
  effort: string;
  amount: string;
}

/**
 * The overview of one academic period (docs/effort.md "Overview"): every instructor with planned
 * work (the workload read, points) or payroll lines in the period's pay periods, with their
 * payroll averaged per area over the pay periods they have lines in, and flags — paid above full
 * time in a pay period (overlap), pay periods without payroll while others have it (gap), teaching
 * planned with none on payroll, teaching on payroll with none planned. Filtered, sorted and paged
 * here, on the server; totals per workgroup are of the filtered instructors.
 */
export function createEffortOverview(knex: Knex, tables: TableResolver) {
  const recordsOf = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));
  const workloads = createWorkloadQuery(knex, tables);

  return async function overview(
    periodId: string | null,
    query: EffortOverviewQuery,
  ): Promise<EffortOverviewAnswer> {
    const empty = { period: null, count: 0, rows: [], workgroups: [] };
    if (!periodId) return empty;
    const [periods, payPeriods, lines, imports, categories, people, positions, centres, groups] =
      await Promise.all([
        recordsOf(academicPeriods),
        recordsOf(effortPayPeriods),
        tables.table(effortImportsProjection.name, EFFORT_LINES_TABLE),
        tables.table(effortImportsProjection.name, EFFORT_IMPORTS_TABLE),
        recordsOf(effortCategories),
        recordsOf(users),
        recordsOf(effortPositions),
        recordsOf(costCenterDescriptions),
        recordsOf(workgroups),
      ]);
    const period = await knex(periods)
      .where({ id: periodId })
      .whereNull('deleted_at')
      .first<{ id: string; name: string; start: string; end: string } | undefined>(
        'id',
        knex.raw("data->>'name' as name"),
        knex.raw("data->>'startDate' as start"),
        knex.raw("data->>'endDate' as end"),
      );
    if (!period) return empty;
    const inPeriod = (alias: string) =>
      `${alias}.data->>'startDate' >= :start AND ${alias}.data->>'startDate' <= :end`;
    const payroll = await knex.raw<{ rows: PayrollRow[] }>(
      `SELECT l.user_id, l.pay_period_id, c.data->>'area' AS area,
              sum(l.effort_percent) AS effort, sum(coalesce(l.amount, 0)) AS amount
         FROM :lines: AS l
         JOIN :imports: AS i ON i.id = l.import_id
         JOIN :payPeriods: AS p ON p.id = l.pay_period_id
         LEFT JOIN :categories: AS c ON c.id = l.category_id
        WHERE ${COUNTING_LINE.replace('??', ':imports:')} AND ${inPeriod('p')}
        GROUP BY l.user_id, l.pay_period_id, c.data->>'area'`,
      { lines, imports, payPeriods, categories, start: period.start, end: period.end },
    );
    // Pay periods of the academic period that payroll has reported at all (the later ones are
    // still to come, not missing).
    const reported = new Set(payroll.rows.map((r) => r.pay_period_id));
    const planned = await workloads.list({ AcademicPeriodId: periodId, take: ALL, skip: 0 });
    // A person's workgroup on payroll: the cost centre of their (first active) position.
    const homes = await knex({ pos: positions })
      .leftJoin({ cc: centres }, knex.raw("cc.data->>'code' = pos.data->>'costCenter'"))
      .leftJoin({ w: groups }, knex.raw("w.id = cc.data->>'WorkgroupId'"))
      .whereNull('pos.deleted_at')
      .whereRaw("coalesce((pos.data->>'isActive')::boolean, true)")
      .orderByRaw("pos.data->>'startDate'")
      .select<{ user_id: string; id: string | null; name: string | null }[]>(
        knex.raw("pos.data->>'UserId' as user_id"),
        'w.id',
        knex.raw("w.data->>'name' as name"),
      );
    const home = new Map<string, { id: string; name: string } | null>();
    for (const h of homes) {
      if (!home.has(h.user_id) || home.get(h.user_id) === null) {
        home.set(h.user_id, h.id ? { id: h.id, name: h.name ?? '' } : null);
      }
    }
    const byUser = new Map<
      string,
      { periods: Map<string, number>; areas: Record<EffortAreaShown, number>; amount: number }
    >();
    for (const r of payroll.rows) {
      let of = byUser.get(r.user_id);
      if (!of) byUser.set(r.user_id, (of = { periods: new Map(), areas: zeroAreas(), amount: 0 }));
      const effort = Number(r.effort);
      of.periods.set(r.pay_period_id, (of.periods.get(r.pay_period_id) ?? 0) + effort);
      const area = (EFFORT_AREAS_SHOWN as readonly string[]).includes(r.area ?? '')
        ? (r.area as EffortAreaShown)
        : 'other';
      of.areas[area] += effort;
      of.amount += Number(r.amount);
    }
    const plannedBy = new Map(planned.rows.map((w) => [w.UserId, w]));
    const ids = new Set([...plannedBy.keys(), ...byUser.keys()]);
    const missingNames = [...byUser.keys()].filter((id) => !plannedBy.has(id));
    const names = new Map(
      (
        await knex(people)
          .whereIn('id', missingNames)
          .select<{ id: string; name: string | null }[]>(
            'id',
            knex.raw("data->>'displayName' as name"),
          )
      ).map((p) => [p.id, p.name ?? 'Someone']),
    );
    let rows: EffortOverviewRow[] = [];
    for (const id of ids) {
      const work = plannedBy.get(id);
      const pay = byUser.get(id);
      const counted = pay?.periods.size ?? 0;
      const byArea = zeroAreas();
      for (const area of EFFORT_AREAS_SHOWN) {
        byArea[area] = counted > 0 ? round((pay?.areas[area] ?? 0) / counted) : 0;
      }
      // Only those with something to compare: planned work, or payroll.
      if (!pay && (!work || work.assigned === 0)) continue;
      const flags: { flag: EffortFlag; words: string }[] = [];
      const over = [...(pay?.periods.values() ?? [])].filter((e) => e > 100.0001).length;
      if (over > 0) {
        flags.push({
          flag: 'overPaid',
          words: `${EFFORT_FLAGS.overPaid} in ${String(over)} pay ${over === 1 ? 'period' : 'periods'}`,
        });
      }
      if (pay && counted < reported.size) {
        const missing = reported.size - counted;
        flags.push({
          flag: 'missingPayroll',
          words: `${String(missing)} of ${String(reported.size)} pay periods without payroll`,
        });
      }
      if ((work?.teaching ?? 0) > 0 && byArea.teaching === 0 && reported.size > 0) {
        flags.push({ flag: 'teachingUnpaid', words: EFFORT_FLAGS.teachingUnpaid });
      }
      if ((work?.teaching ?? 0) === 0 && byArea.teaching > 0) {
        flags.push({ flag: 'paidNotPlanned', words: EFFORT_FLAGS.paidNotPlanned });
      }
      rows.push({
        instructor: { id, name: work?.name ?? names.get(id) ?? 'Someone' },
        workgroup: home.get(id) ?? null,
        planned: {
          required: work?.required ?? 0,
          teaching: work?.teaching ?? 0,
          administrative: work?.administrative ?? 0,
        },
        payroll: {
          payPeriods: counted,
          expectedPayPeriods: reported.size,
          byArea,
          amount: round(pay?.amount ?? 0),
        },
        flags,
      });
    }
    const q = query.q?.toLowerCase();
    rows = rows.filter(
      (r) =>
        (!query.WorkgroupId || r.workgroup?.id === query.WorkgroupId) &&
        (!query.flag ||
          (query.flag === 'any'
            ? r.flags.length > 0
            : r.flags.some((f) => f.flag === query.flag))) &&
        (!q || r.instructor.name.toLowerCase().includes(q)),
    );
    const key = (r: EffortOverviewRow): string | number => {
      switch (query.sort) {
        case 'teaching':
          return r.planned.teaching;
        case 'payrollTeaching':
          return r.payroll.byArea.teaching;
        case 'amount':
          return r.payroll.amount;
        case 'flags':
          return r.flags.length;
        default:
          return r.instructor.name.toLowerCase();
      }
    };
    const sign = query.direction === 'DESC' ? -1 : 1;
    rows.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      const order = typeof x === 'number' ? x - (y as number) : x.localeCompare(y as string);
      return sign * order || a.instructor.name.localeCompare(b.instructor.name);
    });
    const totals = new Map<string, EffortOverviewAnswer['workgroups'][number]>();
    for (const r of rows) {
      const k = r.workgroup?.id ?? '';
      let t = totals.get(k);
      if (!t) {
        t = {
          workgroup: r.workgroup,
          instructors: 0,
          teaching: 0,
          administrative: 0,
          payrollTeaching: 0,
          amount: 0,
          flagged: 0,
        };
        totals.set(k, t);
      }
      t.instructors += 1;
      t.teaching = round(t.teaching + r.planned.teaching);
      t.administrative = round(t.administrative + r.planned.administrative);
      // The average teaching share of the workgroup's people on payroll, summed then divided.
      t.payrollTeaching += r.payroll.byArea.teaching;
      t.amount = round(t.amount + r.payroll.amount);
      if (r.flags.length > 0) t.flagged += 1;
    }
    const workgroupTotals = [...totals.values()]
      .map((t) => ({ ...t, payrollTeaching: round(t.payrollTeaching / t.instructors) }))
      // By name, those without a workgroup on payroll last.
      .sort(
        (a, b) =>
          Number(a.workgroup === null) - Number(b.workgroup === null) ||
          (a.workgroup?.name ?? '').localeCompare(b.workgroup?.name ?? ''),
      );
    return {
      period: { id: period.id, name: period.name },
      count: rows.length,
      rows: rows.slice(query.skip, query.skip + query.take),
      workgroups: workgroupTotals,
    };
  };
}
