import { HotkeysProvider, Icon } from '@blueprintjs/core';
import {
  Cell,
  Column,
  ColumnHeaderCell,
  Table2,
  TableLoadingOption,
  type CellRenderer,
} from '@blueprintjs/table';
import {
  REPORT_COLUMN_WIDTH,
  reportColumnWidth,
  type GridState,
  type ReportColumn,
  type ReportSort,
} from '@allot/shared-events/browser';
import { ROW_HEIGHT } from '../../../components/list/DataTable.js';
import { formatCell, formatNumber, type DisplayRow } from '../reportGrid.js';
import '@blueprintjs/table/lib/css/table.css';
import '../../../components/resources/resources.css';
import '../reports.css';

const HEADER_HEIGHT = 32;
const BORDERS = 3;

const rowsText = (count: number) => `${formatNumber(count)} ${count === 1 ? 'row' : 'rows'}`;

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth'];

export interface ReportTableProps {
  /** The report's title, naming the table for assistive technology. */
  label: string;
  /** The shown columns in order, each with its definition and saved width. */
  columns: readonly { column: ReportColumn; width?: number | undefined }[];
  rows: readonly DisplayRow[];
  loading: boolean;
  sorts: readonly ReportSort[];
  /** A header click (Shift: add to the sort); absent: a read-only grid. */
  onSort?: ((column: string, additive: boolean) => void) | undefined;
  onResize?: ((column: string, width: number) => void) | undefined;
  onReorder?: ((from: number, to: number, length: number) => void) | undefined;
}

/**
 * The report grid (Blueprint Table2): the first column frozen, columns resized (never below
 * 160 px, decision 32) and reordered by dragging their handle, sorted by their header (Shift adds a
 * column to the sort), group header rows with their count and subtotals, and the totals last.
 */
export function ReportTable({
  label,
  columns,
  rows,
  loading,
  sorts,
  onSort,
  onResize,
  onReorder,
}: ReportTableProps) {
  const header = (column: ReportColumn) => () => {
    const at = sorts.findIndex((s) => s.column === column.key);
    const sort = sorts[at];
    if (!onSort) {
      return <ColumnHeaderCell name={column.label} />;
    }
    const state = sort
      ? `, sorted ${sort.direction === 'asc' ? 'ascending' : 'descending'}${
          sorts.length > 1 ? ` (${ORDINALS[at] ?? `number ${String(at + 1)}`})` : ''
        }`
      : '';
    return (
      <ColumnHeaderCell
        name={column.label}
        nameRenderer={(name) => (
          <>
            <button
              type="button"
              className={`allot-sort-button${column.type === 'number' ? ' allot-report-number-head' : ''}`}
              aria-label={`Sort by ${name}${state}`}
              title="Sort by this column; Shift-click adds it to the sort"
              onClick={(e) => onSort(column.key, e.shiftKey)}
            >
              {name}{' '}
              <Icon
                icon={
                  sort?.direction === 'asc'
                    ? 'sort-asc'
                    : sort?.direction === 'desc'
                      ? 'sort-desc'
                      : 'double-caret-vertical'
                }
                size={12}
                className={sort ? undefined : 'bp6-text-muted'}
              />
            </button>
            {/* The rank is in the button's name ("first"); drawn beside it, not inside it. */}
            {sort && sorts.length > 1 && (
              <span className="allot-report-sort-rank" aria-hidden="true">
                {at + 1}
              </span>
            )}
          </>
        )}
      />
    );
  };

  const cell =
    (column: ReportColumn, index: number): CellRenderer =>
    (rowIndex) => {
      const row = rows[rowIndex];
      const numeric = column.type === 'number';
      const align = numeric ? ' allot-report-number' : '';
      if (!row) return <Cell />;
      if (row.kind === 'row')
        return <Cell className={align.trim()}>{formatCell(column, row.cells[column.key])}</Cell>;
      const kind = row.kind === 'group' ? 'allot-report-group' : 'allot-report-total';
      if (index === 0) {
        const name =
          row.kind === 'group'
            ? `${row.label}${row.continued ? ' (continued)' : ''} · ${rowsText(row.count)}`
            : `Total · ${rowsText(row.count)}`;
        return <Cell className={kind}>{name}</Cell>;
      }
      const sum = column.summable ? row.sums[column.key] : undefined;
      return (
        <Cell className={`${kind}${align}`}>{sum === undefined ? '' : formatNumber(sum)}</Cell>
      );
    };

  const widths = columns.map((c) => reportColumnWidth(c.width));
  const numRows = loading && rows.length === 0 ? 5 : rows.length;
  return (
    <div
      className="allot-resource-table allot-report-table"
      role="region"
      aria-label={`Rows of ${label}`}
      style={{
        height: HEADER_HEIGHT + numRows * ROW_HEIGHT + BORDERS,
        width: widths.reduce((sum, w) => sum + w, 0) + BORDERS,
      }}
    >
      <HotkeysProvider>
        <Table2
          numRows={numRows}
          defaultRowHeight={ROW_HEIGHT}
          columnWidths={widths}
          minColumnWidth={REPORT_COLUMN_WIDTH.minimum}
          enableRowHeader={false}
          enableFocusedCell={false}
          selectionModes={[]}
          enableColumnResizing={onResize !== undefined}
          enableColumnReordering={onReorder !== undefined}
          onColumnWidthChanged={(index, size) => {
            const key = columns[index]?.column.key;
            if (key && onResize) onResize(key, Math.max(REPORT_COLUMN_WIDTH.minimum, size));
          }}
          onColumnsReordered={(from, to, length) => {
            if (from !== to) onReorder?.(from, to, length);
          }}
          numFrozenColumns={1}
          cellRendererDependencies={[rows, sorts, columns]}
          loadingOptions={loading ? [TableLoadingOption.CELLS] : []}
        >
          {columns.map(({ column }, index) => (
            <Column
              key={column.key}
              id={column.key}
              name={column.label}
              cellRenderer={cell(column, index)}
              columnHeaderCellRenderer={header(column)}
            />
          ))}
        </Table2>
      </HotkeysProvider>
    </div>
  );
}

export type ReportTableColumns = ReportTableProps['columns'];

/** The grid's shown columns with their definitions (a column the type lacks is left out). */
export function tableColumns(
  definitionColumns: readonly ReportColumn[],
  grid: Pick<GridState, 'columns'>,
): ReportTableColumns {
  return grid.columns.flatMap((c) => {
    const column = definitionColumns.find((d) => d.key === c.key);
    return column ? [{ column, width: c.width }] : [];
  });
}
