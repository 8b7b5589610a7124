import type { ReactNode } from 'react';
import { HTMLTable, Icon } from '@blueprintjs/core';
import type { TableColumn, TableSort } from './DataTable.js';
import './components.css';

/**
 * A page of rows as a plain HTML table: every row in the document (screen readers,
 * find-in-page, tests), sort buttons in the headers of a server-sorted list (`onSort`), the row
 * actions last and, when given, total rows in its footer. For short lists; long grids use
 * DataTable.
 */
export function PlainTable<Row extends { id: string }>({
  label,
  columns,
  rows,
  sort = null,
  onSort,
  actions,
  footer = [],
}: {
  label: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  sort?: TableSort | null;
  /** The list is sorted by the server: a column's `sortField` makes its header a sort button. */
  onSort?: (field: string) => void;
  actions?: ((row: Row) => ReactNode) | undefined;
  /** Rows after the list, in its footer: the totals ("All workgroups"). */
  footer?: readonly Row[];
}) {
  const cells = (row: Row) =>
    columns.map((c) =>
      c.rowHeader ? (
        <th key={c.key} scope="row">
          {c.render(row)}
        </th>
      ) : (
        <td key={c.key}>{c.render(row)}</td>
      ),
    );
  return (
    <HTMLTable striped compact className="allot-wide-table allot-plain-table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((c) => {
            const sorted = sort && sort.field === c.sortField ? sort.direction : null;
            const field = onSort ? c.sortField : undefined;
            return (
              <th
                key={c.key}
                style={{ width: c.width }}
                aria-sort={sorted ? (sorted === 'ASC' ? 'ascending' : 'descending') : undefined}
              >
                {field && onSort ? (
                  <button type="button" className="allot-sort-button" onClick={() => onSort(field)}>
                    {c.label}{' '}
                    <Icon
                      size={12}
                      icon={
                        sorted === 'ASC'
                          ? 'sort-asc'
                          : sorted === 'DESC'
                            ? 'sort-desc'
                            : 'double-caret-vertical'
                      }
                    />
                  </button>
                ) : (
                  c.label
                )}
              </th>
            );
          })}
          {actions && (
            <th>
              <span className="bp6-text-muted">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {cells(row)}
            {actions && <td className="allot-row-actions">{actions(row)}</td>}
          </tr>
        ))}
      </tbody>
      {footer.length > 0 && (
        <tfoot>
          {footer.map((row) => (
            <tr key={row.id}>
              {cells(row)}
              {actions && <td />}
            </tr>
          ))}
        </tfoot>
      )}
    </HTMLTable>
  );
}
