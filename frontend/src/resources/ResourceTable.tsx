import { Button, HotkeysProvider, Icon, Tag } from '@blueprintjs/core';
import {
  Cell,
  Column,
  ColumnHeaderCell,
  Table2,
  TableLoadingOption,
  type CellRenderer,
} from '@blueprintjs/table';
import { useReferenceOptionsQuery, type ResourceRow } from './resourceApi.js';
import { cellText, recordLabel } from './cellText.js';
import type { ListState } from './listParams.js';
import { MISSING_MEMBER_LABEL } from './members.js';
import type { ResolvedField } from './resourceUi.js';

export const ROW_HEIGHT = 36;
const HEADER_HEIGHT = 32;
const DEFAULT_COLUMN_WIDTH = 180;
/** Room for the borders. */
const SCROLLBAR_ROOM = 2;

export interface RowActions {
  onEdit?: ((row: ResourceRow) => void) | undefined;
  onHistory?: ((row: ResourceRow) => void) | undefined;
  onDeactivate?: ((row: ResourceRow) => void) | undefined;
  onDelete?: ((row: ResourceRow) => void) | undefined;
  /** Shows the record's detail section under the table. */
  onSelect?: ((row: ResourceRow) => void) | undefined;
}

export interface ResourceTableProps extends RowActions {
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

/** The list of one kind in a Blueprint Table: sortable headers, a row of actions per record. */
export function ResourceTable(props: ResourceTableProps) {
  const { columns, rows, sort } = props;
  const actionCount = [
    props.onSelect,
    props.onEdit,
    props.onHistory,
    props.onDeactivate,
    props.onDelete,
  ].filter(Boolean).length;

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
    const label = recordLabel(row);
    const inactive = row.isActive === false;
    return (
      <Cell interactive className="allot-actions-cell">
        {props.onSelect && (
          <Button
            size="small"
            variant="minimal"
            icon="list-detail-view"
            aria-label={`Details of ${label}`}
            onClick={() => props.onSelect?.(row)}
          />
        )}
        {props.onEdit && (
          <Button
            size="small"
            variant="minimal"
            icon="edit"
            aria-label={`Edit ${label}`}
            onClick={() => props.onEdit?.(row)}
          />
        )}
        {props.onHistory && (
          <Button
            size="small"
            variant="minimal"
            icon="history"
            aria-label={`History of ${label}`}
            onClick={() => props.onHistory?.(row)}
          />
        )}
        {props.onDeactivate && (
          <Button
            size="small"
            variant="minimal"
            icon="disable"
            disabled={inactive}
            aria-label={inactive ? `${label} is inactive` : `Deactivate ${label}`}
            onClick={() => props.onDeactivate?.(row)}
          />
        )}
        {props.onDelete && (
          <Button
            size="small"
            variant="minimal"
            intent="danger"
            icon="trash"
            aria-label={`Delete ${label}`}
            onClick={() => props.onDelete?.(row)}
          />
        )}
      </Cell>
    );
  };

  // The actions come first and stay put, so they are in reach however wide the record is.
  const widths = [
    ...(actionCount > 0 ? [Math.max(60, actionCount * 30 + 16)] : []),
    ...columns.map((c) => (c.column ? c.column.width : undefined) ?? DEFAULT_COLUMN_WIDTH),
  ];
  const numRows = props.loading && rows.length === 0 ? 5 : rows.length;
  return (
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
          numFrozenColumns={actionCount > 0 ? 1 : 0}
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
            ...(actionCount > 0
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
  );
}
