import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import type { ImportColumn } from '@allot/shared-events/browser';

/**
 * Which of a file's headings fills each column of an import (a record kind's, or a payroll
 * file's), changed by choosing another; "Not imported" leaves the column out.
 */
export function ColumnMapping({
  columns,
  headings,
  mapping,
  idPrefix,
  onChange,
}: {
  columns: readonly ImportColumn[];
  headings: readonly string[];
  mapping: Readonly<Record<string, string | null>>;
  /** Makes each select's id unique on the page (`<idPrefix>-<column key>`). */
  idPrefix: string;
  onChange: (mapping: Record<string, string | null>) => void;
}) {
  return (
    <div className="allot-import-mapping">
      {columns.map((column) => (
        <FormGroup
          key={column.key}
          inline
          label={column.required ? `${column.label} (required)` : column.label}
          labelFor={`${idPrefix}-${column.key}`}
          helperText={column.help || undefined}
        >
          <HTMLSelect
            id={`${idPrefix}-${column.key}`}
            value={mapping[column.key] ?? ''}
            onChange={(e) => onChange({ ...mapping, [column.key]: e.currentTarget.value || null })}
          >
            <option value="">Not imported</option>
            {headings.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ))}
    </div>
  );
}
