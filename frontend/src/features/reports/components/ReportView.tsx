import { useMemo, useRef, type ReactNode } from 'react';
import { Callout, HTMLSelect, Intent, NonIdealState } from '@blueprintjs/core';
import {
  REPORT_DEFINITIONS,
  defaultGridState,
  type GridState,
  type QueryableReportType,
  type ReportQuery,
} from '@allot/shared-events/browser';
import { ColumnChooser } from '../../../components/list/ColumnChooser.js';
import { Pager } from '../../../components/list/DataTable.js';
import { FilterBar } from '../../../components/list/ListPage.js';
import { LoadError, Loading } from '../../../components/list/QueryBody.js';
import type { ColumnVisibility } from '../../../components/list/useColumnVisibility.js';
import { useRunReportQuery } from '../api/reportsApi.js';
import {
  REPORT_PAGE_SIZES,
  displayRows,
  moved,
  nextSorts,
  reportQueryOf,
  type ReportRun,
} from '../reportGrid.js';
import { AsOfControl } from './AsOfControl.js';
import { ReportFilters } from './ReportFilters.js';
import { ReportTable, tableColumns } from './ReportTable.js';
import { SortMenu } from './SortMenu.js';
import '../reports.css';

export interface ReportViewProps {
  type: QueryableReportType;
  grid: GridState;
  page: number;
  /** The period to read (null: the server's default, the viewer's working period). */
  AcademicPeriodId: string | null;
  asOf: ReportRun['asOf'];
  /** Changes the grid; absent, the grid is read-only (a snapshot). */
  onGrid?: ((grid: GridState) => void) | undefined;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** The period picker of a period-scoped report; absent, none. */
  period?: {
    value: string | null;
    options: readonly { value: string; label: string }[];
    onChange: (id: string) => void;
  };
  /** The "As of" control; absent, none (a snapshot's instant is its own). */
  onAsOf?: ((at: string | null) => void) | undefined;
  /** Notices above the grid (the as-of banner, a snapshot's origin, a converted grid). */
  banner?: ReactNode;
  /**
   * The toolbar's actions slot, at its right end: data exports (CSV, XLSX; DataExport) are placed
   * here, given the query the grid shows without its page.
   */
  exportActions?: ((query: ReportQuery) => ReactNode) | undefined;
}

/** The messages of a 400 answer to a report query, each written for people by the server. */
function refusalOf(error: unknown): string[] | null {
  const e = error as { status?: unknown; data?: { message?: unknown; fields?: unknown } };
  if (e?.status !== 400) return null;
  const fields = Array.isArray(e.data?.fields)
    ? (e.data.fields as { message?: unknown }[]).flatMap((f) =>
        typeof f.message === 'string' ? [f.message] : [],
      )
    : [];
  if (fields.length > 0) return fields;
  return [typeof e.data?.message === 'string' ? e.data.message : 'The report query is not valid.'];
}

/**
 * A report: its toolbar (columns, sort, grouping, period, as of, and the exports slot), its
 * filters, the grid of the current page with group rows and totals, and the pager, in each state
 * (loading, refused, empty, no matches).
 */
export function ReportView(props: ReportViewProps) {
  const { type, grid, page, onGrid } = props;
  const definition = REPORT_DEFINITIONS[type];
  const query = useMemo(
    () =>
      reportQueryOf(type, {
        grid,
        page,
        AcademicPeriodId: props.AcademicPeriodId,
        asOf: props.asOf,
      }),
    [type, grid, page, props.AcademicPeriodId, props.asOf],
  );
  const run = useRunReportQuery({ type, query });
  // While the next page or order loads, the last answer stays on screen.
  const answer = run.data?.type === type ? run.data : undefined;
  // The grouping the answer on screen was asked with (the grid's may be newer than the answer).
  const answeredGroup = useRef(grid.groupBy);
  if (run.currentData) answeredGroup.current = grid.groupBy;
  const groupBy = answeredGroup.current;
  const rows = useMemo(() => (answer ? displayRows(answer, groupBy) : []), [answer, groupBy]);
  const columns = useMemo(() => tableColumns(definition.columns, grid), [definition, grid]);
  const filtering = Object.keys(query.filters ?? {}).length > 0;
  const exportQuery = useMemo(() => {
    const { page: _page, pageSize: _size, ...rest } = query;
    return rest;
  }, [query]);

  const visibility = useMemo<ColumnVisibility | null>(() => {
    if (!onGrid) return null;
    const shown = grid.columns.map((c) => c.key);
    const label = (key: string) => definition.columns.find((c) => c.key === key)?.label ?? key;
    const defaults = defaultGridState(type).columns.map((c) => c.key);
    return {
      choices: [
        ...shown.map((key) => ({ key, label: label(key), visible: true })),
        ...definition.columns
          .filter((c) => !shown.includes(c.key))
          .map((c) => ({ key: c.key, label: c.label, visible: false })),
      ],
      isVisible: (key) => shown.includes(key),
      setVisible: (key, visible) =>
        onGrid({
          ...grid,
          columns: visible ? [...grid.columns, { key }] : grid.columns.filter((c) => c.key !== key),
        }),
      reset: () => onGrid({ ...grid, columns: defaultGridState(type).columns }),
      changed: shown.join(',') !== defaults.join(','),
      ready: true,
      move: (key, by) => {
        const at = shown.indexOf(key);
        if (at < 0) return;
        onGrid({ ...grid, columns: moved(grid.columns, at, at + by) });
      },
    };
  }, [onGrid, grid, definition, type]);

  const refusal = run.error ? refusalOf(run.error) : null;
  let body: ReactNode;
  if (refusal) {
    body = (
      <Callout intent={Intent.DANGER} title="The report could not be run" icon="error">
        <ul className="allot-report-refusal">
          {refusal.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </Callout>
    );
  } else if (run.error) {
    body = <LoadError what="The report" error={run.error} onRetry={run.refetch} />;
  } else if (!answer) {
    body = <Loading label="Loading the report" />;
  } else if (answer.count === 0) {
    body = filtering ? (
      <NonIdealState
        icon="filter-remove"
        title="No matches"
        description="No row of this report matches the filters."
      />
    ) : (
      <NonIdealState
        icon="th-list"
        title="Nothing to report"
        description={
          definition.periodScoped
            ? 'The plan holds nothing for this report in the period chosen.'
            : 'The plan holds nothing for this report yet.'
        }
      />
    );
  } else {
    body = (
      <ReportTable
        label={definition.title}
        columns={columns}
        rows={rows}
        loading={run.isFetching}
        sorts={grid.sorts}
        onSort={
          onGrid &&
          ((column, additive) =>
            onGrid({ ...grid, sorts: nextSorts(grid.sorts, column, additive) }))
        }
        onResize={
          onGrid &&
          ((key, width) =>
            onGrid({
              ...grid,
              columns: grid.columns.map((c) => (c.key === key ? { key, width } : c)),
            }))
        }
        onReorder={
          onGrid &&
          ((from, to, length) =>
            onGrid({ ...grid, columns: moved(grid.columns, from, to, length) }))
        }
      />
    );
  }

  const groupable = definition.columns.filter((c) => c.groupable);
  return (
    <div className="allot-report">
      <div className="allot-report-toolbar" role="toolbar" aria-label="Report">
        {visibility && <ColumnChooser visibility={visibility} tableName={definition.title} />}
        {onGrid && (
          <SortMenu
            columns={definition.columns}
            sorts={grid.sorts}
            onChange={(sorts) => onGrid({ ...grid, sorts })}
          />
        )}
        {onGrid && groupable.length > 0 && (
          <HTMLSelect
            aria-label="Group by"
            value={grid.groupBy ?? ''}
            onChange={(e) => onGrid({ ...grid, groupBy: e.currentTarget.value || null })}
          >
            <option value="">No grouping</option>
            {groupable.map((c) => (
              <option key={c.key} value={c.key}>
                Group by {c.label.toLowerCase()}
              </option>
            ))}
          </HTMLSelect>
        )}
        {definition.periodScoped && props.period && (
          <HTMLSelect
            aria-label="Academic period"
            value={props.period.value ?? ''}
            onChange={(e) => props.period?.onChange(e.currentTarget.value)}
          >
            {props.period.value === null && <option value="">Working period</option>}
            {props.period.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </HTMLSelect>
        )}
        {props.onAsOf && (
          <AsOfControl
            asOf={props.asOf && 'at' in props.asOf ? props.asOf.at : null}
            onChange={props.onAsOf}
          />
        )}
        <div className="allot-report-toolbar__actions" data-slot="report-actions">
          {props.exportActions?.(exportQuery)}
        </div>
      </div>
      {onGrid && (
        <FilterBar>
          <ReportFilters
            columns={definition.columns}
            filters={grid.filters}
            onChange={(filters) => onGrid({ ...grid, filters })}
          />
        </FilterBar>
      )}
      {props.banner}
      <div className="allot-list-block allot-report-body">
        {body}
        {answer && answer.count > 0 && !run.error && (
          <Pager
            count={answer.count}
            state={{ page, pageSize: grid.pageSize }}
            fetching={run.isFetching}
            sizes={REPORT_PAGE_SIZES}
            onChange={(change) => {
              if (change.pageSize !== undefined && change.pageSize !== grid.pageSize)
                props.onPageSize(change.pageSize);
              else if (change.page !== undefined) props.onPage(change.page);
            }}
          />
        )}
      </div>
    </div>
  );
}
