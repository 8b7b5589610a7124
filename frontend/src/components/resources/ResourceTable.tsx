import { useMemo, type ReactNode } from 'react';
import { Intent, Tag } from '@blueprintjs/core';
import { DataTable, type TableColumn } from '../list/DataTable.js';
import { RowActions, rowActionsWidth, type RowActionItem } from '../list/RowActions.js';
import { useReferenceOptionsQuery, type ResourceRow } from '../../lib/api/resourceApi.js';
import { cellText, rowLabel } from '../../lib/resources/cellText.js';
import type { ListState } from '../../lib/resources/listParams.js';
import { MISSING_MEMBER_LABEL } from '../../lib/resources/members.js';
import type { ResolvedField } from '../../lib/resources/resourceUi.js';

const DEFAULT_COLUMN_WIDTH = 180;

/** What a record's row offers; each left out, its action is not offered. */
export interface ResourceRowHandlers {
  onEdit?: ((row: ResourceRow) => void) | undefined;
  onHistory?: ((row: ResourceRow) => void) | undefined;
  onDeactivate?: ((row: ResourceRow) => void) | undefined;
  onDelete?: ((row: ResourceRow) => void) | undefined;
  /** Shows the record's detail section under the table. */
  onSelect?: ((row: ResourceRow) => void) | undefined;
  /** A page of the kind's own for the record (a position's effort timeline), first at hand. */
  rowLink?: ResourceRowLink | undefined;
}

/** An action a page adds to each row: its icon, words and accessible name naming the row. */
export interface ResourceRowLink {
  icon: RowActionItem['icon'];
  text: string;
  label: (row: ResourceRow) => string;
  onClick: (row: ResourceRow) => void;
}

export interface ResourceTableProps extends ResourceRowHandlers {
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

/** A kind's columns: its listed fields, sortable when the server sorts on them. */
function resourceColumns(fields: readonly ResolvedField[]): TableColumn<ResourceRow>[] {
  return fields.map((field) => ({
    key: field.name,
    label: field.label,
    width: (field.column ? field.column.width : undefined) ?? DEFAULT_COLUMN_WIDTH,
    ...(field.listType ? { sortField: field.name } : {}),
    hiddenByDefault: field.column ? field.column.hidden === true : false,
    // A referenced record's name loads in the cell.
    interactive: field.widget === 'reference',
    render: (row) => <CellValue field={field} value={row[field.name]} />,
  }));
}

/**
 * A record's actions: details and edit at hand, history, deactivate and delete in its More
 * actions menu (an inactive record's Deactivate stays, greyed out). None given, no column.
 */
function resourceRowActions(
  handlers: ResourceRowHandlers,
): { actions: (row: ResourceRow) => ReactNode; width: number } | null {
  const { onSelect, onEdit, onHistory, onDeactivate, onDelete, rowLink } = handlers;
  const inlineCount = [rowLink, onSelect, onEdit].filter(Boolean).length;
  const hasMore = Boolean(onHistory ?? onDeactivate ?? onDelete);
  if (inlineCount === 0 && !hasMore) return null;
  const actions = (row: ResourceRow) => {
    const label = rowLabel(row);
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
      <RowActions
        rowLabel={label}
        inline={[
          ...(rowLink
            ? [
                {
                  key: 'link',
                  icon: rowLink.icon,
                  text: rowLink.text,
                  label: rowLink.label(row),
                  onClick: () => rowLink.onClick(row),
                },
              ]
            : []),
          ...action('details', 'list-detail-view', 'Details', `Details of ${label}`, onSelect),
          ...action('edit', 'edit', 'Edit', `Edit ${label}`, onEdit),
        ]}
        more={[
          ...action('history', 'history', 'History', `History of ${label}`, onHistory),
          ...action('deactivate', 'disable', 'Deactivate', `Deactivate ${label}`, onDeactivate, {
            disabled: row.isActive === false,
          }),
          ...action('delete', 'trash', 'Delete', `Delete ${label}`, onDelete, {
            intent: Intent.DANGER,
          }),
        ]}
      />
    );
  };
  return { actions, width: rowActionsWidth(inlineCount, hasMore) };
}

/**
 * The list of one kind: the shared DataTable configured from the resource definition, its
 * columns from the kind's fields (`column.hidden` fields offered in the Columns control, not
 * shown by default) and each record's actions frozen first, in reach however wide the record is.
 */
export function ResourceTable(props: ResourceTableProps) {
  const { onSelect, onEdit, onHistory, onDeactivate, onDelete, rowLink } = props;
  const columns = useMemo(() => resourceColumns(props.columns), [props.columns]);
  // The row actions follow the viewer's abilities, which may change live: new handlers, new cells.
  const rowActions = useMemo(
    () => resourceRowActions({ onSelect, onEdit, onHistory, onDeactivate, onDelete, rowLink }),
    [onSelect, onEdit, onHistory, onDeactivate, onDelete, rowLink],
  );
  return (
    <DataTable
      columnsKey={props.columnsKey}
      tableName={props.tableName}
      columns={columns}
      rows={props.rows}
      loading={props.loading}
      sort={props.sort}
      onSort={props.onSort}
      {...(rowActions ? { actions: rowActions.actions, actionsWidth: rowActions.width } : {})}
    />
  );
}
