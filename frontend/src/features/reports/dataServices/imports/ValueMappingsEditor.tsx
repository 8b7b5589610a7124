import { Button, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { IMPORT_KINDS, type ImportKindName } from '@allot/shared-events/browser';

export type ValueMappings = Record<string, Record<string, string>>;

/** One value of the file and the name Allot knows it by, in one column. */
export interface ValueLine {
  column: string;
  from: string;
  to: string;
}

export const linesOf = (values: ValueMappings): ValueLine[] =>
  Object.entries(values).flatMap(([column, map]) =>
    Object.entries(map).map(([from, to]) => ({ column, from, to })),
  );

/** The lines filled in on both sides, as the server reads them (a blank line means nothing). */
export const valuesOf = (lines: readonly ValueLine[]): ValueMappings => {
  const values: ValueMappings = {};
  for (const { column, from, to } of lines) {
    if (from.trim() === '' || to.trim() === '') continue;
    values[column] = { ...values[column], [from.trim()]: to.trim() };
  }
  return values;
};

/**
 * The source system's values and the names Allot knows them by, per column ("LEC" → "In
 * Person"): a line each, added and removed; a value is replaced before the cell is read.
 */
export function ValueMappingsEditor({
  kind,
  lines,
  onChange,
}: {
  kind: ImportKindName;
  lines: readonly ValueLine[];
  onChange: (lines: ValueLine[]) => void;
}) {
  const columns = IMPORT_KINDS[kind].columns.filter((c) => c.type !== 'boolean');
  const set = (next: ValueLine[]) => onChange(next);
  return (
    <div className="allot-import-values">
      {lines.length === 0 && (
        <p className="allot-import-muted">
          None. Add one where the file writes a value as its source system knows it (“LEC”) and
          Allot knows it by another name (“In Person”).
        </p>
      )}
      {lines.map((line, i) => {
        const label = columns.find((c) => c.key === line.column)?.label ?? line.column;
        return (
          <div className="allot-import-value" key={`${line.column}-${i}`}>
            <HTMLSelect
              aria-label={`Column of value ${i + 1}`}
              value={line.column}
              onChange={(e) =>
                set(lines.map((l, j) => (j === i ? { ...l, column: e.currentTarget.value } : l)))
              }
            >
              {columns.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.label}
                </option>
              ))}
            </HTMLSelect>
            <InputGroup
              aria-label={`${label}: in the file`}
              placeholder="In the file"
              value={line.from}
              onChange={(e) =>
                set(lines.map((l, j) => (j === i ? { ...l, from: e.currentTarget.value } : l)))
              }
            />
            <span aria-hidden="true">→</span>
            <InputGroup
              aria-label={`${label}: in Allot`}
              placeholder="In Allot"
              value={line.to}
              onChange={(e) =>
                set(lines.map((l, j) => (j === i ? { ...l, to: e.currentTarget.value } : l)))
              }
            />
            <Button
              minimal
              icon="cross"
              aria-label={`Remove value ${i + 1}`}
              onClick={() => set(lines.filter((_, j) => j !== i))}
            />
          </div>
        );
      })}
      <Button
        small
        icon="add"
        text="Add a value"
        onClick={() => set([...lines, { column: columns[0]?.key ?? '', from: '', to: '' }])}
      />
    </div>
  );
}
