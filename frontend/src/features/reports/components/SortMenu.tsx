import { Button, HTMLSelect, Popover } from '@blueprintjs/core';
import type { ReportColumn, ReportSort } from '@allot/shared-events/browser';
import { moved } from '../reportGrid.js';

/**
 * The report's sort as a list, for the keyboard as much as the mouse: each sorted column with its
 * direction, moved up or down (which decides first) or removed, and "Then by" adding a column.
 */
export function SortMenu({
  columns,
  sorts,
  onChange,
}: {
  columns: readonly ReportColumn[];
  sorts: readonly ReportSort[];
  onChange: (sorts: ReportSort[]) => void;
}) {
  const labelOf = (key: string) => columns.find((c) => c.key === key)?.label ?? key;
  const unsorted = columns.filter((c) => !sorts.some((s) => s.column === c.key));
  const summary =
    sorts.length === 0
      ? 'Not sorted'
      : `Sorted by ${sorts.map((s) => labelOf(s.column)).join(', then ')}`;
  return (
    <Popover
      placement="bottom-start"
      shouldReturnFocusOnClose
      content={
        <div className="allot-report-popover allot-report-sorts" role="group" aria-label="Sort">
          {sorts.length === 0 && <p className="bp6-text-muted">The rows are in no set order.</p>}
          <ol>
            {sorts.map((sort, index) => {
              const label = labelOf(sort.column);
              return (
                <li key={sort.column}>
                  <span className="allot-report-sorts__name">
                    {index === 0 ? 'By' : 'Then by'} {label}
                  </span>
                  <HTMLSelect
                    aria-label={`Direction of ${label}`}
                    value={sort.direction}
                    onChange={(e) =>
                      onChange(
                        sorts.map((s, i) =>
                          i === index
                            ? { ...s, direction: e.currentTarget.value === 'desc' ? 'desc' : 'asc' }
                            : s,
                        ),
                      )
                    }
                  >
                    <option value="asc">Ascending</option>
                    <option value="desc">Descending</option>
                  </HTMLSelect>
                  <Button
                    size="small"
                    variant="minimal"
                    icon="arrow-up"
                    aria-label={`Sort by ${label} earlier`}
                    disabled={index === 0}
                    onClick={() => onChange(moved(sorts, index, index - 1))}
                  />
                  <Button
                    size="small"
                    variant="minimal"
                    icon="arrow-down"
                    aria-label={`Sort by ${label} later`}
                    disabled={index === sorts.length - 1}
                    onClick={() => onChange(moved(sorts, index, index + 1))}
                  />
                  <Button
                    size="small"
                    variant="minimal"
                    icon="cross"
                    aria-label={`Stop sorting by ${label}`}
                    onClick={() => onChange(sorts.filter((_, i) => i !== index))}
                  />
                </li>
              );
            })}
          </ol>
          {unsorted.length > 0 && (
            <HTMLSelect
              aria-label={sorts.length === 0 ? 'Sort by' : 'Then sort by'}
              value=""
              onChange={(e) => {
                const column = e.currentTarget.value;
                if (column) onChange([...sorts, { column, direction: 'asc' }]);
              }}
            >
              <option value="">{sorts.length === 0 ? 'Sort by…' : 'Then by…'}</option>
              {unsorted.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </HTMLSelect>
          )}
        </div>
      }
    >
      <Button
        size="small"
        variant="minimal"
        icon="sort"
        endIcon="caret-down"
        text="Sort"
        aria-label={`Sort: ${summary}`}
      />
    </Popover>
  );
}
