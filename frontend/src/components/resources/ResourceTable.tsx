import { useMemo } from 'react';
import { HotkeysProvider, Icon, Intent, Tag } from '@blueprintjs/core';
import {
  Cell,
  Column,
  ColumnHeaderCell,
  Table2,
  TableLoadingOption,
  type CellRenderer,
} from '@blueprintjs/table';
import { ColumnChooser } from '../list/ColumnChooser.js';
import { RowActions, rowActionsWidth, type RowActionItem } from '../list/RowActions.js';
import { useColumnVisibility } from '../list/useColumnVisibility.js';
import { useReferenceOptionsQuery, type ResourceRow } from '../../lib/api/resourceApi.js';
import { cellText, rowLabel } from '../../lib/resources/cellText.js';
import type { ListState } from '../../lib/resources/listParams.js';
import { MISSING_MEMBER_LABEL } from '../../lib/resources/members.js';
import type { ResolvedField } from '../../lib/resources/resourceUi.js';

export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 32;
const DEFAULT_COLUMN_WIDTH = 180;
/** Room for the borders, and the pixel Blueprint's grid draws past its last column. */
const SCROLLBAR_ROOM = 3;

export interface RowActions {
  onEdit?: ((row: ResourceRow) => void) | undefined;
  onHistory?: ((row: ResourceRow) => void) | undefined;
  onDeactivate?: ((row: ResourceRow) => void) | undefined;
  onDelete?: ((row: ResourceRow) => void) | undefined;
  /** Shows the record's detail section under the table. */
  onSelect?: ((row: ResourceRow) => void) | undefined;
}

export interface ResourceTableProps extends RowActions {
  /** Names the table where the user's column choice is kept (the kind's path). */
  columnsKey: string;
  /** What the table lists ("Users"), for the Columns control. */
  tableName: string;
  columns: readonly ResolvedField[];
  rows: readonly ResourceRow[];
  loading: boolean;
  sort: ListState['sort'];
  onSort: (field: string) => void;
}

function ReferenceText({ path, labelField, id }: { path: string; labelField: string; id: string }) {
  const { data } = useReferenceOptionsQuery({ path, labelField, activeOnly: false });
  if (!data) return <>…</>;
  return <>{data.find((o) => o.value === id)?.label ?? MISSING_MEMBER_LABEL}</>;
}

function CellValue({ field, value }: { field: ResolvedField; value: unknown }) {
  if (field.widget === 'checkbox' || typeof value === 'boolean') {
    return value === true ? (
      <Tag minimal intent="success">
        Yes
      </Tag>
    ) : (
      <Tag minimal>No</Tag>
    );
  }
  if (field.widget === 'color' && typeof value === 'string') {
    return (
      <span>
        <span className="allot-swatch" style={{ background: value }} /> {value}
      </span>
    );
  }
  if (field.widget === 'reference' && field.reference && typeof value === 'string' && value) {
    return (
      <ReferenceText path={field.reference} labelField={field.labelField ?? 'name'} id={value} />
    );
  }
  if (field.widget === 'members' && Array.isArray(value)) {
    return <>{value.length === 1 ? '1 member' : `${String(value.length)} members`}</>;
  }
  if (field.widget === 'select' && field.options && typeof value === 'string') {
    return <>{field.options.find((o) => o.value === value)?.label ?? value}</>;
  }
  return <>{cellText(value)}</>;
}

/**
 * The list of one kind in a Blueprint Table: sortable headers, a Columns control (`column.hidden`
 * fields are offered there, not shown by default) and each record's actions: details and edit at
 * hand, history, deactivate and delete in its More actions menu.
 */
export function ResourceTable(props: ResourceTableProps) {
  const { rows, sort } = props;
  const choosable = useMemo(
    () =>
      props.columns.map((f) => ({
        key: f.name,
        label: f.label,
        hiddenByDefault: f.column ? f.column.hidden === true : false,
      })),
    [props.columns],
  );
  const visibility = useColumnVisibility(props.columnsKey, choosable);
  const columns = useMemo(
    () => props.columns.filter((f) => visibility.isVisible(f.name)),
    [props.columns, visibility],
  );
  const inlineCount = [props.onSelect, props.onEdit].filter(Boolean).length;
  const hasMore = Boolean(props.onHistory ?? props.onDeactivate ?? props.onDelete);

  const headerFor = (field: ResolvedField) => () => {
    const sorted = sort?.field === field.name ? sort.direction : null;
    if (!field.listType) return <ColumnHeaderCell name={field.label} />;
    return (
      <ColumnHeaderCell
        name={field.label}
        nameRenderer={(name) => (
          <button
            type="button"
            className="allot-sort-button"
            aria-label={`Sort by ${name}${sorted ? (sorted === 'ASC' ? ', sorted ascending' : ', sorted descending') : ''}`}
            onClick={() => props.onSort(field.name)}
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

  const cellFor =
    (field: ResolvedField): CellRenderer =>
    (rowIndex) => {
      const row = rows[rowIndex];
      return (
        <Cell interactive={field.widget === 'reference'}>
          {row ? <CellValue field={field} value={row[field.name]} /> : null}
        </Cell>
      );
    };

  const actionsCell: CellRenderer = (rowIndex) => {
    const row = rows[rowIndex];
    if (!row) return <Cell />;
    const label = rowLabel(row);
    const inactive = row.isActive === false;
    const action = (
      key: string,
      icon: RowActionItem['icon'],
      text: string,
      name: string,
      run: ((row: ResourceRow) => void) | undefined,
      extra: Partial<RowActionItem> = {},
    ): RowActionItem[] =>
      run ? [{ key, icon, text, label: name, onClick: () => run(row), ...extra }] : [];
    return (
      <Cell interactive className="allot-actions-cell">
        <RowActions
          rowLabel={label}
          inline={[
            ...action(
              'details',
              'list-detail-view',
              'Details',
              `Details of ${label}`,
              props.onSelect,
            ),
            ...action('edit', 'edit', 'Edit', `Edit ${label}`, props.onEdit),
          ]}
          more={[
            ...action('history', 'history', 'History', `History of ${label}`, props.onHistory),
            // An inactive record cannot be deactivated again: the item stays, greyed out.
            ...action(
              'deactivate',
              'disable',
              'Deactivate',
              `Deactivate ${label}`,
              props.onDeactivate,
              {
                disabled: inactive,
              },
            ),
            ...action('delete', 'trash', 'Delete', `Delete ${label}`, props.onDelete, {
              intent: Intent.DANGER,
            }),
          ]}
        />
      </Cell>
    );
  };

  // The actions come first and stay put, so they are in reach however wide the record is.
  const hasActions = inlineCount > 0 || hasMore;
  const widths = [
    ...(hasActions ? [rowActionsWidth(inlineCount, hasMore)] : []),
    ...columns.map((c) => (c.column ? c.column.width : undefined) ?? DEFAULT_COLUMN_WIDTH),
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
          height: HEADER_HEIGHT + numRows * ROW_HEIGHT + SCROLLBAR_ROOM,
          width: widths.reduce((sum, w) => sum + w, 0) + SCROLLBAR_ROOM,
        }}
      >
        {/* The table binds its copy/select hotkeys; a provider keeps them in a help dialog. */}
        <HotkeysProvider>
          <Table2
            numRows={numRows}
            defaultRowHeight={ROW_HEIGHT}
            columnWidths={widths}
            enableRowHeader={false}
            enableFocusedCell={false}
            selectionModes={[]}
            enableColumnInteractionBar={false}
            numFrozenColumns={hasActions ? 1 : 0}
            // The row actions follow the viewer's abilities, which may change live.
            cellRendererDependencies={[
              rows,
              sort,
              columns,
              props.onSelect,
              props.onEdit,
              props.onHistory,
              props.onDeactivate,
              props.onDelete,
            ]}
            loadingOptions={
              props.loading ? [TableLoadingOption.CELLS, TableLoadingOption.COLUMN_HEADERS] : []
            }
          >
            {[
              ...(hasActions
                ? [
                    <Column
                      key="__actions"
                      id="__actions"
                      name="Actions"
                      cellRenderer={actionsCell}
                    />,
                  ]
                : []),
              ...columns.map((field) => (
                <Column
                  key={field.name}
                  id={field.name}
                  name={field.label}
                  cellRenderer={cellFor(field)}
                  columnHeaderCellRenderer={headerFor(field)}
                />
              )),
            ]}
          </Table2>
        </HotkeysProvider>
      </div>
    </>
  );
}
