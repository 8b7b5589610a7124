import type { Knex } from 'knex';
import {
  effortCategories,
  effortPayPeriods,
  effortPositions,
  users,
  type EffortTimelineAnswer,
  type ResourceDefinition,
} from '@allot/shared-events';
import type { TableResolver } from '../../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../../resources/projection.js';
import {
  EFFORT_IMPORTS_TABLE,
  EFFORT_LINES_TABLE,
  effortImportsProjection,
} from '../imports/projection.js';
import { describePositionChange } from './describe.js';
import { POSITION_HISTORY_TABLE, effortPositionHistoryProjection } from './projection.js';

/**
 * Whether line `l` of import `i` counted at the instant bound as `:at` (now when reading the
 * present): its import had ended with lines by then and was not undone yet, and no replacing
 * import of its pay period that ended later had ended (and was not undone) by then.
 */
const COUNTED_AT = `i.mode <> 'dryRun' AND i.status IN ('done', 'stopped', 'undone')
  AND i.finished_at <= :at AND (i.undone_at IS NULL OR i.undone_at > :at)
  AND NOT EXISTS (
    SELECT 1 FROM :imports: AS r
     WHERE r.mode = 'replacePayPeriod' AND r.status IN ('done', 'stopped', 'undone')
       AND r.finished_at <= :at AND (r.undone_at IS NULL OR r.undone_at > :at)
       AND r.pay_period_id = l.pay_period_id AND r.finished_seq > i.finished_seq)`;

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * A position's effort timeline (docs/effort.md "Effort timeline"), now or as of an instant: the
 * position as it stood (its last change before then), its lines' effort per pay period and
 * category as they counted then, and what changed it. Null when the position did not exist then.
 * Whose it is (`position.instructor.id`) decides who may read it: the caller checks.
 */
export function createTimelineReader(knex: Knex, tables: TableResolver) {
  const recordsOf = (resource: ResourceDefinition) =>
    tables.table(resourceProjectionName(resource), recordsTable(resource));
  return async function readTimeline(
    positionId: string,
    asOf: Date | null,
  ): Promise<EffortTimelineAnswer | null> {
    const at = (asOf ?? new Date()).toISOString();
    const [history, imports, lines, people, periods, categories, positions] = await Promise.all([
      tables.table(effortPositionHistoryProjection.name, POSITION_HISTORY_TABLE),
      tables.table(effortImportsProjection.name, EFFORT_IMPORTS_TABLE),
      tables.table(effortImportsProjection.name, EFFORT_LINES_TABLE),
      recordsOf(users),
      recordsOf(effortPayPeriods),
      recordsOf(effortCategories),
      recordsOf(effortPositions),
    ]);
    const versions = await knex(history)
      .where({ position_id: positionId })
      .where('at', '<=', at)
      .orderBy('seq')
      .select<
        {
          seq: number;
          at: Date;
          actor_id: string | null;
          change: string;
          fields: Record<string, unknown>;
          record: Record<string, unknown> | null;
        }[]
      >('*');
    const current = versions.at(-1)?.record ?? null;
    // A position made before its history was kept (none here) reads from the list itself.
    const listed =
      versions.length === 0 && !asOf
        ? await knex(positions)
            .where({ id: positionId })
            .whereNull('deleted_at')
            .first<{ data: Record<string, unknown> } | undefined>('data')
        : undefined;
    const record = current ?? listed?.data ?? null;
    if (!record) return null;
    const UserId = String(record.UserId);
    const actorIds = [...new Set(versions.map((v) => v.actor_id).filter((a) => a !== null))];
    const names = new Map(
      (
        await knex(people)
          .whereIn('id', [UserId, ...actorIds])
          .select<{ id: string; name: string | null }[]>(
            'id',
            knex.raw("data->>'displayName' as name"),
          )
      ).map((p) => [p.id, p.name ?? 'Someone']),
    );
    const counted = await knex.raw<{
      rows: {
        pay_period_id: string;
        category_id: string | null;
        effort: string;
        amount: string;
        code: string | null;
        period_name: string | null;
        start_date: string | null;
        end_date: string | null;
        category_name: string | null;
        area: string | null;
      }[];
    }>(
      `SELECT l.pay_period_id, l.category_id, sum(l.effort_percent) AS effort, sum(coalesce(l.amount, 0)) AS amount,
              p.data->>'code' AS code, p.data->>'name' AS period_name,
              p.data->>'startDate' AS start_date, p.data->>'endDate' AS end_date,
              c.data->>'name' AS category_name, c.data->>'area' AS area
         FROM :lines: AS l
         JOIN :imports: AS i ON i.id = l.import_id
         LEFT JOIN :periods: AS p ON p.id = l.pay_period_id
         LEFT JOIN :categories: AS c ON c.id = l.category_id
        WHERE l.position_id = :positionId AND ${COUNTED_AT}
        GROUP BY l.pay_period_id, l.category_id, p.data, c.data
        ORDER BY p.data->>'startDate', l.pay_period_id, c.data->>'name'`,
      { lines, imports, periods, categories, positionId, at },
    );
    const categoryIndex = new Map<string | null, number>();
    const legend: { id: string | null; name: string; area: string }[] = [];
    for (const row of [...counted.rows].sort((a, b) =>
      (a.category_name ?? '~').localeCompare(b.category_name ?? '~'),
    )) {
      if (categoryIndex.has(row.category_id)) continue;
      categoryIndex.set(row.category_id, legend.length);
      legend.push({
        id: row.category_id,
        name: row.category_name ?? 'Unclassified',
        area: row.area ?? 'other',
      });
    }
    const byPeriod = new Map<string, EffortTimelineAnswer['periods'][number]>();
    for (const row of counted.rows) {
      let period = byPeriod.get(row.pay_period_id);
      if (!period) {
        period = {
          payPeriod: {
            id: row.pay_period_id,
            code: row.code ?? '',
            name: row.period_name ?? row.code ?? '',
            startDate: row.start_date ?? '',
            endDate: row.end_date ?? '',
          },
          effortPercent: 0,
          amount: 0,
          byCategory: [],
        };
        byPeriod.set(row.pay_period_id, period);
      }
      period.effortPercent = round(period.effortPercent + num(row.effort));
      period.amount = round(period.amount + num(row.amount));
      period.byCategory.push({
        category: categoryIndex.get(row.category_id) ?? 0,
        effortPercent: round(num(row.effort)),
        amount: round(num(row.amount)),
      });
    }
    // The imports that brought lines of this position, or took them back, by then.
    const importEvents = await knex.raw<{
      rows: {
        file_name: string;
        mode: string;
        finished_at: Date;
        started_by: string | null;
        undone_at: Date | null;
        undone_by: string | null;
        lines: string;
        starter: string | null;
        undoer: string | null;
      }[];
    }>(
      `SELECT i.id, i.file_name, i.mode, i.finished_at, i.started_by, i.undone_at, i.undone_by,
              count(*) AS lines, u1.data->>'displayName' AS starter, u2.data->>'displayName' AS undoer
         FROM :lines: AS l
         JOIN :imports: AS i ON i.id = l.import_id
         LEFT JOIN :people: AS u1 ON u1.id = i.started_by
         LEFT JOIN :people: AS u2 ON u2.id = i.undone_by
        WHERE l.position_id = :positionId AND i.finished_at <= :at
        GROUP BY i.id, u1.data, u2.data`,
      { lines, imports, people, positionId, at },
    );
    const person = (id: string | null, name: string | null) =>
      id ? { id, name: name ?? 'Allot' } : null;
    const changes: EffortTimelineAnswer['changes'] = [
      ...versions.map((v) => ({
        at: new Date(v.at).toISOString(),
        by: v.actor_id ? { id: v.actor_id, name: names.get(v.actor_id) ?? 'Allot' } : null,
        what: describePositionChange(v.change, v.fields),
      })),
      ...importEvents.rows.flatMap((i) => {
        const count = Number(i.lines);
        const words = `${count.toLocaleString('en-US')} payroll ${count === 1 ? 'line' : 'lines'} from ${i.file_name}`;
        const brought = {
          at: new Date(i.finished_at).toISOString(),
          by: person(i.started_by, i.starter),
          what: `Imported ${words}${i.mode === 'replacePayPeriod' ? ', replacing its pay period' : ''}`,
        };
        const undone =
          i.undone_at && new Date(i.undone_at).toISOString() <= at
            ? [
                {
                  at: new Date(i.undone_at).toISOString(),
                  by: person(i.undone_by, i.undoer),
                  what: `Undid the import of ${words}`,
                },
              ]
            : [];
        return [brought, ...undone];
      }),
    ].sort((a, b) => b.at.localeCompare(a.at));
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    return {
      asOf: asOf ? asOf.toISOString() : null,
      position: {
        id: positionId,
        positionNumber: String(record.positionNumber),
        title: text(record.title),
        instructor: { id: UserId, name: names.get(UserId) ?? 'Someone' },
        startDate: String(record.startDate),
        endDate: text(record.endDate),
        fte: Number(record.fte),
        costCenter: text(record.costCenter),
        isActive: record.isActive !== false,
      },
      categories: legend,
      periods: [...byPeriod.values()],
      changes,
    };
  };
}
