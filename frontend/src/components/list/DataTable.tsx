import { useMemo, type ReactNode } from 'react';
import { Button, Checkbox, HotkeysProvider, HTMLSelect, Icon } from '@blueprintjs/core';
import {
  Cell,
  Column,
  ColumnHeaderCell,
  Table2,
  TableLoadingOption,
  type CellRenderer,
} from '@blueprintjs/table';
import { ColumnChooser } from './ColumnChooser.js';
import { useColumnVisibility } from './useColumnVisibility.js';
import { PAGE_SIZES, pageCount, type SortDirection } from '../../lib/resources/listParams.js';
import '@blueprintjs/table/lib/css/table.css';
import '../resources/resources.css';
import './components.css';

export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 32;
/** The borders, and the pixel Blueprint's grid draws past its last column. */
const BORDERS = 3;

export interface TableColumn<Row> {
  key: string;
  label: string;
  width: number;
  /** The server's sort field; absent: not sortable. */
  sortField?: string;
  /** Offered in the Columns control, not shown until the user picks it. */
  hiddenByDefault?: boolean;
  /** DataTable: the cell takes the pointer (a value that loads, a link), no truncation popover. */
  interactive?: boolean;
  /** PlainTable: the cell names its row (a `th scope="row"`, e.g. the workgroup of a total). */
  rowHeader?: boolean;
  /**
   * PlainTable: how many columns the cell spans in a row, this one and those after it, which then
   * draw no cell there (a footer's "Total" over the columns before the sum); absent, one.
   */
  colSpan?: (row: Row) => number;
  render: (row: Row) => ReactNode;
}

export interface TableSort {
  field: string;
  direction: SortDirection;
}

/** A checkbox column before the actions (bulk actions); rows it may not pick show none. */
export interface TableSelection<Row> {
  isSelected: (row: Row) => boolean;
  isSelectable: (row: Row) => boolean;
  onChange: (row: Row, selected: boolean) => void;
  /** The checkbox's accessible name, e.g. "Select Ada Lovelace on MATH 101 001". */
  label: (row: Row) => string;
}

const SELECTION_WIDTH = 40;

export interface DataTableProps<Row extends { id: string }> {
  /** Names the table where the user's column choice is kept ("sections"). */
  columnsKey: string;
  /** What the table lists ("Sections"), for the Columns control. */
  tableName: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  loading: boolean;
  sort: TableSort | null;
  onSort: (field: string) => void;
  /** The frozen first column's buttons for a row (components/RowActions.tsx). */
  actions?: (row: Row) => ReactNode;
  /** Its width: `rowActionsWidth` of the most buttons a row shows. */
  actionsWidth?: number;
  selection?: TableSelection<Row>;
}

/**
 * The one grid of the lists: a server-sorted Blueprint table, its row actions (RowActions) frozen
 * first, a Columns control above it to show and hide columns. The configuration lists declare
 * their columns from the resource definition (resources/ResourceTable.tsx); short lists whose
 * every row should be in the document use PlainTable.
 */
export function DataTable<Row extends { id: string }>(props: DataTableProps<Row>) {
  const { rows, sort, actions, selection } = props;
  const visibility = useColumnVisibility(props.columnsKey, props.columns);
  const columns = useMemo(
    () => props.columns.filter((c) => visibility.isVisible(c.key)),
    [props.columns, visibility],
  );
  const header = (column: TableColumn<Row>) => () => {
    const field = column.sortField;
    if (!field) return <ColumnHeaderCell name={column.label} />;
    const sorted = sort?.field === field ? sort.direction : null;
    return (
      <ColumnHeaderCell
        name={column.label}
        nameRenderer={(name) => (
          <button
            type="button"
            className="allot-sort-button"
            aria-label={`Sort by ${name}${sorted ? (sorted === 'ASC' ? ', sorted ascending' : ', sorted descending') : ''}`}
            onClick={() => props.onSort(field)}
          >
            {name}{' '}
            <Icon
              icon={
                sorted === 'ASC'
                  ? 'sort-asc'
                  : sorted === 'DESC'
                    ? 'sort-desc'
                    : 'double-caret-vertical'
              }
              size={12}
              className={sorted ? undefined : 'bp6-text-muted'}
            />
          </button>
        )}
      />
    );
  };
  const cell =
    (column: TableColumn<Row>): CellRenderer =>
    (rowIndex) => {
      const row = rows[rowIndex];
      return (
        <Cell interactive={column.interactive ?? false}>{row ? column.render(row) : null}</Cell>
      );
    };
  const actionsCell: CellRenderer = (rowIndex) => {
    const row = rows[rowIndex];
    return (
      <Cell interactive className="allot-actions-cell">
        {row && actions ? actions(row) : null}
      </Cell>
    );
  };
  // No "select all" here: Blueprint draws a frozen header in every quadrant, so a box there
  // would be four boxes to tab through; the page puts it beside its bulk actions instead.
  const selectionHeader = () => <ColumnHeaderCell name="" />;
  const selectionCell: CellRenderer = (rowIndex) => {
    const row = rows[rowIndex];
    return (
      <Cell interactive className="allot-select-cell">
        {row && selection?.isSelectable(row) ? (
          <Checkbox
            className="allot-select-box"
            aria-label={selection.label(row)}
            checked={selection.isSelected(row)}
            onChange={(e) => selection.onChange(row, e.currentTarget.checked)}
          />
        ) : null}
      </Cell>
    );
  };
  const frozen = (selection ? 1 : 0) + (actions ? 1 : 0);
  const widths = [
    ...(selection ? [SELECTION_WIDTH] : []),
    ...(actions ? [props.actionsWidth ?? 120] : []),
    ...columns.map((c) => c.width),
  ];
  const numRows = props.loading && rows.length === 0 ? 5 : rows.length;
  return (
    <>
      <div className="allot-table-toolbar">
        <ColumnChooser visibility={visibility} tableName={props.tableName} />
      </div>
      <div
        className="allot-resource-table"
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
            enableRowHeader={false}
            enableFocusedCell={false}
            selectionModes={[]}
            enableColumnInteractionBar={false}
            numFrozenColumns={frozen}
            // The row actions close over the viewer's abilities: a step or role change that arrives
            // live (activeStepsChanged refreshes the auth context) must redraw the buttons.
            cellRendererDependencies={[rows, sort, columns, actions, selection]}
            loadingOptions={
              props.loading ? [TableLoadingOption.CELLS, TableLoadingOption.COLUMN_HEADERS] : []
            }
          >
            {[
              ...(selection
                ? [
                    <Column
                      key="__select"
                      id="__select"
                      name="Select"
                      cellRenderer={selectionCell}
                      columnHeaderCellRenderer={selectionHeader}
                    />,
                  ]
                : []),
              ...(actions
                ? [
                    <Column
                      key="__actions"
                      id="__actions"
                      name="Actions"
                      cellRenderer={actionsCell}
                    />,
                  ]
                : []),
              ...columns.map((column) => (
                <Column
                  key={column.key}
                  id={column.key}
                  name={column.label}
                  cellRenderer={cell(column)}
                  columnHeaderCellRenderer={header(column)}
                />
              )),
            ]}
          </Table2>
        </HotkeysProvider>
      </div>
    </>
  );
}

export interface PagerState {
  page: number;
  pageSize: number;
}

/** Rows shown, previous/next, page size (resources' pager, for the teaching lists). */
export function Pager({
  count,
  state,
  fetching,
  onChange,
  sizes = PAGE_SIZES,
}: {
  count: number;
  state: PagerState;
  fetching: boolean;
  onChange: (change: Partial<PagerState>) => void;
  /** The page sizes offered (a report's pages may be longer than a list's). */
  sizes?: readonly number[];
}) {
  const pages = pageCount(count, state.pageSize);
  const first = count === 0 ? 0 : state.page * state.pageSize + 1;
  const last = Math.min(count, (state.page + 1) * state.pageSize);
  return (
    <nav className="allot-pager" aria-label="Pages">
      <span role="status" aria-live="polite">
        {fetching ? 'Loading…' : `${String(first)}–${String(last)} of ${String(count)}`}
      </span>
      <Button
        variant="minimal"
        icon="chevron-left"
        aria-label="Previous page"
        disabled={state.page === 0}
        onClick={() => onChange({ page: state.page - 1 })}
      />
      <span>
        Page {state.page + 1} of {pages}
      </span>
      <Button
        variant="minimal"
        icon="chevron-right"
        aria-label="Next page"
        disabled={state.page + 1 >= pages}
        onClick={() => onChange({ page: state.page + 1 })}
      />
      <HTMLSelect
        aria-label="Rows per page"
        value={state.pageSize}
        onChange={(e) => onChange({ page: 0, pageSize: Number(e.currentTarget.value) })}
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size} per page
          </option>
        ))}
      </HTMLSelect>
    </nav>
  );
}
