import type { ReactNode } from 'react';
import { HTMLTable, Icon } from '@blueprintjs/core';
import type { TableColumn, TableSort } from './DataTable.js';
import './components.css';

/**
 * A page of rows as a plain HTML table: every row in the document (screen readers,
 * find-in-page, tests), sort buttons in the headers of a server-sorted list (`onSort`), the row
 * actions last and, when given, total rows in its footer, each named by its first cell. A
 * column's `colSpan` lets a cell span the columns after it (a "Total" over the columns before the
 * sum). For short lists; long grids use DataTable. On a phone each row is a card, each cell under
 * its column's name (components.css), so nothing runs off the screen.
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
  /** Rows after the list, in its footer: the totals ("All workgroups"), named by their first cell. */
  footer?: readonly Row[];
}) {
  const cells = (row: Row, inFooter: boolean) => {
    const drawn: ReactNode[] = [];
    // The columns a spanning cell covers draw none of their own.
    let covered = 0;
    columns.forEach((c, i) => {
      if (covered > 0) {
        covered -= 1;
        return;
      }
      const span = Math.min(Math.max(1, c.colSpan?.(row) ?? 1), columns.length - i);
      covered = span - 1;
      const colSpan = span > 1 ? span : undefined;
      drawn.push(
        c.rowHeader || (inFooter && i === 0) ? (
          <th key={c.key} scope="row" colSpan={colSpan} data-label={c.label}>
            {c.render(row)}
          </th>
        ) : (
          <td key={c.key} colSpan={colSpan} data-label={c.label}>
            {c.render(row)}
          </td>
        ),
      );
    });
    return drawn;
  };
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
            {cells(row, false)}
            {actions && <td className="allot-row-actions">{actions(row)}</td>}
          </tr>
        ))}
      </tbody>
      {footer.length > 0 && (
        <tfoot>
          {footer.map((row) => (
            <tr key={row.id}>
              {cells(row, true)}
              {actions && <td />}
            </tr>
          ))}
        </tfoot>
      )}
    </HTMLTable>
  );
}
