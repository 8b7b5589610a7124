import type { ReactNode } from 'react';
import { HTMLTable, Icon } from '@blueprintjs/core';
import type { TableColumn, TableSort } from './DataTable.js';

/**
 * A server-sorted page of rows as a plain HTML table: every row in the document (screen readers,
 * find-in-page, tests), sort buttons in the headers. For short pages; long grids use DataTable.
 */
export function PlainTable<Row extends { id: string }>({
  label,
  columns,
  rows,
  sort,
  onSort,
  actions,
}: {
  label: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  sort: TableSort | null;
  onSort: (field: string) => void;
  actions?: (row: Row) => ReactNode;
}) {
  return (
    <HTMLTable striped compact className="allot-wide-table" aria-label={label}>
      <thead>
        <tr>
          {columns.map((c) => {
            const sorted = sort && sort.field === c.sortField ? sort.direction : null;
            return (
              <th
                key={c.key}
                style={{ width: c.width }}
                aria-sort={sorted ? (sorted === 'ASC' ? 'ascending' : 'descending') : undefined}
              >
                {c.sortField ? (
                  <button
                    type="button"
                    className="allot-sort-button"
                    onClick={() => onSort(c.sortField!)}
                  >
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
            {columns.map((c) => (
              <td key={c.key}>{c.render(row)}</td>
            ))}
            {actions && <td className="allot-row-actions">{actions(row)}</td>}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
