import {
  QUERYABLE_REPORT_TYPES,
  REPORT_DEFINITIONS,
  dataServiceStream,
  gridStateQuery,
  readGridState,
  type DataServiceCreated,
  type EventStore,
  type QueryableReportType,
  type ReportQuery,
} from '@allot/shared-events';
import { loadAggregate } from '../commandHandling/handleCommand.js';
import { loadSavedReport } from '../reports/reportCommands.js';
import { dataServiceDecider } from './decider.js';

/** The report a data service exports, as its saved report reads now. */
export interface ExportedReport {
  name: string;
  reportType: QueryableReportType;
  /** The query without a period: `queryFor` adds the one the run reads. */
  query: (AcademicPeriodId: string | null) => ReportQuery;
  /** The period the saved report names; null: the runner's working period. */
  AcademicPeriodId: string | null;
  periodScoped: boolean;
}

const isQueryable = (type: string): type is QueryableReportType =>
  (QUERYABLE_REPORT_TYPES as readonly string[]).includes(type);

/** The saved report as a data service exports it; null when deleted or not exportable. */
export async function exportedReport(
  store: EventStore,
  savedReportId: string,
): Promise<ExportedReport | null> {
  const saved = await loadSavedReport(store, savedReportId);
  if (!saved || !isQueryable(saved.reportType)) return null;
  const reportType = saved.reportType;
  const grid = readGridState(reportType, saved.gridState).gridState;
  return {
    name: saved.name,
    reportType,
    query: (period) => gridStateQuery(reportType, grid, period),
    AcademicPeriodId: saved.AcademicPeriodId ?? null,
    periodScoped: REPORT_DEFINITIONS[reportType].periodScoped,
  };
}

/** A live data service's definition and the report it exports (null: that report is gone). */
export interface RunPlan {
  definition: DataServiceCreated;
  report: ExportedReport | null;
}

/** A live data service's definition; null when it does not exist (any more). */
export async function loadDefinition(
  store: EventStore,
  id: string,
): Promise<DataServiceCreated | null> {
  const { state } = await loadAggregate(store, dataServiceDecider, dataServiceStream(id));
  return state.status === 'live' ? state.definition : null;
}

/** What a run of the data service would write now; null when it does not exist (any more). */
export async function loadRunPlan(store: EventStore, id: string): Promise<RunPlan | null> {
  const definition = await loadDefinition(store, id);
  if (!definition) return null;
  return { definition, report: await exportedReport(store, definition.savedReportId) };
}
