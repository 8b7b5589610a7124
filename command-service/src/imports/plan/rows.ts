import {
  parseCell,
  type CellValue,
  type ImportColumn,
  type ImportKind,
} from '@allot/shared-events';

/** One row of the file: its line number (the headings are line 1) and its cells by column key. */
export interface SourceRow {
  row: number;
  cells: Readonly<Record<string, string>>;
}

/** What is wrong with a row, in words, and where (a column's heading; null: the whole row). */
export interface Problem {
  row: number;
  column: string | null;
  message: string;
}

/** A field the import would change: its words, and the value before and after. */
export interface Change {
  label: string;
  from: string;
  to: string;
}

export interface PlannedCommand {
  name: string;
  payload: Record<string, unknown>;
}

/**
 * What the run does with a record: a row's record is created, updated, left unchanged or
 * refused; a record of the file's scope that no row names is `missing` (reported, kept) or, when
 * the saved import says so, `remove`d.
 */
export type PlannedAction = 'create' | 'update' | 'unchanged' | 'refused' | 'missing' | 'remove';

/** What importing one record means: the rows it came from, what changes, the commands it takes. */
export interface PlannedRecord {
  /** The record as the file names it ("BIO 101 · 2026–2027 · Fall · In person · 001"). */
  key: string;
  rows: number[];
  action: PlannedAction;
  changes: Change[];
  problems: Problem[];
  commands: PlannedCommand[];
  /** The record in Allot the rows name (an assignment: its id), null when they name a new one. */
  matched?: string | null;
  /** The rows do not say which record they are about (a key cell empty or naming nothing). */
  keyUnread?: boolean;
}

/**
 * Reads one row's cells by column key: typed by the column, refused in words per cell. Each
 * problem names the row and the column as the template heads it.
 */
export class RowReader {
  readonly problems: Problem[] = [];
  private readonly columns: Map<string, ImportColumn>;

  constructor(
    kind: Pick<ImportKind, 'columns'>,
    readonly source: SourceRow,
  ) {
    this.columns = new Map(kind.columns.map((c) => [c.key, c]));
  }

  private column(key: string): ImportColumn {
    const column = this.columns.get(key);
    if (!column) throw new Error(`No column ${key}`);
    return column;
  }

  /** Whether the file fills this column at all (an unmapped column changes nothing). */
  has(key: string): boolean {
    return key in this.source.cells;
  }

  /** The cell's text, trimmed; null when empty or not in the file. */
  text(key: string): string | null {
    const value = this.source.cells[key]?.trim() ?? '';
    return value === '' ? null : value;
  }

  refuse(key: string | null, message: string): void {
    this.problems.push({
      row: this.source.row,
      column: key === null ? null : this.column(key).label,
      message,
    });
  }

  /** The cell as its column's type; null when empty (refused when the column is required). */
  value(key: string): CellValue | null {
    const column = this.column(key);
    const raw = this.text(key);
    if (raw === null) {
      if (column.required) this.refuse(key, `${column.label} is required.`);
      return null;
    }
    const parsed = parseCell(column.type, raw);
    if ('error' in parsed) {
      this.refuse(key, parsed.error);
      return null;
    }
    return parsed.value;
  }

  /** The record a cell names, through `find`; refused in words when nothing answers to it. */
  ref(key: string, find: (name: string) => string | null, what: string): string | null {
    const name = this.text(key);
    if (name === null) {
      if (this.column(key).required) this.refuse(key, `${this.column(key).label} is required.`);
      return null;
    }
    const id = find(name);
    if (id === null) this.refuse(key, `No ${what} is called "${name}".`);
    return id;
  }

  /** Several records a cell names, separated by semicolons. */
  refs(key: string, find: (name: string) => string | null, what: string): string[] | null {
    const names = this.value(key);
    if (!Array.isArray(names)) return null;
    const ids: string[] = [];
    for (const name of names as string[]) {
      const id = find(name);
      if (id === null) this.refuse(key, `No ${what} is called "${name}".`);
      else ids.push(id);
    }
    return ids;
  }
}

/** A value as the preview shows it: empty as "(empty)", lists joined, yes and no. */
export function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.length === 0 ? '(empty)' : value.join('; ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Equal as stored: order of list items and absent versus null do not count. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown => {
    if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return null;
    if (Array.isArray(v)) return (v as unknown[]).map(String).sort();
    return v;
  };
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}
