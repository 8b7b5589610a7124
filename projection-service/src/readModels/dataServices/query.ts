import type { Knex } from 'knex';
import {
  DataServiceSchedule,
  QUERYABLE_REPORT_TYPES,
  ReportExportFormat,
  nextCronRun,
  readGridState,
  scheduleCron,
  users,
  type DataServiceAnswer,
  type DataServiceRunAnswer,
  type GridState,
  type QueryableReportType,
} from '@allot/shared-events';
import type { TableResolver } from '../../runner/tableNames.js';
import { recordsTable, resourceProjectionName } from '../resources/projection.js';
import { SAVED_REPORTS_TABLE, savedReportsProjection } from '../savedReports/projection.js';
import { DATA_SERVICES_TABLE, dataServicesProjection, type DataServiceRow } from './projection.js';

type Row = DataServiceRow & {
  person_name: string | null;
  report_name: string | null;
  report_type: string | null;
  grid_state: unknown;
  report_period_id: string | null;
};

/** The saved report a data service exports, as it is now (null: deleted or of no queryable type). */
export interface DataServiceReport {
  id: string;
  name: string;
  reportType: QueryableReportType;
  gridState: GridState;
  AcademicPeriodId: string | null;
}

/** A data service with what a run needs of it. */
export interface DataServiceDefinition {
  answer: Omit<DataServiceAnswer, 'lastRun'>;
  report: DataServiceReport | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isQueryable = (type: string | null): type is QueryableReportType =>
  type !== null && (QUERYABLE_REPORT_TYPES as readonly string[]).includes(type);

function scheduleOf(stored: unknown): DataServiceSchedule | null {
  const parsed = DataServiceSchedule.nullable().safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** When it runs next, or null without a schedule. */
export function nextRunOf(
  schedule: DataServiceSchedule | null,
  timeZone: string,
  now: Date,
): string | null {
  return schedule ? nextCronRun(scheduleCron(schedule), timeZone, now).toISOString() : null;
}

function definitionOf(row: Row, now: Date): DataServiceDefinition {
  const schedule = scheduleOf(row.schedule);
  const report: DataServiceReport | null =
    row.report_name !== null && isQueryable(row.report_type)
      ? {
          id: row.saved_report_id,
          name: row.report_name,
          reportType: row.report_type,
          gridState: readGridState(row.report_type, row.grid_state).gridState,
          AcademicPeriodId: row.report_period_id,
        }
      : null;
  return {
    report,
    answer: {
      id: row.id,
      name: row.name,
      description: row.description,
      savedReport: report && { id: report.id, name: report.name, reportType: report.reportType },
      savedReportId: row.saved_report_id,
      format: ReportExportFormat.parse(row.format),
      timeZone: row.time_zone,
      schedule,
      nextRunAt: nextRunOf(schedule, row.time_zone, now),
      owner: { id: row.owner_id ?? '', name: row.person_name },
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      revision: String(row.revision),
    },
  };
}

/** Reads data services with the saved report each exports and the name of who saved it. */
export function dataServicesReader(knex: Knex, tables: TableResolver) {
  async function definitions(
    filter: { id?: string; scheduledOnly?: boolean },
    now = new Date(),
  ): Promise<DataServiceDefinition[]> {
    const rows: Row[] = await knex({
      d: await tables.table(dataServicesProjection.name, DATA_SERVICES_TABLE),
    })
      .leftJoin({ r: await tables.table(savedReportsProjection.name, SAVED_REPORTS_TABLE) }, (on) =>
        on.on('r.id', 'd.saved_report_id').andOnVal('r.deleted', false),
      )
      .leftJoin(
        { u: await tables.table(resourceProjectionName(users), recordsTable(users)) },
        'u.id',
        'd.owner_id',
      )
      .select(
        'd.*',
        'r.name as report_name',
        'r.report_type',
        'r.grid_state',
        'r.academic_period_id as report_period_id',
        knex.raw("u.data->>'displayName' as person_name"),
      )
      .where('d.deleted', false)
      .modify((q) => {
        if (filter.id !== undefined) q.where('d.id', filter.id);
        if (filter.scheduledOnly) q.whereRaw("d.schedule IS NOT NULL AND d.schedule <> 'null'");
      })
      .orderByRaw('lower(d.name), d.id');
    return rows.map((row) => definitionOf(row, now));
  }

  return {
    definitions,
    async find(id: string): Promise<DataServiceDefinition | null> {
      return (await definitions({ id }))[0] ?? null;
    },
  };
}

export type DataServicesReader = ReturnType<typeof dataServicesReader>;

/** The answer with its last run. */
export function withLastRun(
  definition: DataServiceDefinition,
  lastRuns: ReadonlyMap<string, DataServiceRunAnswer>,
): DataServiceAnswer {
  return { ...definition.answer, lastRun: lastRuns.get(definition.answer.id) ?? null };
}
