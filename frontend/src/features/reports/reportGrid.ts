import {
  REPORT_DEFINITIONS,
  QUERYABLE_REPORT_TYPES,
  gridStateQuery,
  reportFiltersToSend,
  type AppAbility,
  type GridState,
  type QueryableReportType,
  type ReportAnswer,
  type ReportCell,
  type ReportColumn,
  type ReportFilterValue,
  type ReportQuery,
  type ReportSort,
  type SavedReportAnswer,
} from '@allot/shared-events/browser';
import { DATE_LOCALE } from '../../lib/constants.js';

/**
 * The report grid's state as the address (or an embedded editor) keeps it, the query it sends,
 * the rows it draws and how its cells read. Pure: the pages and components only wire it up.
 */

/** Page sizes the report pager offers (the server takes up to 500 a page). */
export const REPORT_PAGE_SIZES = [25, 50, 100, 250, 500] as const;

/** Address parameters of the grid: everything but the filters, which are `f.<column>`. */
export const GRID_PARAMS = {
  columns: 'columns',
  sort: 'sort',
  group: 'group',
  size: 'size',
} as const;
export const VIEW_PARAMS = {
  page: 'page',
  period: 'period',
  asOf: 'asOf',
  report: 'report',
  snapshot: 'snapshot',
} as const;
const FILTER_PREFIX = 'f.';

/** The report type an address names (case ignored), or null. */
export function reportTypeOf(segment: string | undefined): QueryableReportType | null {
  if (!segment) return null;
  const wanted = segment.toLowerCase();
  return QUERYABLE_REPORT_TYPES.find((type) => type.toLowerCase() === wanted) ?? null;
}

export function columnsOf(type: QueryableReportType): readonly ReportColumn[] {
  return REPORT_DEFINITIONS[type].columns;
}

function columnOf(type: QueryableReportType, key: string): ReportColumn | undefined {
  return columnsOf(type).find((column) => column.key === key);
}

const isRange = (
  value: ReportFilterValue | undefined,
): value is { min?: string | number | null; max?: string | number | null } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A filter as it reads in the address: `calc`, `uncovered,partial`, `yes`, `2..4`. */
export function encodeFilter(column: ReportColumn, value: ReportFilterValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(String).join(',');
  if (isRange(value)) {
    const end = (v: string | number | null | undefined) =>
      v === undefined || v === null ? '' : String(v);
    const text = `${end(value.min)}..${end(value.max)}`;
    return text === '..' ? '' : text;
  }
  if (column.type === 'boolean' || typeof value === 'boolean')
    return value === true || value === 'true' ? 'yes' : 'no';
  return String(value);
}

/** The filter an address value stands for, read by its column's type; undefined: none. */
export function decodeFilter(column: ReportColumn, raw: string): ReportFilterValue | undefined {
  if (raw === '') return undefined;
  switch (column.type) {
    case 'choice':
      return raw.split(',').filter((v) => v !== '');
    case 'boolean':
      return raw === 'yes' ? true : raw === 'no' ? false : undefined;
    case 'number':
    case 'date':
    case 'datetime': {
      const dots = raw.indexOf('..');
      if (dots < 0) return column.type === 'number' ? toNumber(raw) : raw;
      const end = (text: string) =>
        text === '' ? undefined : column.type === 'number' ? toNumber(text) : text;
      const min = end(raw.slice(0, dots));
      const max = end(raw.slice(dots + 2));
      if (min === undefined && max === undefined) return undefined;
      return { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
    }
    default:
      return raw;
  }
}

function toNumber(text: string): number | undefined {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
}

/** The grid as address parameters: every part, so the address alone redraws it. */
export function gridToParams(type: QueryableReportType, grid: GridState): [string, string][] {
  const out: [string, string][] = [
    [
      GRID_PARAMS.columns,
      grid.columns
        .map((c) => (c.width === undefined ? c.key : `${c.key}:${String(c.width)}`))
        .join(','),
    ],
    [
      GRID_PARAMS.sort,
      grid.sorts.map((s) => (s.direction === 'desc' ? `-${s.column}` : s.column)).join(','),
    ],
    [GRID_PARAMS.group, grid.groupBy ?? ''],
    [GRID_PARAMS.size, String(grid.pageSize)],
  ];
  for (const [key, value] of Object.entries(reportFiltersToSend(grid.filters))) {
    const column = columnOf(type, key);
    if (!column) continue;
    const text = encodeFilter(column, value);
    if (text !== '') out.push([`${FILTER_PREFIX}${key}`, text]);
  }
  return out;
}

/** Whether the address holds a grid of its own (the user changed the one the report opened with). */
export function hasGridParams(params: URLSearchParams): boolean {
  return [...params.keys()].some(
    (name) =>
      name.startsWith(FILTER_PREFIX) || (Object.values(GRID_PARAMS) as string[]).includes(name),
  );
}

/**
 * The grid an address describes, read against its report type: columns, sorts, grouping and
 * filters it names that the type lacks are left out (a hand-edited address); `base` when the
 * address holds no grid.
 */
export function gridFromParams(
  type: QueryableReportType,
  params: URLSearchParams,
  base: GridState,
): GridState {
  if (!hasGridParams(params)) return base;
  const known = (key: string) => columnOf(type, key) !== undefined;
  const seen = new Set<string>();
  const columns = (params.get(GRID_PARAMS.columns) ?? '').split(',').flatMap((part) => {
    const [key = '', width] = part.split(':');
    if (!known(key) || seen.has(key)) return [];
    seen.add(key);
    const w = Number(width);
    return [
      width !== undefined && Number.isInteger(w) && w >= 20 && w <= 2000
        ? { key, width: w }
        : { key },
    ];
  });
  // The address Allot writes names the columns and every part that differs; a link written by
  // hand may name only some parts (`?f.coverage=uncovered`): the others are the base grid's.
  const partial = !params.has(GRID_PARAMS.columns);
  const sorts: ReportSort[] = (params.get(GRID_PARAMS.sort) ?? '')
    .split(',')
    .filter((part) => part !== '')
    .map((part) =>
      part.startsWith('-')
        ? { column: part.slice(1), direction: 'desc' as const }
        : { column: part, direction: 'asc' as const },
    )
    .filter((sort) => known(sort.column));
  const group = params.get(GRID_PARAMS.group) ?? '';
  const groupColumn = partial && !params.has(GRID_PARAMS.group) ? undefined : columnOf(type, group);
  const size = Number(params.get(GRID_PARAMS.size));
  const filters: Record<string, ReportFilterValue> = partial ? { ...base.filters } : {};
  for (const [name, raw] of params.entries()) {
    if (!name.startsWith(FILTER_PREFIX)) continue;
    const column = columnOf(type, name.slice(FILTER_PREFIX.length));
    if (!column) continue;
    const value = decodeFilter(column, raw);
    if (value !== undefined) filters[column.key] = value;
  }
  return {
    columns: columns.length > 0 ? columns : base.columns,
    filters,
    sorts: partial && !params.has(GRID_PARAMS.sort) ? base.sorts : sorts,
    groupBy:
      partial && !params.has(GRID_PARAMS.group)
        ? base.groupBy
        : groupColumn?.groupable
          ? groupColumn.key
          : null,
    pageSize: (REPORT_PAGE_SIZES as readonly number[]).includes(size) ? size : base.pageSize,
  };
}

/** Whether two grids show the same report (compared as the address would write them). */
export function sameGrid(type: QueryableReportType, a: GridState, b: GridState): boolean {
  const text = (grid: GridState) =>
    new URLSearchParams(gridToParams(type, grid).sort(([x], [y]) => x.localeCompare(y))).toString();
  return text(a) === text(b);
}

export interface ReportRun {
  grid: GridState;
  page: number;
  /** The period the viewer picked; null: the saved report's, else the working period. */
  AcademicPeriodId: string | null;
  /** The plan as of an instant (ISO), or as of a snapshot's log position. */
  asOf: { at: string } | { position: string } | null;
}

/** The body of POST /api/reports/:type/query for a run: the grid's query, as of, one page. */
export function reportQueryOf(type: QueryableReportType, run: ReportRun): ReportQuery {
  return {
    ...gridStateQuery(type, run.grid, run.AcademicPeriodId),
    ...(run.asOf ? { asOf: run.asOf } : {}),
    page: run.page,
    pageSize: run.grid.pageSize,
  };
}

/** One row the grid draws: a group's header, a report row, or the totals. */
export type DisplayRow =
  | {
      kind: 'group';
      key: string;
      label: string;
      count: number;
      sums: Readonly<Record<string, number>>;
      /** The group began on an earlier page. */
      continued: boolean;
    }
  | { kind: 'row'; key: string; cells: Readonly<Record<string, ReportCell>> }
  | { kind: 'total'; key: string; count: number; sums: Readonly<Record<string, number>> };

const valueKey = (value: ReportCell | undefined) => JSON.stringify(value ?? null);

/**
 * The rows of one page as drawn: a header before each group's first row on the page (the
 * server orders by the group column first), with the group's count and subtotals over all pages,
 * and the totals of every matching row last.
 */
export function displayRows(answer: ReportAnswer, groupBy: string | null): DisplayRow[] {
  const out: DisplayRow[] = [];
  const groups = new Map<
    string,
    { group: NonNullable<ReportAnswer['groups']>[number]; start: number }
  >();
  let offset = 0;
  for (const group of answer.groups ?? []) {
    groups.set(valueKey(group.value), { group, start: offset });
    offset += group.count;
  }
  const before = answer.page * answer.pageSize;
  let previous: string | null = null;
  answer.rows.forEach((row, index) => {
    if (groupBy && answer.groups) {
      const key = valueKey(row[groupBy]);
      if (key !== previous) {
        const found = groups.get(key);
        out.push({
          kind: 'group',
          key: `group:${key}`,
          label: found?.group.label ?? cellLabelFallback(row[groupBy]),
          count: found?.group.count ?? 0,
          sums: found?.group.sums ?? {},
          continued: found !== undefined && found.start < before,
        });
        previous = key;
      }
    }
    out.push({ kind: 'row', key: `row:${String(row.id ?? index)}:${String(index)}`, cells: row });
  });
  if (answer.count > 0)
    out.push({ kind: 'total', key: 'total', count: answer.count, sums: answer.totals });
  return out;
}

function cellLabelFallback(value: ReportCell | undefined): string {
  return value === null || value === undefined || value === '' ? 'None' : String(value);
}

const NUMBER = new Intl.NumberFormat(DATE_LOCALE, { maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** "Sep 1, 2026" for a date (read as the calendar day it names, in no time zone). */
export function formatDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.slice(0, 10));
  if (!match) return value;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.toLocaleDateString(DATE_LOCALE, { dateStyle: 'medium' });
}

/** "Sep 1, 2026, 2:30 PM" for an instant, in the viewer's time zone. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });
}

/** How a cell reads: numbers grouped, dates readable, Yes/No, a choice by its label. */
export function formatCell(
  column: Pick<ReportColumn, 'type' | 'choices'>,
  value: ReportCell | undefined,
): string {
  if (value === null || value === undefined || value === '') return '';
  switch (column.type) {
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : String(value);
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return formatDateTime(String(value));
    case 'boolean':
      return value === true || value === 'true' ? 'Yes' : 'No';
    case 'choice':
      return column.choices?.find((c) => c.value === value)?.label ?? String(value);
    default:
      return String(value);
  }
}

/**
 * A header click: the column alone, ascending, or its direction turned when it already leads.
 * With Shift (`additive`): added to the sorts, or its direction turned, then taken out.
 */
export function nextSorts(
  sorts: readonly ReportSort[],
  column: string,
  additive: boolean,
): ReportSort[] {
  const at = sorts.findIndex((s) => s.column === column);
  if (!additive) {
    const leading = sorts.length === 1 && at === 0 ? sorts[0] : undefined;
    return [{ column, direction: leading?.direction === 'asc' ? 'desc' : 'asc' }];
  }
  if (at < 0) return [...sorts, { column, direction: 'asc' }];
  const current = sorts[at] as ReportSort;
  if (current.direction === 'asc')
    return sorts.map((s, i) => (i === at ? { column, direction: 'desc' } : s));
  return sorts.filter((_, i) => i !== at);
}

/** `items` with the one at `from` moved to `to`. */
export function moved<T>(items: readonly T[], from: number, to: number, length = 1): T[] {
  const out = [...items];
  const taken = out.splice(from, length);
  out.splice(to, 0, ...taken);
  return out;
}

/** What the viewer may do with a saved report: the server's rules (command-service/src/reports). */
export interface SavedReportRights {
  change: boolean;
  delete: boolean;
}

export function savedReportRights(
  ability: AppAbility | null,
  viewerId: string | null | undefined,
  report: Pick<SavedReportAnswer, 'type' | 'UserId'>,
): SavedReportRights {
  if (!ability) return { change: false, delete: false };
  const own = report.type === 'custom' && !!viewerId && report.UserId === viewerId;
  const mine = own && ability.can('create', 'Report');
  return {
    change: mine || ability.can('update', 'Report'),
    delete: mine || ability.can('delete', 'Report'),
  };
}

/** The title of a report type as people read it ("Course offerings"). */
export function reportTitle(type: string): string {
  return type in REPORT_DEFINITIONS
    ? REPORT_DEFINITIONS[type as keyof typeof REPORT_DEFINITIONS].title
    : 'Report';
}
